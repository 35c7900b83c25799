import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { CompiledPaper, PaperDraft } from '../pipeline/artefacts.ts';
import {
  compileLatex,
  NO_COMPILER_ERROR,
  type CompileOptions,
  type CompileResult,
} from './compile.ts';
import type { MathMode } from './markup.ts';
import { BIB_FILE, renderLatex, TEX_FILE } from './render.ts';

export type WritePaperOptions = Omit<CompileOptions, 'dir' | 'texFile'>;

async function writeAndCompile(
  draft: PaperDraft,
  dir: string,
  math: MathMode,
  options: WritePaperOptions,
): Promise<{ tex: string; result: CompileResult }> {
  const { tex, bib } = renderLatex(draft, { math });
  await writeFile(join(dir, TEX_FILE), tex, 'utf8');
  // A refs.bib from an earlier draft must not linger once nothing is cited.
  if (bib === '') await rm(join(dir, BIB_FILE), { force: true });
  else await writeFile(join(dir, BIB_FILE), bib, 'utf8');
  return { tex, result: await compileLatex({ ...options, dir, texFile: TEX_FILE }) };
}

/**
 * Renders a draft to `dir`/paper.tex (+ refs.bib) and compiles it to paper.pdf. If the
 * compile fails and the draft has inline math, it is retried once with math shown as text:
 * LLM-written math can be valid-looking yet still stop TeX, and a PDF beats none.
 */
export async function writePaper(
  draft: PaperDraft,
  dir: string,
  options: WritePaperOptions = {},
): Promise<CompiledPaper> {
  const root = resolve(dir);
  await mkdir(root, { recursive: true });
  let { result } = await writeAndCompile(draft, root, 'auto', options);
  const retry =
    !result.compiled &&
    !result.timedOut &&
    result.error !== NO_COMPILER_ERROR &&
    renderLatex(draft, { math: 'text' }).tex !== renderLatex(draft).tex;
  if (retry) ({ result } = await writeAndCompile(draft, root, 'text', options));
  return {
    compiled: result.compiled,
    tex_path: join(root, TEX_FILE),
    pdf_path: result.pdfPath,
    compile_error: result.error,
  };
}
