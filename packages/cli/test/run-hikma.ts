import { Readable } from 'node:stream';
import { main } from '../src/main.ts';

/**
 * Runs `hikma <args>` in-process in `cwd`, with `input` as its standard input (lines a user
 * would type), and returns its exit code and what it wrote.
 */
export async function runHikma(
  cwd: string,
  args: string[],
  input: string[] = [],
): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(
    ['node', 'hikma', ...args],
    {
      stdout: { write: (s: string) => (stdout += s) },
      stderr: { write: (s: string) => (stderr += s) },
      stdin: Readable.from(input),
      cwd,
    },
    {},
  );
  return { code, stdout, stderr };
}
