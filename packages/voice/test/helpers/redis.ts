import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@hikma/service-kit/testing';

/** Why the Redis tests are skipped (redis-server is not installed), or false. */
export const REDIS_MISSING: string | false =
  spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0
    ? false
    : 'redis-server is not installed (scripts/setup.sh installs it: apt-get install redis-server)';

const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * A throwaway `redis-server` on a free port: no persistence, data in a temp dir. `stop()`
 * and `start()` again keep the port, so clients can reconnect to a restarted (empty) Redis.
 */
export class RedisServer {
  private child: ChildProcess | null = null;
  private readonly dir = mkdtempSync(join(tmpdir(), 'voice-redis-'));

  private constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts a server on a free port and waits until it accepts connections. */
  static async start(): Promise<RedisServer> {
    const server = new RedisServer(await freePort());
    await server.start();
    return server;
  }

  async start(): Promise<void> {
    if (this.child) return;
    const child = spawn(
      'redis-server',
      [
        '--port',
        String(this.port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--dir',
        this.dir,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    this.child = child;
    running.add(child);
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`redis-server did not start:\n${output}`)),
        10_000,
      );
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited (${code}):\n${output}`));
      });
    });
    child.stdout!.resume();
    child.stderr!.resume();
  }

  /** Stops the server (SIGKILL: as abrupt as a crash) and waits for it to exit. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = null;
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    }
    running.delete(child);
  }

  /** Freezes the server (SIGSTOP): connections stay open but nothing is answered. */
  pause(): void {
    this.child?.kill('SIGSTOP');
  }

  /** Lets a paused server go on (SIGCONT). */
  resume(): void {
    this.child?.kill('SIGCONT');
  }

  /** Stops the server and removes its directory. */
  async close(): Promise<void> {
    await this.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
