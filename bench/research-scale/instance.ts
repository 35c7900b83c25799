// One research service as its own process (`packages/research/src/main.ts`), as a deployment
// runs it; the idea of packages/research/test/instances.ts, without loading the service's code
// into the benchmark process.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../../packages/service-kit/src/testing.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const MAIN = join(root, 'packages/research/src/main.ts');
const STARTUP_LIMIT_MS = 60_000;

/** A running service process. */
export interface Instance {
  name: string;
  /** e.g. http://127.0.0.1:41234/api */
  api: string;
  pid: number;
  process: ChildProcess;
  /** Its data dir (removed once it exits). */
  dataDir: string;
  /** The last 20,000 characters it wrote to stderr. */
  stderr(): string;
  /** Whether it exited without being asked to. */
  crashed(): boolean;
  /** SIGTERM, then SIGKILL after 15 s; resolves once it has exited and its data dir is gone. */
  stop(): Promise<void>;
}

/** Processes started here and not yet exited: killed, and their data dirs removed, at exit. */
const live = new Map<ChildProcess, string>();
process.on('exit', () => {
  for (const [child, dataDir] of live) {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
});

/** Starts the service with `env` in a fresh data dir and waits until /api/readyz answers 200. */
export async function startInstance(name: string, env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), `bench-scale-${name}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: root,
    env: {
      ...process.env,
      RESEARCH_PORT: String(port),
      RESEARCH_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-20_000);
  });
  live.set(child, dataDir);
  let stopping = false;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => {
    live.delete(child);
    rmSync(dataDir, { recursive: true, force: true });
  });
  const api = `http://127.0.0.1:${port}/api`;
  const deadline = Date.now() + STARTUP_LIMIT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited at start:\n${stderr}`);
    const ready = await fetch(`${api}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${name} was not ready within ${STARTUP_LIMIT_MS} ms:\n${stderr}`);
    }
    await sleep(100);
  }
  return {
    name,
    api,
    pid: child.pid!,
    process: child,
    dataDir,
    stderr: () => stderr,
    crashed: () => !stopping && (child.exitCode !== null || child.signalCode !== null),
    async stop() {
      stopping = true;
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(killer);
      }
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
