import { spawn } from 'node:child_process';
import { access, constants } from 'node:fs/promises';
import { delimiter, join } from 'node:path';

/** Output beyond this many characters is dropped from the front; the end has the errors. */
const MAX_OUTPUT_CHARS = 200_000;
/** After killing a timed-out group, wait at most this long for its pipes to close. */
const KILL_GRACE_MS = 2_000;

export interface ProcessResult {
  code: number | null;
  timedOut: boolean;
  /** stdout and stderr interleaved, truncated from the front. */
  output: string;
}

export interface RunOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
  signal?: AbortSignal;
}

/** The absolute path of an executable found on a PATH-style list, or null. */
export async function findExecutable(name: string, searchPath: string): Promise<string | null> {
  for (const dir of searchPath.split(delimiter)) {
    if (dir === '') continue;
    const candidate = join(dir, name);
    try {
      await access(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this directory
    }
  }
  return null;
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted', 'AbortError');
}

/**
 * Runs a command in its own process group with no stdin. On timeout or abort the whole
 * group is killed, since latexmk leaves pdflatex/bibtex children that would keep running.
 * Resolves with the exit code on timeout too; rejects only when `signal` aborts.
 */
export function runProcess(
  command: string,
  args: string[],
  options: RunOptions,
): Promise<ProcessResult> {
  const { signal } = options;
  if (signal?.aborted) return Promise.reject(abortError(signal));
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    let timedOut = false;
    let settled = false;
    const append = (chunk: Buffer): void => {
      output += chunk.toString('utf8');
      if (output.length > MAX_OUTPUT_CHARS * 2) output = output.slice(-MAX_OUTPUT_CHARS);
    };
    child.stdout.on('data', append);
    child.stderr.on('data', append);

    const killGroup = (): void => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
      // A grandchild that escaped the group could hold the pipes open; do not wait forever.
      setTimeout(() => finish(null), KILL_GRACE_MS).unref();
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, options.timeoutMs);
    const onAbort = (): void => {
      killGroup();
      if (!settled) {
        settled = true;
        cleanup();
        reject(abortError(signal!));
      }
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    const cleanup = (): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    const finish = (code: number | null): void => {
      if (settled) return;
      settled = true;
      cleanup();
      resolve({ code, timedOut, output: output.slice(-MAX_OUTPUT_CHARS) });
    };
    child.on('error', (err) => {
      append(Buffer.from(`${err.message}\n`));
      finish(null);
    });
    child.on('close', (code) => finish(timedOut ? null : code));
  });
}
