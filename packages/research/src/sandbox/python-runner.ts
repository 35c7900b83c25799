// Runs a generated Python project inside namespaces (no network, own pids) and a filesystem
// jail, under resource limits and a wall-clock timeout. See README.md for what is and is not
// contained.
import { mkdir, realpath } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { ResultMissingError } from './errors.ts';
import { readHostNamespaces, sandboxArgs } from './isolation.ts';
import { hostFacts, JAIL_TMP_DIR, JAIL_WORK_DIR, planJail } from './jail.ts';
import { resolveLimits, type SandboxLimits } from './limits.ts';
import { validateProject, type ProjectFile } from './project-files.ts';
import { describePython } from './python-interpreter.ts';
import { readFileInside, writeFileInside } from './safe-fs.ts';
import { runSandboxProcess, type SandboxRunResult } from './sandbox-process.ts';

export type { SandboxRunResult } from './sandbox-process.ts';

/** What to run and how. */
export interface RunOptions {
  files: ProjectFile[];
  /** Entry script, one of `files`, e.g. 'main.py'. */
  entry: string;
  /**
   * Created if missing; the files are written there. The run sees it as /work (its cwd and
   * HOME) and sees nothing else of the host's filesystem but the interpreter and NumPy.
   */
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
 * and IPC namespaces, filesystem jail) under limits; throws SandboxUnavailableError rather than
 * run unisolated.
 */
export async function runPythonProject(options: RunOptions): Promise<SandboxRunResult> {
  validateProject(options.files, options.entry);
  const limits = resolveLimits(options.limits);
  if (options.signal?.aborted) return notStarted(resolve(options.workDir));
  const [install, hostNamespaces] = await Promise.all([
    describePython(options.python),
    readHostNamespaces(),
  ]);
  const facts = await hostFacts(install);
  const workDir = await prepareWorkDir(options.workDir, options.files);
  if (options.signal?.aborted) return notStarted(workDir);
  const python = install.executable;
  const jail = planJail(facts, workDir, limits.tmpBytes);
  const env = sandboxEnv(python);
  const args = sandboxArgs(python, { entry: options.entry, limits, hostNamespaces, jail });
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
  return workDir;
}

// Paths as the run sees them inside the jail (the interpreter is mounted at its host path).
function sandboxEnv(python: string): Record<string, string> {
  return {
    PATH: `${dirname(python)}:/usr/local/bin:/usr/bin:/bin`,
    HOME: JAIL_WORK_DIR,
    LANG: 'C.UTF-8',
    TMPDIR: JAIL_TMP_DIR,
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
