// Paper rendering: PaperDraft -> LaTeX (+ BibTeX, figure CSVs) -> PDF, and the checks that
// keep it honest (numbers from the experiment only, safe LaTeX from fixes).
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
export type { DataFile } from './figure.ts';
export {
  compileLatex,
  latexAvailable,
  NO_COMPILER_ERROR,
  type CompileOptions,
  type CompileResult,
} from './compile.ts';
export {
  writePaper,
  fixProblems,
  DEFAULT_MAX_PAGES,
  DEFAULT_MAX_FIX_ATTEMPTS,
  type WritePaperOptions,
  type WrittenPaper,
  type LatexFixer,
  type PaperWarning,
  type PaperWarningCode,
  type CompileAttempt,
} from './write-paper.ts';
export { texSafetyProblems, type TexSafetyOptions } from './tex-safety.ts';
export { countPdfPages, pagesFromLog } from './pdf-pages.ts';
export {
  AllowedNumbers,
  allowedNumbers,
  checkNumbers,
  enforceNumbers,
  extractNumbers,
  type ExperimentNumbers,
  type WrittenNumber,
  type NumberCheck,
  type NumberFinding,
  type NumberReport,
  type SentenceRewriter,
  type EnforceOptions,
  type RemovedSentence,
  type RewrittenSentence,
  type TextLocation,
} from './number-check.ts';
