// One research service as a child process (`tsx packages/research/src/main.ts`), its LLM
// pointed at a chaos server, restarted if it dies; the benchmark counts each death.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../../packages/service-kit/src/testing.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const STARTUP_LIMIT_MS = 60_000;

export class ServiceProcess {
  readonly dataDir = mkdtempSync(join(tmpdir(), 'bench-chaos-'));
  api = '';
  /** Exits the benchmark did not ask for. */
  crashes = 0;
  private child: ChildProcess | null = null;
  private stopping = false;

  constructor(private readonly env: Record<string, string>) {}

  /** Starts the service and waits until /api/health answers. */
  async start(): Promise<void> {
    const port = await freePort();
    this.api = `http://127.0.0.1:${port}/api`;
    const log = createWriteStream(join(this.dataDir, 'service.log'), { flags: 'a' });
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(root, 'packages/research/src/main.ts')],
      {
        cwd: root,
        env: {
          ...process.env,
          ...this.env,
          RESEARCH_PORT: String(port),
          RESEARCH_DATA_DIR: this.dataDir,
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child.stdout!.pipe(log);
    child.stderr!.pipe(log);
    child.once('exit', () => {
      if (this.child === child) this.child = null;
      if (!this.stopping) this.crashes++;
    });
    this.child = child;
    const deadline = Date.now() + STARTUP_LIMIT_MS;
    while (Date.now() < deadline) {
      if (this.child !== child) throw new Error(`the service exited on start; see ${this.dataDir}`);
      const ok = await fetch(`${this.api}/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      await sleep(200);
    }
    throw new Error(`the service did not start within ${STARTUP_LIMIT_MS} ms`);
  }

  /** True while the child process runs. */
  get alive(): boolean {
    return this.child !== null;
  }

  /** Restarts a service that died (it resumes its interrupted runs). */
  async ensureRunning(): Promise<void> {
    if (!this.alive) await this.start();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    const child = this.child;
    if (!child) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, sleep(10_000)]);
    if (this.child) child.kill('SIGKILL');
  }
}
