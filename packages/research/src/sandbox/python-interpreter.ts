// Resolves `python3` (or whatever the caller names) to the real interpreter binary, once, and
// learns where its standard library and NumPy live so that the jail can expose exactly those.
// pyenv shims are bash scripts that find the interpreter through $HOME/.pyenv; inside the
// sandbox HOME is the work directory, so a shim silently falls through to /usr/bin/python3
// (a different Python, without NumPy). Asking the interpreter for sys.executable in the
// service's own environment gives the path the shim would have picked.
import { execFile } from 'node:child_process';
import { isAbsolute } from 'node:path';
import { z } from 'zod';
import { SandboxUnavailableError } from './errors.ts';

const RESOLVE_TIMEOUT_MS = 15_000;
const cache = new Map<string, Promise<PythonInstall>>();

const absolutePath = z.string().refine(isAbsolute, 'not an absolute path');

/** Where an interpreter and the packages the sandbox needs live on the host. */
export const PythonInstall = z.object({
  /** sys.executable: the real binary, not a shim. */
  executable: absolutePath,
  /** sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix (deduplicated). */
  prefixes: z.array(absolutePath).min(1),
  /** The site-packages directory NumPy is imported from; null when NumPy is not installed. */
  numpySitePackages: absolutePath.nullable(),
});
export type PythonInstall = z.infer<typeof PythonInstall>;

// find_spec locates NumPy without importing it (fast, and no NumPy code runs in the service).
const DESCRIBE = `
import importlib.util, json, os, sys
spec = importlib.util.find_spec("numpy")
numpy = os.path.dirname(os.path.dirname(spec.origin)) if spec and spec.origin else None
prefixes = list(dict.fromkeys([sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix]))
print(json.dumps({"executable": sys.executable, "prefixes": prefixes, "numpySitePackages": numpy}))
`;

/** Where the interpreter `python` runs as lives, with its prefixes and NumPy (cached per name). */
export function describePython(python = 'python3'): Promise<PythonInstall> {
  let described = cache.get(python);
  if (!described) {
    described = ask(python);
    // A failure is not cached: the interpreter may be installed later.
    described.catch(() => cache.delete(python));
    cache.set(python, described);
  }
  return described;
}

/** The absolute path of the interpreter `python` runs as (cached per name). */
export async function resolvePython(python = 'python3'): Promise<string> {
  return (await describePython(python)).executable;
}

function ask(python: string): Promise<PythonInstall> {
  return new Promise((resolve, reject) => {
    execFile(
      python,
      ['-I', '-c', DESCRIBE],
      { timeout: RESOLVE_TIMEOUT_MS, encoding: 'utf8' },
      (err, stdout, stderr) => {
        const fail = (detail: string, cause?: unknown) =>
          reject(
            new SandboxUnavailableError(
              `cannot resolve Python interpreter "${python}": ${detail} ${stderr}`.trim(),
              { cause },
            ),
          );
        if (err) return fail(err.message, err);
        try {
          resolve(PythonInstall.parse(JSON.parse(stdout)));
        } catch (parseErr) {
          fail(`printed "${stdout.trim().slice(0, 500)}"`, parseErr);
        }
      },
    );
  });
}
