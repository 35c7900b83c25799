// A gate for LaTeX the renderer did not write (a compile fix proposed by an LLM). The
// renderer's own output is safe by construction; text from elsewhere is accepted only when
// every control sequence is on an allow-list of document-level commands, so it cannot run
// shell commands, read or write files outside the build directory, or rebuild a forbidden
// command by other means (\csname, \catcode, ^^ escapes, \scantokens, \makeatletter, expl3).
// The compiler's own fences (-no-shell-escape, kpathsea paranoid mode) still apply.
import { ALLOWED_MATH } from './math.ts';

/** Document-level commands a paper may use: what the renderer emits plus common formatting. */
// prettier-ignore
const COMMANDS = new Set([
  // structure and preamble
  'documentclass', 'usepackage', 'RequirePackage', 'IfFileExists', 'pgfplotsset', 'setlength',
  'addtolength', 'emergencystretch', 'extrafloats', 'newsavebox', 'newcommand', 'renewcommand',
  'providecommand', 'newlength', 'ifdim', 'else', 'fi', 'wd', 'linewidth', 'textwidth',
  'columnwidth', 'textheight', 'paperwidth', 'paperheight', 'baselineskip', 'parindent',
  'parskip', 'tabcolsep', 'arraystretch', 'resizebox', 'scalebox', 'usebox', 'sbox', 'hypersetup',
  'title', 'author', 'date', 'and', 'thanks', 'maketitle', 'begin', 'end', 'section',
  'subsection', 'subsubsection', 'paragraph', 'subparagraph', 'appendix', 'item', 'cite', 'citep',
  'citet', 'nocite', 'ref', 'eqref', 'pageref', 'autoref', 'label', 'caption', 'centering',
  'raggedright', 'raggedleft', 'toprule', 'midrule', 'bottomrule', 'cmidrule', 'hline', 'cline',
  'multicolumn', 'multirow', 'tabularnewline', 'addplot', 'addlegendentry', 'legend',
  'bibliographystyle', 'bibliography', 'includegraphics', 'input', 'include', 'url', 'href',
  'footnote', 'footnotemark', 'footnotetext', 'setcounter', 'addtocounter', 'pagestyle',
  'thispagestyle', 'relax', 'protect', 'null', 'today',
  // text formatting and spacing
  'textbf', 'textit', 'textsl', 'textsc', 'textrm', 'textsf', 'texttt', 'textup', 'textmd',
  'textnormal', 'emph', 'underline', 'textsuperscript', 'textsubscript', 'bfseries', 'itshape',
  'slshape', 'scshape', 'ttfamily', 'rmfamily', 'sffamily', 'mdseries', 'upshape', 'normalfont',
  'tiny', 'scriptsize', 'footnotesize', 'small', 'normalsize', 'large', 'Large', 'LARGE', 'huge',
  'Huge', 'par', 'newline', 'linebreak', 'nolinebreak', 'pagebreak', 'nopagebreak', 'newpage',
  'clearpage', 'noindent', 'indent', 'vspace', 'hspace', 'vfill', 'hfill', 'smallskip',
  'medskip', 'bigskip', 'quad', 'qquad', 'enspace', 'thinspace', 'negthinspace', 'mbox',
  'makebox', 'fbox', 'framebox', 'parbox', 'rule', 'strut', 'phantom', 'hphantom', 'vphantom',
  'ensuremath', 'displaystyle', 'textstyle', 'scriptstyle', 'limits', 'nolimits', 'not',
  // text symbols and accents
  'textbackslash', 'textbraceleft', 'textbraceright', 'textasciicircum', 'textasciitilde',
  'quotedblbase', 'quotesinglbase', 'guillemotleft', 'guillemotright', 'guilsinglleft',
  'guilsinglright', 'ldots', 'dots', 'textbullet', 'textdegree', 'S', 'P', 'textcopyright',
  'textregistered', 'texttrademark', 'texteuro', 'pounds', 'textyen', 'textcent',
  'textperthousand', 'dag', 'ddag', 'textexclamdown', 'textquestiondown', 'textless',
  'textgreater', 'textbar', 'textendash', 'textemdash', 'textquotedbl', 'textquoteleft',
  'textquoteright', 'textunderscore', 'textdollar', 'i', 'j', 'o', 'O', 'aa', 'AA', 'ae', 'AE',
  'oe', 'OE', 'ss', 'l', 'L', 'c', 'v', 'u', 'H', 'r', 'k', 'd', 'b', 't',
  // math the renderer's filter accepts
  ...ALLOWED_MATH.symbols, ...ALLOWED_MATH.oneArg, ...ALLOWED_MATH.twoArgs,
  ...ALLOWED_MATH.delimited,
]);

