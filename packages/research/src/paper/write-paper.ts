import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { CompiledPaper, PaperDraft } from '../domain/artefacts.ts';
import { assertCitationsExist } from '../citations/check.ts';
import {
  compileLatex,
  NO_COMPILER_ERROR,
  type CompileOptions,
  type CompileResult,
} from './compile.ts';
import type { DataFile } from './figure.ts';
import { countPdfPages, pagesFromLog } from './pdf-pages.ts';
import { BIB_FILE, renderLatex, TEX_FILE } from './render.ts';
import { texSafetyProblems } from './tex-safety.ts';

export const DEFAULT_MAX_PAGES = 8;
export const DEFAULT_MAX_FIX_ATTEMPTS = 2;
/** Figure data files writePaper owns in the output directory (stale ones are removed). */
const OWN_DATA_FILE = /^fig-[a-z0-9-]*\.csv$/;

/**
 * Proposes a corrected .tex for one that failed to compile, given TeX's error excerpt, or
 * null to give up. Typically an LLM call; its answer is checked before it is compiled.
 */
export type LatexFixer = (tex: string, errorExcerpt: string) => Promise<string | null>;

export interface WritePaperOptions extends Omit<CompileOptions, 'dir' | 'texFile'> {
  /** Pages the compiled PDF may have (references included); more is a warning. Default 8. */
  maxPages?: number;
  /** Called on a compile error (not a timeout, not a missing compiler) to correct the .tex. */
  fix?: LatexFixer;
  /** Calls of `fix` at most, refused proposals included. Default 2. */
  maxFixAttempts?: number;
  /**
   * Runs each compile, e.g. once a compile slot is free; the fixes between compiles hold
   * no slot. Default: at once.
   */
  gate?: <T>(compile: () => Promise<T>) => Promise<T>;
}

export type PaperWarningCode = 'page_limit_exceeded' | 'missing_citations';

/** Something wrong with a paper that compiled anyway. */
export interface PaperWarning {
  code: PaperWarningCode;
  message: string;
}

/** One compile of the paper, or one fix proposal that was not compiled. */
export interface CompileAttempt {
  /** Who wrote the .tex: the renderer, the fix callback, or the renderer with math as text. */
  source: 'render' | 'fix' | 'math_as_text';
  /**
   * `refused`: the fix failed the safety checks and was not compiled; `no_fix`: the callback
   * returned null or threw.
   */
  outcome: 'compiled' | 'failed' | 'timed_out' | 'no_compiler' | 'refused' | 'no_fix';
  /** The compile error, the reasons for a refusal, or the callback's error; else null. */
  error: string | null;
}

/** writePaper's result: CompiledPaper plus the page count, warnings and every attempt. */
export interface WrittenPaper extends CompiledPaper {
  /** Pages of the PDF, or null when there is none (or they could not be counted). */
  pages: number | null;
  warnings: PaperWarning[];
  attempts: CompileAttempt[];
}

function outcomeOf(result: CompileResult): CompileAttempt['outcome'] {
  if (result.compiled) return 'compiled';
  if (result.timedOut) return 'timed_out';
  return result.error === NO_COMPILER_ERROR ? 'no_compiler' : 'failed';
}

/** Another version of the .tex may compile: TeX stopped on an error (no timeout, a compiler). */
function fixable(result: CompileResult): boolean {
  return !result.compiled && !result.timedOut && result.error !== NO_COMPILER_ERROR;
}

/** Writes the data files and refs.bib, removing ones an earlier draft left behind. */
async function writeSupportFiles(dir: string, bib: string, files: DataFile[]): Promise<void> {
  const current = new Set(files.map((f) => f.name));
  const stale = (await readdir(dir)).filter((f) => OWN_DATA_FILE.test(f) && !current.has(f));
  await Promise.all(stale.map((f) => rm(join(dir, f), { force: true })));
  await Promise.all(files.map((f) => writeFile(join(dir, f.name), f.content, 'utf8')));
  // A refs.bib from an earlier draft must not linger once nothing is cited.
  if (bib === '') await rm(join(dir, BIB_FILE), { force: true });
  else await writeFile(join(dir, BIB_FILE), bib, 'utf8');
}

const NUMBER_TOKEN = /\d+(?:\.\d+)?/g;

/**
 * Why a proposed fix may not be compiled: unsafe TeX, a citation the .bib lacks, or a
 * number the document did not already contain (a fix repairs markup, it does not add results).
 */
