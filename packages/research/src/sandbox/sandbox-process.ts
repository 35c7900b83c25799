// Runs the sandbox command (unshare -> bootstrap -> entry) and turns what happens into a
// result: output tails, the status the bootstrap reports on fd 3, timeout and cancellation.
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import type { Readable } from 'node:stream';
import { SandboxUnavailableError } from './errors.ts';
import type { SandboxLimits } from './limits.ts';
import { TailBuffer } from './tail-buffer.ts';

/** Outcome of a sandboxed run. */
export interface SandboxRunResult {
  /** The entry's exit code; null when it was killed by a signal. */
  exitCode: number | null;
  /** e.g. 'SIGXCPU' (CPU limit) or 'SIGKILL' (timeout, cancel, hard limits). */
  signal: string | null;
  timedOut: boolean;
  cancelled: boolean;
  durationMs: number;
  stdout: string;
  stderr: string;
  stdoutTruncated: boolean;
  stderrTruncated: boolean;
  /** Absolute, symlink-free path of the work directory. */
  workDir: string;
}

// After a kill the namespace dies with its pid 1 and the pipes close; this only guards against
// a stream that stays open anyway, so that a run can never hang.
const CLOSE_GRACE_MS = 2_000;

/** How to start the sandbox; `args` come from isolation.ts. */
export interface SandboxProcessOptions {
  command: string;
  args: string[];
  env: Record<string, string>;
  workDir: string;
  limits: Readonly<SandboxLimits>;
  signal: AbortSignal | undefined;
}

type StatusEvent =
  | { event: 'ready' }
  | { event: 'exit'; code: number }
  | { event: 'signal'; signal: string }
  | { event: 'error'; message: string };

function parseStatus(text: string): StatusEvent[] {
  const events: StatusEvent[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    try {
      events.push(JSON.parse(line) as StatusEvent);
    } catch {
      // Only the bootstrap writes this pipe; a torn line means it was killed mid-write.
    }
  }
  return events;
}

/**
 * Spawns the sandbox in its own process group and settles when it has ended, killing the whole
 * group on timeout or abort; rejects with SandboxUnavailableError if isolation never came up.
 */
export function runSandboxProcess(options: SandboxProcessOptions): Promise<SandboxRunResult> {
  const { command: unshare, args, env, workDir, limits, signal } = options;
  return new Promise((resolvePromise, reject) => {
    const started = performance.now();
    // detached: its own process group, so one kill reaches unshare and everything under it.
    const child = spawn(unshare, args, {
      cwd: workDir,
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
    });
    const stdout = new TailBuffer(limits.maxOutputBytes);
    const stderr = new TailBuffer(limits.maxOutputBytes);
    const statusChunks: Buffer[] = [];
    const status = child.stdio[3] as Readable;
    let timedOut = false;
    let cancelled = false;
    let spawnError: Error | null = null;
    let graceTimer: NodeJS.Timeout | undefined;

    child.stdout!.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr!.on('data', (chunk: Buffer) => stderr.push(chunk));
    status.on('data', (chunk: Buffer) => statusChunks.push(chunk));

    const killAll = () => {
      if (child.pid === undefined) return;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // ESRCH: the group is already gone.
      }
      graceTimer ??= setTimeout(() => {
        for (const stream of [child.stdout, child.stderr, status]) stream?.destroy();
      }, CLOSE_GRACE_MS);
    };
    const onAbort = () => {
      cancelled = true;
      killAll();
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killAll();
    }, limits.timeoutMs);
    signal?.addEventListener('abort', onAbort, { once: true });

    child.on('error', (err) => {
      spawnError = err;
    });
    child.on('close', (code, closeSignal) => {
      clearTimeout(timer);
      clearTimeout(graceTimer);
      signal?.removeEventListener('abort', onAbort);
      const durationMs = Math.round(performance.now() - started);
      if (spawnError) {
        return reject(
          new SandboxUnavailableError(`cannot start ${unshare}: ${spawnError.message}`, {
            cause: spawnError,
          }),
        );
      }
      const events = parseStatus(Buffer.concat(statusChunks).toString('utf8'));
      const failure = events.find((e) => e.event === 'error');
      if (failure)
        return reject(new SandboxUnavailableError(`sandbox is not isolated: ${failure.message}`));
      const ready = events.some((e) => e.event === 'ready');
      if (!ready && !timedOut && !cancelled) {
        const detail = stderr.text().trim().slice(-2000);
        return reject(
          new SandboxUnavailableError(
            `sandbox did not start (${unshare} exited with ${code ?? closeSignal}): ${detail}`,
          ),
        );
      }
      const end = events.find((e) => e.event === 'exit' || e.event === 'signal');
      resolvePromise({
        exitCode: end ? (end.event === 'exit' ? end.code : null) : code,
        signal: end ? (end.event === 'signal' ? end.signal : null) : closeSignal,
        timedOut,
        cancelled,
        durationMs,
        stdout: stdout.text(),
        stderr: stderr.text(),
        stdoutTruncated: stdout.truncated,
        stderrTruncated: stderr.truncated,
        workDir,
      });
    });
  });
}
