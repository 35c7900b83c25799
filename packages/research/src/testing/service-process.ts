// The research service as its own process (`src/main.ts`), as a deployment runs it: for tests
// and benchmarks that start, kill and restart it. Nothing of the service is loaded into the
// caller's process.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '@hikma/service-kit/testing';

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));
const ROOT = join(dirname(MAIN), '..', '..', '..');
/** How much of its stderr is kept for failure messages. */
const STDERR_TAIL = 20_000;
/** How long a stopping process may take before it is killed. */
const STOP_GRACE_MS = 15_000;

export interface ResearchProcessOptions {
  name: string;
  /** Settings beside the port and data dir (LOG_LEVEL defaults to `warn`). */
  env?: Record<string, string>;
  /**
   * The data dir: given, it is kept (a restart finds its runs there); by default a fresh one,
   * removed once the process has exited.
   */
  dataDir?: string;
  /** The port; by default a free one. */
  port?: number;
  /**
   * What must answer 200 before it counts as started: `health` (it listens) or `readyz`
   * (its store and queue are ready too).
   */
  ready?: 'health' | 'readyz';
  /** A file its stdout and stderr are appended to; by default stdout is dropped. */
  logFile?: string;
  startupLimitMs?: number;
}

export interface ResearchProcess {
  name: string;
  /** e.g. http://127.0.0.1:41234/api */
  api: string;
  port: number;
  pid: number;
  process: ChildProcess;
  dataDir: string;
  /** The last 20,000 characters it wrote to stderr. */
  stderr(): string;
  /** Whether it exited without `stop()` asking it to. */
  crashed(): boolean;
  /** Resolves once it has exited. */
  exited: Promise<void>;
  /** SIGKILL, no shutdown at all (a crashed machine). */
  kill(): void;
  /** SIGTERM, SIGKILL if it has not exited 15 s later; resolves once it has exited. */
  stop(): Promise<void>;
}

/** Processes started here and still running, with the data dir to remove: killed at exit. */
const live = new Map<ChildProcess, string | undefined>();
process.on('exit', () => {
  for (const [child, ownDataDir] of live) {
    child.kill('SIGKILL');
    if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
  }
});

/** Starts the service and waits until it answers; throws with its stderr if it does not. */
export async function startResearchProcess(
  options: ResearchProcessOptions,
): Promise<ResearchProcess> {
  const { name, ready = 'health', startupLimitMs = 60_000 } = options;
  const port = options.port ?? (await freePort());
  const ownDataDir = options.dataDir ? undefined : mkdtempSync(join(tmpdir(), `research-${name}-`));
  const dataDir = options.dataDir ?? ownDataDir!;
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      ...options.env,
      RESEARCH_PORT: String(port),
      RESEARCH_DATA_DIR: dataDir,
    },
    stdio: ['ignore', options.logFile ? 'pipe' : 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-STDERR_TAIL);
  });
  if (options.logFile) {
    const log = createWriteStream(options.logFile, { flags: 'a' });
    child.stdout!.pipe(log);
    child.stderr!.pipe(log);
  }
  live.set(child, ownDataDir);
  let stopping = false;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => {
    live.delete(child);
    if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
  });
  const api = `http://127.0.0.1:${port}/api`;
  const deadline = Date.now() + startupLimitMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited at start:\n${stderr}`);
    const ok = await fetch(`${api}/${ready}`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${name} did not answer /${ready} within ${startupLimitMs} ms:\n${stderr}`);
    }
    await sleep(100);
  }
  return {
    name,
    api,
    port,
    pid: child.pid!,
    process: child,
    dataDir,
    stderr: () => stderr,
    crashed: () => !stopping && (child.exitCode !== null || child.signalCode !== null),
    exited,
    kill: () => void child.kill('SIGKILL'),
    async stop() {
      stopping = true;
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const killer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
        await exited;
        clearTimeout(killer);
      }
      await exited;
    },
  };
}
