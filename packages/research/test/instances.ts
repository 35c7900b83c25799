import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { metricValue } from './metrics-helpers.ts';
import { freePort } from '@hikma/service-kit/testing';

/** A research service running as its own process, as a deployment runs it. */
export interface Instance {
  name: string;
  api: string;
  process: ChildProcess;
  /** Everything it wrote to stderr (for failure messages). */
  stderr(): string;
  /** Kills it at once, without any shutdown (a crashed machine). */
  kill(): void;
  /** Stops it with SIGTERM and waits for it to exit. */
  stop(): Promise<void>;
}

const MAIN = new URL('../src/main.ts', import.meta.url).pathname;

/** Starts `src/main.ts` with `env` on a free port and waits until it answers /health. */
export async function startInstance(name: string, env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), `research-${name}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
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
  child.stderr!.on(
    'data',
    (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-20_000)),
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  exited.then(() => rmSync(dataDir, { recursive: true, force: true }));
  const api = `http://127.0.0.1:${port}/api`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited at start:\n${stderr}`);
    const ok = await fetch(`${api}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`${name} did not start:\n${stderr}`);
    await sleep(100);
  }
  return {
    name,
    api,
    process: child,
    stderr: () => stderr,
    kill: () => void child.kill('SIGKILL'),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** This instance's runs executing now (its run slots in use). */
export async function runsExecuting(instance: Instance): Promise<number> {
  const text = await fetch(`${instance.api}/metrics`).then((r) => r.text());
  return metricValue(text, 'research_slots_in_use', { kind: 'run' }) ?? NaN;
}
