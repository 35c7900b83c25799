// What a TeX run opened, from its recorder file (.fls), against where it may read: the
// build directory and the TeX installation's own trees. kpsewhich names the trees, so the
// check follows whatever TeX distribution is installed.
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { findExecutable, runProcess } from './run-process.ts';

/** TeX trees and configuration directories, as kpsewhich reports them. */
const TREE_VARIABLES = [
  'TEXMFROOT',
  'TEXMFDIST',
  'TEXMFMAIN',
  'TEXMFLOCAL',
  'TEXMFSYSVAR',
  'TEXMFSYSCONFIG',
  'TEXMFVAR',
  'TEXMFCONFIG',
  'TEXMFHOME',
];

let cachedTrees: Promise<string[]> | null = null;

/** The directories the installed TeX reads its own files from (cached; [] without TeX). */
export function texTrees(searchPath = process.env.PATH ?? ''): Promise<string[]> {
  cachedTrees ??= (async () => {
    const kpsewhich = await findExecutable('kpsewhich', searchPath);
    if (kpsewhich === null) return [];
    const ask = async (arg: string): Promise<string[]> => {
      const out = await runProcess(kpsewhich, [arg], {
        cwd: '/',
        env: process.env,
        timeoutMs: 10_000,
      });
      return out.code === 0 ? out.output.split(/[\n:]/).filter((p) => isAbsolute(p.trim())) : [];
    };
    const found = [
      ...(await ask('-expand-path=$TEXMF')),
      ...(await ask('-var-value=TEXMFCNF')),
      ...(await Promise.all(TREE_VARIABLES.map((v) => ask(`-var-value=${v}`)))).flat(),
    ];
    return [...new Set(found.map((p) => resolve(p.trim())))];
  })();
  return cachedTrees;
}

function inside(path: string, dir: string): boolean {
  const rel = relative(dir, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

/**
 * The files a recorder file says TeX opened (INPUT or OUTPUT) outside `dir` and outside
 * `trees`, each once. Relative names are resolved against the file's PWD line (or `dir`).
 */
export function filesOutside(fls: string, dir: string, trees: readonly string[]): string[] {
  const root = resolve(dir);
  let pwd = root;
  const outside = new Set<string>();
  for (const line of fls.split('\n')) {
    const m = /^(PWD|INPUT|OUTPUT) (.+)$/.exec(line.trimEnd());
    if (!m) continue;
    if (m[1] === 'PWD') {
      pwd = resolve(m[2]!);
      continue;
    }
    const path = resolve(pwd, m[2]!);
    if (inside(path, root) || trees.some((t) => inside(path, t))) continue;
    outside.add(path);
  }
  return [...outside];
}