/** Environments a paper may open; not filecontents, verbatim inputs or code listings. */
// prettier-ignore
const ENVIRONMENTS = new Set([
  'document', 'abstract', 'figure', 'figure*', 'table', 'table*', 'tabular', 'tabular*',
  'tikzpicture', 'axis', 'itemize', 'enumerate', 'description', 'center', 'flushleft',
  'flushright', 'lrbox', 'minipage', 'quote', 'quotation', 'equation', 'equation*', 'align',
  'align*', 'gather', 'gather*', 'multline', 'multline*', 'split', 'cases', 'matrix', 'pmatrix',
  'bmatrix', 'vmatrix', 'array', 'small', 'footnotesize', 'scriptsize',
]);

// prettier-ignore
const PACKAGES = new Set([
  'geometry', 'fontenc', 'inputenc', 'lmodern', 'amsmath', 'amssymb', 'amsfonts', 'mathtools',
  'bm', 'graphicx', 'booktabs', 'pgfplots', 'hyperref', 'xcolor', 'url', 'array', 'multirow',
  'caption', 'subcaption', 'float', 'microtype', 'textcomp', 'tabularx', 'enumitem', 'times',
  'natbib',
]);
const CLASSES = new Set(['article', 'extarticle', 'amsart']);
const BIB_STYLES = new Set(['plain', 'unsrt', 'abbrv', 'alpha', 'ieeetr', 'plainnat', 'unsrtnat']);

/** Single-character control symbols: spacing, escaped specials, accents, display math. */
const CONTROL_SYMBOLS = new Set([...'\\,;:! %&$#_{}|-\'`"^~=.@/<>[]()\n\t\r']);

/** A file name inside the build directory: no path separator, no leading dot, no `..`. */
const LOCAL_FILE = /^[A-Za-z0-9][A-Za-z0-9_-]*(?:\.[A-Za-z0-9]+)*$/;

export interface TexSafetyOptions {
  /** File names \addplot may read as tables; default: any local file name. */
  dataFiles?: ReadonlySet<string>;
  /**
   * File names \input, \include and \includegraphics may read (a name without its
   * extension matches too); default: any local file name.
   */
  localFiles?: ReadonlySet<string>;
}

/** Skips spaces (and single newlines) from `i`; returns the next position. */
function skipSpace(tex: string, i: number): number {
  while (i < tex.length && /\s/.test(tex[i]!)) i++;
  return i;
}

/**
 * Reads a group delimited by `open`/`close` starting at `i` (which must be `open`), with
 * nested braces; returns its content and the position after it, or null if unterminated.
 */
function readGroup(
  tex: string,
  i: number,
  open: string,
  close: string,
): { content: string; end: number } | null {
  if (tex[i] !== open) return null;
  let depth = 0;
  let braces = 0;
  for (let j = i; j < tex.length; j++) {
    const ch = tex[j];
    if (ch === '\\') {
      j++;
      continue;
    }
    if (ch === '{') braces++;
    else if (ch === '}') braces--;
    if (open !== '{' && braces > 0) continue;
    if (ch === open) depth++;
    else if (ch === close && --depth === 0) return { content: tex.slice(i + 1, j), end: j + 1 };
  }
  return null;
}

/** The `{...}` argument after optional `*` and `[...]` options, starting at `i`. */
function readArgument(tex: string, i: number): { content: string; end: number } | null {
  let j = skipSpace(tex, i);
  if (tex[j] === '*') j = skipSpace(tex, j + 1);
  while (tex[j] === '[') {
    const opt = readGroup(tex, j, '[', ']');
    if (opt === null) return null;
    j = skipSpace(tex, opt.end);
  }
  return readGroup(tex, j, '{', '}');
}

/** Names a list argument holds (`\usepackage{a, b}`), trimmed. */
function names(list: string): string[] {
  return list.split(',').map((n) => n.trim());
}

/**
 * The reasons `tex` may not be compiled, or [] when it only uses allowed commands,
 * environments, packages and local files.
 */
