// Paper rendering: PaperDraft -> LaTeX (+ BibTeX) -> PDF.
export { escapeLatex } from './escape.ts';
export { sanitizeMath } from './math.ts';
export { renderBlocks, renderInline, type MarkupContext, type MathMode } from './markup.ts';
export {
  renderLatex,
  TEX_FILE,
  BIB_FILE,
  type RenderOptions,
  type RenderedPaper,
} from './render.ts';
export {
  compileLatex,
  latexAvailable,
  NO_COMPILER_ERROR,
  type CompileOptions,
  type CompileResult,
} from './compile.ts';
export { writePaper, type WritePaperOptions } from './write-paper.ts';
