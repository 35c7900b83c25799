import { lstat, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, posix, sep } from 'node:path';
import type { ResearchStore } from '../store/contract.ts';
import { sha256 } from '../store/files.ts';

/** Files larger than this stay on the worker's disk only (sandbox outputs are bounded anyway). */
export const MAX_SYNCED_FILE_BYTES = 32 * 1024 * 1024;
/** Build by-products that nobody downloads and the next compile makes again. */
const SKIPPED = /\.(aux|log|out|fls|fdb_latexmk|synctex\.gz|pyc)$|(^|\/)__pycache__\//;

/**
 * The path of a file inside its run's folder, from a path an artefact recorded on whichever
 * machine wrote it (`…/runs/<run_id>/paper/paper.pdf` → `paper/paper.pdf`); null when the
 * path is not inside a run folder of that run.
 */
export function runRelativePath(runId: string, recorded: string): string | null {
  const normal = recorded.split(sep).join('/');
  const marker = `/${runId}/`;
  const at = normal.lastIndexOf(marker);
  if (at === -1) return null;
  const rest = posix.normalize(normal.slice(at + marker.length));
  return rest === '' || rest.startsWith('..') || rest.startsWith('/') ? null : rest;
}

/** Every regular file under `dir`, as paths relative to it (symlinks are not followed). */
async function walk(dir: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const out: string[] = [];
  for (const entry of entries) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await walk(join(dir, entry.name), rel)));
    else if (entry.isFile()) out.push(rel);
  }
  return out;
}

/**
 * Copies the run folder's new and changed files into the store, so that every instance can
 * serve them and a worker that takes the run over can lay the folder out again.
 */
export async function saveRunFiles(
  store: ResearchStore,
  runId: string,
  runDir: string,
): Promise<number> {
  const stored = new Map((await store.files.list(runId)).map((f) => [f.path, f.sha256]));
  const changed = [];
  for (const path of await walk(runDir)) {
    if (SKIPPED.test(path)) continue;
    const full = join(runDir, path);
    const info = await lstat(full);
    if (!info.isFile() || info.size > MAX_SYNCED_FILE_BYTES) continue;
    const bytes = await readFile(full);
    if (stored.get(path) !== sha256(bytes)) changed.push({ path, bytes });
  }
  await store.files.put(runId, changed);
  return changed.length;
}

/** Writes the stored files that the local run folder lacks or has in another version. */
export async function restoreRunFiles(
  store: ResearchStore,
  runId: string,
  runDir: string,
): Promise<number> {
  let restored = 0;
  for (const { path, sha256: hash } of await store.files.list(runId)) {
    if (posix.normalize(path) !== path || path.startsWith('..') || path.startsWith('/')) continue;
    const full = join(runDir, path);
    const local = await readFile(full).catch(() => null);
    if (local && sha256(local) === hash) continue;
    const bytes = await store.files.get(runId, path);
    if (!bytes) continue;
    await mkdir(dirname(full), { recursive: true });
    await writeFile(full, bytes);
    restored++;
  }
  return restored;
}