export function fixProblems(
  proposed: string,
  previous: string,
  bib: string,
  dataFiles: ReadonlySet<string>,
): string[] {
  const problems = texSafetyProblems(proposed, { dataFiles, localFiles: dataFiles });
  const missing = assertCitationsExist(proposed, bib);
  if (missing.length > 0) problems.push(`cites keys refs.bib does not have: ${missing.join(', ')}`);
  const known = new Set(previous.match(NUMBER_TOKEN) ?? []);
  const added = [...new Set(proposed.match(NUMBER_TOKEN) ?? [])].filter((n) => !known.has(n));
  if (added.length > 0) problems.push(`adds numbers the paper did not have: ${added.join(', ')}`);
  return problems;
}

/**
 * Renders a draft to `dir`/paper.tex (+ refs.bib and one CSV per figure) and compiles it to
 * paper.pdf. On a compile error the .tex goes to `options.fix` (at most `maxFixAttempts`
 * times; each proposal must pass fixProblems before it is compiled); if it still fails and
 * the draft has inline math, the draft is rendered again with math shown as text, as a last
 * resort: LLM-written math can be valid-looking yet still stop TeX, and a PDF beats none.
 * `timeoutMs` applies to each compile.
 */
export async function writePaper(
  draft: PaperDraft,
  dir: string,
  options: WritePaperOptions = {},
): Promise<WrittenPaper> {
  const {
    maxPages = DEFAULT_MAX_PAGES,
    fix,
    maxFixAttempts = DEFAULT_MAX_FIX_ATTEMPTS,
    gate = (compile) => compile(),
    ...compileOptions
  } = options;
  const root = resolve(dir);
  await mkdir(root, { recursive: true });
  const attempts: CompileAttempt[] = [];
  const compile = async (tex: string, source: CompileAttempt['source']) => {
    await writeFile(join(root, TEX_FILE), tex, 'utf8');
    const result = await gate(() =>
      compileLatex({ ...compileOptions, dir: root, texFile: TEX_FILE }),
    );
    attempts.push({ source, outcome: outcomeOf(result), error: result.error });
    return result;
  };

  const rendered = renderLatex(draft, { math: 'auto' });
  await writeSupportFiles(root, rendered.bib, rendered.files);
  let tex = rendered.tex;
  let result = await compile(tex, 'render');
  const renderFixable = fixable(result);

  if (renderFixable && fix !== undefined) {
    const dataFiles = new Set(rendered.files.map((f) => f.name));
    let error = result.error ?? '';
    for (let n = 0; n < maxFixAttempts; n++) {
      compileOptions.signal?.throwIfAborted();
      let proposed: string | null;
      try {
        proposed = await fix(tex, error);
      } catch (err) {
        if (compileOptions.signal?.aborted) throw err;
        attempts.push({ source: 'fix', outcome: 'no_fix', error: String(err) });
        break;
      }
      if (proposed === null) {
        attempts.push({ source: 'fix', outcome: 'no_fix', error: null });
        break;
      }
      const problems = fixProblems(proposed, tex, rendered.bib, dataFiles);
      if (problems.length > 0) {
        attempts.push({ source: 'fix', outcome: 'refused', error: problems.join('; ') });
        // The refused text is never reused: the next proposal starts from the last compiled one.
        error = `The corrected LaTeX was refused and not compiled: ${problems.join('; ')}`;
        continue;
      }
      tex = proposed;
      result = await compile(tex, 'fix');
      if (!fixable(result)) break;
      error = result.error ?? '';
    }
  }

  if (renderFixable && !result.compiled) {
    const asText = renderLatex(draft, { math: 'text' }).tex;
    if (asText !== rendered.tex) {
      tex = asText;
      result = await compile(tex, 'math_as_text');
    }
  }

  const warnings: PaperWarning[] = [];
  let pages: number | null = null;
  if (result.compiled && result.pdfPath !== null) {
    pages = countPdfPages(await readFile(result.pdfPath)) ?? pagesFromLog(result.log);
    if (pages !== null && pages > maxPages) {
      warnings.push({
        code: 'page_limit_exceeded',
        message: `the PDF has ${pages} pages; the limit is ${maxPages}`,
      });
    }
  }
  const missing = assertCitationsExist(tex, rendered.bib);
  if (missing.length > 0) {
    warnings.push({
      code: 'missing_citations',
      message: `cited but not in refs.bib: ${missing.join(', ')}`,
    });
  }
  return {
    compiled: result.compiled,
    tex_path: join(root, TEX_FILE),
    pdf_path: result.pdfPath,
    compile_error: result.error,
    pages,
    warnings,
    attempts,
  };
}
