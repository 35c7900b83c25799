// Static check of a generated project before it runs. Python's own `ast` parses the files so
// that syntax errors and line numbers are exactly what the interpreter would report.
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { CheckFailedError } from './errors.ts';
import { checkerPolicy } from './policy.ts';
import { validateProject, type ProjectFile } from './project-files.ts';
import { resolvePython } from './python-interpreter.ts';

/** One finding of the static check. */
export const ProjectViolation = z.object({
  file: z.string(),
  line: z.number().int(),
  kind: z.enum(['import', 'call', 'reflection', 'syntax']),
  name: z.string(),
  message: z.string(),
});
export type ProjectViolation = z.infer<typeof ProjectViolation>;

const CHECK_TIMEOUT_MS = 20_000;
const MAX_CHECKER_OUTPUT_BYTES = 4 * 1024 * 1024;
const checkerSource = new URL('./import-check.py', import.meta.url);

/**
 * Lists policy violations in a project: imports outside the standard library and NumPy (or
 * denied ones such as socket and subprocess), eval/exec and process functions, literal paths
 * leaving the project, and syntax errors. Empty means the project may run.
 */
export async function checkProject(
  files: ProjectFile[],
  options: { python?: string } = {},
): Promise<ProjectViolation[]> {
  validateProject(files);
  const [python, source] = await Promise.all([
    resolvePython(options.python).catch((err: unknown) => {
      throw new CheckFailedError(err instanceof Error ? err.message : String(err), { cause: err });
    }),
    readFile(checkerSource, 'utf8'),
  ]);
  const input = JSON.stringify({
    files: files.map(({ path, content }) => ({ path, content })),
    policy: checkerPolicy(),
  });
  const output = await runChecker(python, source, input);
  let parsed: unknown;
  try {
    parsed = JSON.parse(output);
  } catch (err) {
    throw new CheckFailedError(`checker printed invalid JSON: ${output.slice(0, 200)}`, {
      cause: err,
    });
  }
  const violations = z.array(ProjectViolation).parse(parsed);
  return violations.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

function runChecker(python: string, source: string, input: string): Promise<string> {
  return new Promise((resolve, reject) => {
    // -I: the checker must not pick up PYTHONPATH or a sitecustomize from the service's env.
    const child = spawn(python, ['-I', '-c', source], { stdio: ['pipe', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    let stdoutBytes = 0;
    let failure: Error | null = null;
    const timer = setTimeout(() => {
      failure = new CheckFailedError(`checker did not finish within ${CHECK_TIMEOUT_MS} ms`);
      child.kill('SIGKILL');
    }, CHECK_TIMEOUT_MS);

    child.stdout.on('data', (chunk: Buffer) => {
      stdoutBytes += chunk.length;
      if (stdoutBytes > MAX_CHECKER_OUTPUT_BYTES && !failure) {
        failure = new CheckFailedError('checker output exceeds its limit');
        child.kill('SIGKILL');
      }
      stdout.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.on('error', (err) => {
      failure ??= new CheckFailedError(`cannot start checker: ${err.message}`, { cause: err });
    });
    // A checker that exits early closes stdin; the 'close' handler reports the real reason.
    child.stdin.on('error', () => {});
    child.stdin.end(input);

    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (failure) return reject(failure);
      if (code !== 0) {
        const detail = Buffer.concat(stderr).toString('utf8').slice(-2000);
        return reject(new CheckFailedError(`checker exited with ${code ?? signal}: ${detail}`));
      }
      resolve(Buffer.concat(stdout).toString('utf8'));
    });
  });
}
