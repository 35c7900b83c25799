import { spawn } from 'node:child_process';
import { VoiceError } from '../../errors.ts';

/** How to run a synthesiser process. */
export interface RunOptions {
  /** Written to the process's stdin, which is then closed. */
  input?: string;
  /** Kills the process; the iteration then ends quietly. */
  signal: AbortSignal;
  timeoutMs: number;
}

/**
 * Runs a command and yields its stdout as it arrives. Ends quietly when `signal` aborts (the
 * process is killed at once); throws `tts_unavailable` if the command is missing, fails or
 * times out. The process never outlives the iteration.
 */
export async function* runProcess(
  command: string,
  args: string[],
  options: RunOptions,
): AsyncGenerator<Buffer> {
  const { signal } = options;
  if (signal.aborted) return;
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
  let spawnError: Error | undefined;
  let timedOut = false;
  let stderr = '';
  const exited = new Promise<number | null>((resolve) => {
    child.once('error', (err) => {
      spawnError = err;
      resolve(null);
    });
    child.once('close', (code) => resolve(code));
  });
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  const timer = setTimeout(() => {
    timedOut = true;
    kill();
  }, options.timeoutMs);
  signal.addEventListener('abort', kill, { once: true });
  child.stderr.on('data', (d: Buffer) => {
    if (stderr.length < 2000) stderr += d.toString();
  });
  child.stdin.on('error', () => undefined); // EPIPE when the process dies first
  child.stdin.end(options.input);
  try {
    for await (const chunk of child.stdout) {
      if (signal.aborted) return;
      yield chunk as Buffer;
    }
    const code = await exited;
    if (signal.aborted) return;
    if (spawnError) {
      const missing = (spawnError as NodeJS.ErrnoException).code === 'ENOENT';
      throw new VoiceError(
        'tts_unavailable',
        missing ? `${command} is not installed` : `${command}: ${spawnError.message}`,
        {
          cause: spawnError,
        },
      );
    }
    if (timedOut)
      throw new VoiceError(
        'tts_unavailable',
        `${command} took longer than ${options.timeoutMs} ms`,
      );
    if (code !== 0)
      throw new VoiceError('tts_unavailable', `${command} failed (exit ${code}): ${stderr.trim()}`);
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', kill);
    kill();
  }
}
