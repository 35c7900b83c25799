// File access inside a work directory that sandboxed code has been able to write to. That code
// may have left symlinks behind (e.g. `results.json -> /etc/shadow`, or a `tmp` that points at
// `/`), so every component is checked with lstat and the last one is opened with O_NOFOLLOW.
import { constants } from 'node:fs';
import { lstat, mkdir, open } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { ResultTooLargeError, UnsafePathError } from './errors.ts';

/** Splits a relative path into segments, refusing absolute paths, `..`, `.` and empty segments. */
export function relativeSegments(relPath: string): string[] {
  if (relPath.length === 0 || isAbsolute(relPath) || relPath.includes('\\')) {
    throw new UnsafePathError(`path "${relPath}" is not a plain relative path`);
  }
  const segments = relPath.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..')) {
    throw new UnsafePathError(`path "${relPath}" has an empty, "." or ".." segment`);
  }
  return segments;
}

function isErrno(err: unknown, code: string): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === code;
}

/** Makes `root/relDir` exist as real directories, refusing a symlink or file anywhere on the way. */
export async function ensureRealDir(root: string, relDir: string): Promise<string> {
  let current = root;
  for (const segment of relativeSegments(relDir)) {
    current = join(current, segment);
    try {
      const stat = await lstat(current);
      if (!stat.isDirectory() || stat.isSymbolicLink()) {
        throw new UnsafePathError(`"${current}" exists and is not a real directory`);
      }
    } catch (err) {
      if (!isErrno(err, 'ENOENT')) throw err;
      await mkdir(current, { mode: 0o755 });
    }
  }
  return current;
}

/** Writes `content` to `root/relPath` (creating parent directories) without following any symlink. */
export async function writeFileInside(
  root: string,
  relPath: string,
  content: string,
): Promise<void> {
  const segments = relativeSegments(relPath);
  const dir =
    segments.length > 1 ? await ensureRealDir(root, segments.slice(0, -1).join('/')) : root;
  const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW;
  let handle;
  try {
    handle = await open(join(dir, segments.at(-1)!), flags, 0o644);
  } catch (err) {
    if (isErrno(err, 'ELOOP')) throw new UnsafePathError(`"${relPath}" is a symlink`);
    throw err;
  }
  try {
    await handle.writeFile(content, 'utf8');
  } finally {
    await handle.close();
  }
}

/**
 * Reads `root/relPath` as UTF-8 if it is a regular file reached without symlinks; null when it
 * does not exist. Throws ResultTooLargeError above `maxBytes`.
 */
export async function readFileInside(
  root: string,
  relPath: string,
  maxBytes: number,
): Promise<string | null> {
  const segments = relativeSegments(relPath);
  let current = root;
  try {
    for (const segment of segments.slice(0, -1)) {
      current = join(current, segment);
      const stat = await lstat(current);
      if (stat.isSymbolicLink() || !stat.isDirectory()) {
        throw new UnsafePathError(`"${relPath}": "${segment}" is not a real directory`);
      }
    }
    // O_NONBLOCK so a FIFO planted under the name cannot hang the open; fstat then rejects it.
    const handle = await open(
      join(current, segments.at(-1)!),
      constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK,
    );
    try {
      const stat = await handle.stat();
      if (!stat.isFile()) throw new UnsafePathError(`"${relPath}" is not a regular file`);
      if (stat.size > maxBytes) {
        throw new ResultTooLargeError(
          `"${relPath}" is ${stat.size} bytes (limit ${maxBytes})`,
          stat.size,
        );
      }
      // Read one byte past the size fstat saw, to notice a file still being written.
      const buffer = Buffer.alloc(stat.size + 1);
      let bytesRead = 0;
      for (;;) {
        const { bytesRead: n } = await handle.read(
          buffer,
          bytesRead,
          buffer.length - bytesRead,
          bytesRead,
        );
        if (n === 0) break;
        bytesRead += n;
        if (bytesRead === buffer.length) break;
      }
      if (bytesRead > stat.size) throw new UnsafePathError(`"${relPath}" changed while being read`);
      return buffer.subarray(0, bytesRead).toString('utf8');
    } finally {
      await handle.close();
    }
  } catch (err) {
    if (isErrno(err, 'ENOENT')) return null;
    if (isErrno(err, 'ELOOP')) throw new UnsafePathError(`"${relPath}" is a symlink`);
    throw err;
  }
}
