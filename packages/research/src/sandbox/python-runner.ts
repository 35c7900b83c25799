// Runs a generated Python project inside namespaces (no network, own pids) under resource
// limits and a wall-clock timeout. It is not a filesystem jail: see README.md for what is and
// is not contained.
import { mkdir, realpath } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { ResultMissingError } from './errors.ts';
import { readHostNamespaces, sandboxArgs } from './isolation.ts';
import { resolveLimits, type SandboxLimits } from './limits.ts';
import { validateProject, type ProjectFile } from './project-files.ts';
import { resolvePython } from './python-interpreter.ts';
import { ensureRealDir, readFileInside, writeFileInside } from './safe-fs.ts';
import { runSandboxProcess, type SandboxRunResult } from './sandbox-process.ts';

export type { SandboxRunResult } from './sandbox-process.ts';

/** What to run and how. */
export interface RunOptions {
  files: ProjectFile[];
  /** Entry script, one of `files`, e.g. 'main.py'. */
  entry: string;
  /** Created if missing; the files are written there and the run's cwd and HOME point to it. */
  workDir: string;
  limits?: Partial<SandboxLimits>;
  signal?: AbortSignal;
  /** Interpreter name or path; default 'python3' (resolved once to the real binary). */
  python?: string;
  /** The unshare binary; default 'unshare', looked up on the sandbox's PATH (…:/usr/bin:/bin). */
  unshare?: string;
}

/**
 * Writes the project into workDir and runs its entry isolated (fresh user, network, pid, mount
 * and IPC namespaces) under limits; throws SandboxUnavailableError rather than run unisolated.
 */
export async function runPythonProject(options: RunOptions): Promise<SandboxRunResult> {
  validateProject(options.files, options.entry);
  const limits = resolveLimits(options.limits);
  if (options.signal?.aborted) return notStarted(resolve(options.workDir));
  const [python, hostNamespaces] = await Promise.all([
    resolvePython(options.python),
    readHostNamespaces(),
  ]);
  const workDir = await prepareWorkDir(options.workDir, options.files);
  if (options.signal?.aborted) return notStarted(workDir);
  const env = sandboxEnv(python, workDir);
  const args = sandboxArgs(python, { entry: options.entry, workDir, limits, hostNamespaces });
  return runSandboxProcess({
    command: options.unshare ?? 'unshare',
    args,
    env,
    workDir,
    limits,
    signal: options.signal,
  });
}

/**
 * Reads a file the run wrote (e.g. 'results.json') as UTF-8, refusing paths that leave workDir
 * or go through a symlink; throws ResultMissingError when the run did not write it.
 */
export async function readResultFile(
  workDir: string,
  name: string,
  maxBytes: number,
): Promise<string> {
  const root = await realpath(workDir).catch(() => {
    throw new ResultMissingError(`work directory "${workDir}" does not exist`);
  });
  const text = await readFileInside(root, name, maxBytes);
  if (text === null) throw new ResultMissingError(`the run did not write "${name}"`);
  return text;
}

async function prepareWorkDir(requested: string, files: ProjectFile[]): Promise<string> {
  await mkdir(requested, { recursive: true, mode: 0o755 });
  const workDir = await realpath(requested);
  for (const file of files) await writeFileInside(workDir, file.path, file.content);
  await ensureRealDir(workDir, 'tmp');
  return workDir;
}

function sandboxEnv(python: string, workDir: string): Record<string, string> {
  return {
    PATH: `${dirname(python)}:/usr/local/bin:/usr/bin:/bin`,
    HOME: workDir,
    LANG: 'C.UTF-8',
    TMPDIR: join(workDir, 'tmp'),
    PYTHONHASHSEED: '0',
    // Output reaches the pipe as it is printed, so a killed run still shows its last lines.
    PYTHONUNBUFFERED: '1',
    // One BLAS/OpenMP thread: predictable CPU use, and thread pools would eat the process limit.
    OPENBLAS_NUM_THREADS: '1',
    OMP_NUM_THREADS: '1',
    MKL_NUM_THREADS: '1',
  };
}

/** The result of a run cancelled before it started. */
function notStarted(workDir: string): SandboxRunResult {
  return {
    exitCode: null,
    signal: null,
    timedOut: false,
    cancelled: true,
    durationMs: 0,
    stdout: '',
    stderr: '',
    stdoutTruncated: false,
    stderrTruncated: false,
    workDir,
  };
}
