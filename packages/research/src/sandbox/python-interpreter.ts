// Resolves `python3` (or whatever the caller names) to the real interpreter binary, once.
// pyenv shims are bash scripts that find the interpreter through $HOME/.pyenv; inside the
// sandbox HOME is the work directory, so a shim silently falls through to /usr/bin/python3
// (a different Python, without NumPy). Asking the interpreter for sys.executable in the
// service's own environment gives the path the shim would have picked.
import { execFile } from 'node:child_process';
import { isAbsolute } from 'node:path';
import { SandboxUnavailableError } from './errors.ts';

const RESOLVE_TIMEOUT_MS = 15_000;
const cache = new Map<string, Promise<string>>();

/** The absolute path of the interpreter `python` runs as (cached per name). */
export function resolvePython(python = 'python3'): Promise<string> {
  let resolved = cache.get(python);
  if (!resolved) {
    resolved = ask(python);
    // A failure is not cached: the interpreter may be installed later.
    resolved.catch(() => cache.delete(python));
    cache.set(python, resolved);
  }
  return resolved;
}

function ask(python: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      python,
      ['-I', '-c', 'import sys; print(sys.executable)'],
      { timeout: RESOLVE_TIMEOUT_MS, encoding: 'utf8' },
      (err, stdout, stderr) => {
        const path = stdout.trim();
        if (err || !isAbsolute(path)) {
          const detail = err ? err.message : `printed "${path}"`;
          reject(
            new SandboxUnavailableError(
              `cannot resolve Python interpreter "${python}": ${detail} ${stderr}`.trim(),
              {
                cause: err,
              },
            ),
          );
          return;
        }
        resolve(path);
      },
    );
  });
}