export function texSafetyProblems(tex: string, options: TexSafetyOptions = {}): string[] {
  const problems = new Set<string>();
  const refuse = (why: string): void => void problems.add(why);

  if (tex.includes('^^')) refuse('^^ character escapes are not allowed');
  // eslint-disable-next-line no-control-regex
  if (/[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/.test(tex)) refuse('control characters are not allowed');
  // "%&" on the first line selects a format or TCX file; "% !TEX" lines instruct some tools.
  if (/^%&/.test(tex)) refuse('a %& first line is not allowed');
  if (/^\s*%\s*!\s*(TEX|BIB)/im.test(tex)) refuse('% !TEX magic comments are not allowed');
  if (/search\s+path/i.test(tex)) refuse('changing a search path is not allowed');

  // Commands the document defines itself; their bodies are checked like everything else.
  const defined = new Set<string>();
  for (const m of tex.matchAll(
    /\\(?:(?:new|renew|provide)command\*?|newsavebox|newlength)\s*\{?\s*\\([A-Za-z]+)/g,
  )) {
    defined.add(m[1]!);
  }

  for (const m of tex.matchAll(/\\([A-Za-z]+|[^A-Za-z])?/gsu)) {
    const name = m[1];
    const at = m.index + m[0].length;
    if (name === undefined) {
      refuse('a backslash at the end of the file');
      continue;
    }
    if (!/^[A-Za-z]/.test(name)) {
      if (!CONTROL_SYMBOLS.has(name)) refuse(`\\${name} is not allowed`);
      continue;
    }
    if (!COMMANDS.has(name) && !defined.has(name)) {
      refuse(`\\${name} is not allowed`);
      continue;
    }
    checkArguments(tex, name, at, options, refuse);
  }
  return [...problems];
}

/** A local file among `known` (with or without its extension); any when `known` is unset. */
function knownFile(file: string, known: ReadonlySet<string> | undefined): boolean {
  if (known === undefined) return true;
  return [...known].some((k) => k === file || k.replace(/\.[^.]*$/, '') === file);
}

/** Checks the arguments of the commands that name packages, files, styles or link targets. */
function checkArguments(
  tex: string,
  name: string,
  at: number,
  options: TexSafetyOptions,
  refuse: (why: string) => void,
): void {
  const arg = (): string | null => readArgument(tex, at)?.content ?? null;
  switch (name) {
    case 'usepackage':
    case 'RequirePackage':
      for (const pkg of names(arg() ?? '')) {
        if (!PACKAGES.has(pkg)) refuse(`package "${pkg}" is not allowed`);
      }
      return;
    case 'documentclass': {
      const cls = (arg() ?? '').trim();
      if (!CLASSES.has(cls)) refuse(`document class "${cls}" is not allowed`);
      return;
    }
    case 'bibliographystyle': {
      const style = (arg() ?? '').trim();
      if (!BIB_STYLES.has(style)) refuse(`bibliography style "${style}" is not allowed`);
      return;
    }
    case 'bibliography':
      for (const file of names(arg() ?? '')) {
        if (!LOCAL_FILE.test(file)) refuse(`\\bibliography{${file}} is outside the directory`);
      }
      return;
    case 'input':
    case 'include':
    case 'includegraphics':
    case 'IfFileExists': {
      const start = skipSpace(tex, at);
      // \input also takes a bare file name ended by a space.
      const file =
        tex[start] === '{' || tex[start] === '['
          ? arg()
          : name === 'input'
            ? (/^[^\s\\{}]*/.exec(tex.slice(start))?.[0] ?? '')
            : null;
      if (file === null || !LOCAL_FILE.test(file.trim())) {
        refuse(`\\${name} of "${file ?? ''}" is outside the directory`);
      } else if (name !== 'IfFileExists' && !knownFile(file.trim(), options.localFiles)) {
        refuse(`\\${name} of "${file.trim()}" names a file the paper does not have`);
      }
      return;
    }
    case 'url':
    case 'href': {
      const target = (arg() ?? '').trim();
      if (!/^(https?:\/\/|mailto:)/i.test(target)) refuse(`link target "${target}" is not allowed`);
      return;
    }
    case 'begin':
    case 'end': {
      const env = (readGroup(tex, skipSpace(tex, at), '{', '}')?.content ?? '').trim();
      if (!ENVIRONMENTS.has(env)) refuse(`environment "${env}" is not allowed`);
      return;
    }
    case 'addplot':
      checkAddplot(tex, at, options, refuse);
      return;
  }
}

/** `\addplot[+][opts] table[opts]{file}` may read a data file; other sources are refused. */
function checkAddplot(
  tex: string,
  at: number,
  options: TexSafetyOptions,
  refuse: (why: string) => void,
): void {
  let i = skipSpace(tex, at);
  if (tex[i] === '+') i = skipSpace(tex, i + 1);
  if (tex[i] === '3') i = skipSpace(tex, i + 1);
  if (tex[i] === '[') {
    const opt = readGroup(tex, i, '[', ']');
    if (opt === null) return refuse('unterminated \\addplot options');
    i = skipSpace(tex, opt.end);
  }
  const keyword = /^[a-z]+/.exec(tex.slice(i))?.[0] ?? '';
  if (keyword === 'coordinates' || keyword === 'expression' || tex[i] === '{') return;
  if (keyword !== 'table' && keyword !== 'file') {
    return refuse(`\\addplot ${keyword || tex.slice(i, i + 10)} is not allowed`);
  }
  const file = readArgument(tex, i + keyword.length)?.content.trim() ?? '';
  const known = options.dataFiles === undefined || options.dataFiles.has(file);
  if (!LOCAL_FILE.test(file) || !known) refuse(`\\addplot ${keyword} reads "${file}"`);
}
