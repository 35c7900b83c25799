import { readFile, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { extractBibtexErrors, extractTexErrors, outputTail } from './latex-log.ts';
import { findExecutable, runProcess, type ProcessResult } from './run-process.ts';
import { filesOutside, texTrees } from './tex-reads.ts';

export const NO_COMPILER_ERROR = 'no LaTeX compiler found (install latexmk and texlive)';
/** How a compile that opened files outside its directory (and TeX's own trees) fails. */
export const OUTSIDE_FILES_ERROR = "LaTeX opened files outside the paper's directory";
const DEFAULT_TEX_FILE = 'paper.tex';
const DEFAULT_TIMEOUT_MS = 120_000;

/**
 * Flags every TeX run gets: never prompt, stop at the first error, never run shell commands,
 * and record every file opened (the .fls the check after the compile reads).
 */
const TEX_FLAGS = ['-interaction=nonstopmode', '-halt-on-error', '-no-shell-escape', '-recorder'];

/**
 * Environment for TeX runs. Besides disabling shell escape, kpathsea's "paranoid" mode stops
 * \openin/\input of absolute paths, parent directories and dotfiles, and \openout outside the
 * build directory: a second fence should an escaping bug ever let a command through. The
 * wide log lines keep error context on one line for the excerpt.
 */
const TEX_ENV = {
  shell_escape: 'f',
  openin_any: 'p',
  openout_any: 'p',
  max_print_line: '1000',
  error_line: '254',
  half_error_line: '238',
};

/** Files a previous compile of the same document left behind; stale ones break reruns. */
const BUILD_EXTENSIONS = [
  '.aux',
  '.bbl',
  '.blg',
  '.log',
  '.out',
  '.toc',
  '.fls',
  '.fdb_latexmk',
  '.pdf',
];

export interface CompileOptions {
  /** Directory holding the .tex (and .bib); build files are written there. */
  dir: string;
  /** The document's file name inside `dir`; default 'paper.tex'. */
  texFile?: string;
  /** For the whole compile, all passes included; default 120 000. */
  timeoutMs?: number;
  /** Aborting kills the compile and rejects with the signal's reason. */
  signal?: AbortSignal;
  /** PATH-style list searched for latexmk, pdflatex and bibtex; default process PATH. */
  searchPath?: string;
}

export interface CompileResult {
  compiled: boolean;
  /** Absolute path of the PDF when compiled. */
  pdfPath: string | null;
  /** A short excerpt saying what went wrong, or null when compiled. */
  error: string | null;
  /** The compiler's console output (latexmk, pdflatex, bibtex), its last 200 000 characters. */
  log: string;
  timedOut: boolean;
}

function defaultSearchPath(): string {
  return process.env.PATH ?? '';
}

/** True when latexmk or pdflatex is on the PATH. */
export async function latexAvailable(searchPath = defaultSearchPath()): Promise<boolean> {
  return (
    (await findExecutable('latexmk', searchPath)) !== null ||
    (await findExecutable('pdflatex', searchPath)) !== null
  );
}

async function readIfExists(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch {
    return '';
  }
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** What a failed compile says: TeX's own error first, then BibTeX's, then the console tail. */
async function failureExcerpt(dir: string, base: string, run: ProcessResult): Promise<string> {
  return (
    extractTexErrors(await readIfExists(join(dir, `${base}.log`))) ??
    extractBibtexErrors(await readIfExists(join(dir, `${base}.blg`))) ??
    outputTail(run.output) ??
    `LaTeX exited with code ${run.code ?? 'unknown'}`
  );
}

/**
 * Compiles a .tex file to PDF with latexmk (or pdflatex + bibtex when latexmk is missing),
 * without shell escape and within a time limit that kills the whole process group.
 */
export async function compileLatex(options: CompileOptions): Promise<CompileResult> {
  const dir = resolve(options.dir);
  const texFile = options.texFile ?? DEFAULT_TEX_FILE;
  const base = texFile.replace(/\.tex$/, '');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const searchPath = options.searchPath ?? defaultSearchPath();
  options.signal?.throwIfAborted();

  const latexmk = await findExecutable('latexmk', searchPath);
  const pdflatex = latexmk === null ? await findExecutable('pdflatex', searchPath) : null;
  if (latexmk === null && pdflatex === null) {
    return { compiled: false, pdfPath: null, error: NO_COMPILER_ERROR, log: '', timedOut: false };
  }
  await Promise.all(BUILD_EXTENSIONS.map((ext) => rm(join(dir, `${base}${ext}`), { force: true })));

  const deadline = Date.now() + timeoutMs;
  const env = { ...process.env, ...TEX_ENV };
  let log = '';
  const run = async (command: string, args: string[]): Promise<ProcessResult> => {
    const result = await runProcess(command, args, {
      cwd: dir,
      env,
      timeoutMs: Math.max(1, deadline - Date.now()),
      signal: options.signal,
    });
    log += result.output;
    return result;
  };

  let last: ProcessResult;
  if (latexmk !== null) {
    // -norc: no latexmkrc from the system, the user or the build directory (it is Perl code).
    // -g: always build, so the result reflects this .tex and not a cached earlier run.
    last = await run(latexmk, ['-norc', '-g', '-pdf', ...TEX_FLAGS, texFile]);
  } else {
    last = await runFallback(pdflatex!, texFile, base, dir, searchPath, run);
  }

  const pdfPath = join(dir, `${base}.pdf`);
  if (last.timedOut) {
    return {
      compiled: false,
      pdfPath: null,
      error: `LaTeX compile timed out after ${timeoutMs} ms`,
      log,
      timedOut: true,
    };
  }
  // The runtime fence, checked: a PDF made from a file outside the run is not delivered.
  const outside = filesOutside(
    await readIfExists(join(dir, `${base}.fls`)),
    dir,
    await texTrees(searchPath),
  );
  if (outside.length > 0) {
    await rm(pdfPath, { force: true });
    return {
      compiled: false,
      pdfPath: null,
      error: `${OUTSIDE_FILES_ERROR}: ${outside.slice(0, 5).join(', ')}`,
      log,
      timedOut: false,
    };
  }
  if (last.code === 0 && (await isFile(pdfPath))) {
    return { compiled: true, pdfPath, error: null, log, timedOut: false };
  }
  return {
    compiled: false,
    pdfPath: null,
    error: await failureExcerpt(dir, base, last),
    log,
    timedOut: false,
  };
}

/**
 * Without latexmk: pdflatex, then bibtex and a pdflatex pass when the document has a
 * bibliography, then a final pass so citations and cross-references resolve.
 */
async function runFallback(
  pdflatex: string,
  texFile: string,
  base: string,
  dir: string,
  searchPath: string,
  run: (command: string, args: string[]) => Promise<ProcessResult>,
): Promise<ProcessResult> {
  const pass = (): Promise<ProcessResult> => run(pdflatex, [...TEX_FLAGS, texFile]);
  let last = await pass();
  if (last.code !== 0 || last.timedOut) return last;
  const aux = await readIfExists(join(dir, `${base}.aux`));
  const bibtex = aux.includes('\\bibdata') ? await findExecutable('bibtex', searchPath) : null;
  if (bibtex !== null) {
    last = await run(bibtex, [base]);
    // BibTeX exits 1 for warnings only (e.g. an entry without a year); 2 and up are errors.
    if (last.code === null || last.code > 1 || last.timedOut) return last;
    last = await pass();
    if (last.code !== 0 || last.timedOut) return last;
  }
  return pass();
}
