import { InvalidProjectError } from './errors.ts';

/** One file of a generated project, path relative to the project root with `/` separators. */
export interface ProjectFile {
  path: string;
  content: string;
}

/** Extensions a project may contain: code, plus the plain data formats experiments read. */
export const ALLOWED_EXTENSIONS = ['.py', '.json', '.csv', '.txt'] as const;

// One path segment: no leading dot (no `.`, `..` or hidden files), no shell or glob characters.
const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;
const MAX_PATH_LENGTH = 200;

/** Why `path` is not an acceptable project file path, or null when it is. */
export function projectPathProblem(path: string): string | null {
  if (path.length === 0) return 'empty path';
  if (path.length > MAX_PATH_LENGTH) return `longer than ${MAX_PATH_LENGTH} characters`;
  if (path.startsWith('/')) return 'absolute path';
  if (path.includes('\\')) return 'backslash in path';
  const segments = path.split('/');
  if (segments.includes('..')) return 'contains ..';
  for (const segment of segments) {
    if (!SEGMENT.test(segment)) return `bad path segment "${segment}"`;
  }
  if (!ALLOWED_EXTENSIONS.some((ext) => path.endsWith(ext))) {
    return `extension not allowed (allowed: ${ALLOWED_EXTENSIONS.join(', ')})`;
  }
  return null;
}

/** Throws InvalidProjectError unless every path is acceptable, unique, and `entry` is one of the .py files. */
export function validateProject(files: readonly ProjectFile[], entry?: string): void {
  if (files.length === 0) throw new InvalidProjectError('project has no files');
  const seen = new Set<string>();
  for (const file of files) {
    const problem = projectPathProblem(file.path);
    if (problem)
      throw new InvalidProjectError(`invalid project file path "${file.path}": ${problem}`);
    // Two paths that differ only in case would overwrite each other on case-insensitive disks.
    const key = file.path.toLowerCase();
    if (seen.has(key)) throw new InvalidProjectError(`duplicate project file path "${file.path}"`);
    seen.add(key);
  }
  if (entry !== undefined) {
    if (!entry.endsWith('.py')) throw new InvalidProjectError(`entry "${entry}" is not a .py file`);
    if (!files.some((f) => f.path === entry)) {
      throw new InvalidProjectError(`entry "${entry}" is not one of the project files`);
    }
  }
}
