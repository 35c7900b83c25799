// Turns untrusted plain text into LaTeX that pdflatex (T1 fontenc, utf8 inputenc) typesets
// literally: no character of the input can start a control sequence, open or close a group,
// switch to math mode, comment out the rest of a line or form a ^^ escape.

/** LaTeX's special characters and the text-mode commands that print them. */
const SPECIALS: Readonly<Record<string, string>> = {
  '\\': '\\textbackslash{}',
  // \textbraceleft rather than \{ so the output is also safe inside .bib fields,
  // where BibTeX counts every brace, escaped or not.
  '{': '\\textbraceleft{}',
  '}': '\\textbraceright{}',
  $: '\\$',
  '&': '\\&',
  '#': '\\#',
  '^': '\\textasciicircum{}',
  _: '\\_',
  '%': '\\%',
  '~': '\\textasciitilde{}',
  // Brackets are harmless in running text but become optional arguments right after
  // \item or \\ (a table row), so they are always wrapped in a group.
  '[': '{[}',
  ']': '{]}',
};

/** Greek letters: the command name, usable as `$\name$` in text or `\name` in math. */
// prettier-ignore
const GREEK: Readonly<Record<string, string>> = {
  α: 'alpha', β: 'beta', γ: 'gamma', δ: 'delta', ε: 'epsilon', ϵ: 'epsilon', ζ: 'zeta', η: 'eta',
  θ: 'theta', ϑ: 'vartheta', ι: 'iota', κ: 'kappa', λ: 'lambda', μ: 'mu', µ: 'mu', ν: 'nu',
  ξ: 'xi', π: 'pi', ρ: 'rho', σ: 'sigma', ς: 'varsigma', τ: 'tau', υ: 'upsilon', φ: 'phi',
  ϕ: 'phi', χ: 'chi', ψ: 'psi', ω: 'omega', Γ: 'Gamma', Δ: 'Delta', Θ: 'Theta', Λ: 'Lambda',
  Ξ: 'Xi', Π: 'Pi', Σ: 'Sigma', Υ: 'Upsilon', Φ: 'Phi', Ψ: 'Psi', Ω: 'Omega',
};

/** Math symbols: the command (or ASCII) that draws them in math mode. */
// prettier-ignore
const MATH_SYMBOLS: Readonly<Record<string, string>> = {
  '±': '\\pm', '∓': '\\mp', '×': '\\times', '÷': '\\div', '·': '\\cdot', '⋅': '\\cdot',
  '−': '-', '≤': '\\leq', '≥': '\\geq', '≠': '\\neq', '≈': '\\approx', '∼': '\\sim',
  '≃': '\\simeq', '≡': '\\equiv', '∝': '\\propto', '≪': '\\ll', '≫': '\\gg', '∞': '\\infty',
  '→': '\\rightarrow', '←': '\\leftarrow', '↔': '\\leftrightarrow', '⇒': '\\Rightarrow',
  '⇐': '\\Leftarrow', '⇔': '\\Leftrightarrow', '↑': '\\uparrow', '↓': '\\downarrow',
  '↦': '\\mapsto', '∑': '\\sum', '∏': '\\prod', '∫': '\\int', '√': '\\surd', '∂': '\\partial',
  '∇': '\\nabla', '∈': '\\in', '∉': '\\notin', '⊂': '\\subset', '⊆': '\\subseteq',
  '⊃': '\\supset', '⊇': '\\supseteq', '∪': '\\cup', '∩': '\\cap', '∅': '\\emptyset',
  '∀': '\\forall', '∃': '\\exists', '¬': '\\neg', '∧': '\\wedge', '∨': '\\vee',
  '⟨': '\\langle', '⟩': '\\rangle', '′': "'", '∘': '\\circ', '⊕': '\\oplus',
  '⊗': '\\otimes', '∗': '\\ast', '…': '\\ldots', '⋯': '\\cdots', '∣': '\\mid', '‖': '\\|',
};

/** Non-ASCII characters that are not math, with a text-mode LaTeX form. */
// prettier-ignore
const TEXT_SYMBOLS: Readonly<Record<string, string>> = {
  '“': '``', '”': "''", '„': '\\quotedblbase{}', '‘': '`', '’': "'", '‚': '\\quotesinglbase{}',
  '«': '\\guillemotleft{}', '»': '\\guillemotright{}', '‹': '\\guilsinglleft{}',
  '›': '\\guilsinglright{}', '–': '--', '—': '---', '―': '---', '‒': '--', '‐': '-', '‑': '-',
  '…': '\\ldots{}', '•': '\\textbullet{}', '°': '\\textdegree{}', '§': '\\S{}', '¶': '\\P{}',
  '©': '\\textcopyright{}', '®': '\\textregistered{}', '™': '\\texttrademark{}',
  '€': '\\texteuro{}', '£': '\\pounds{}', '¥': '\\textyen{}', '¢': '\\textcent{}',
  '‰': '\\textperthousand{}', '†': '\\dag{}', '‡': '\\ddag{}', '¡': '\\textexclamdown{}',
  '¿': '\\textquestiondown{}', '¹': '\\textsuperscript{1}', '²': '\\textsuperscript{2}',
  '³': '\\textsuperscript{3}', '½': '1/2', '¼': '1/4', '¾': '3/4', '′': "$'$", '″': "$''$",
  '\u00a0': '~', '\u202f': '\\,', '\u2009': '\\,',
};

/** Invisible characters dropped outright (zero-width joiners, BOM, soft hyphen). */
const INVISIBLE = new Set(['\u00ad', '\u200b', '\u200c', '\u200d', '\u2060', '\ufeff']);

/**
 * Latin Extended-A letters that T1 + utf8 inputenc cannot typeset (absent from t1enc.dfu);
 * any other letter in U+00C0..U+017F is passed through as UTF-8.
 */
const T1_MISSING = new Set([
  0x00d7, 0x00f7, 0x0126, 0x0127, 0x0138, 0x013f, 0x0140, 0x0149, 0x0166, 0x0167, 0x017f,
]);

function isT1Letter(cp: number): boolean {
  return cp >= 0x00c0 && cp <= 0x017f && !T1_MISSING.has(cp);
}

/** Whitespace other than the no-break spaces, which TEXT_SYMBOLS turns into ties. */
function isSpace(ch: string): boolean {
  return /\s/u.test(ch) && ch !== '\u00a0' && ch !== '\u202f' && ch !== '\u2009';
}

function textForChar(ch: string, decompose: boolean): string {
  const special = SPECIALS[ch];
  if (special !== undefined) return special;
  const cp = ch.codePointAt(0) ?? 0;
  if (cp >= 0x20 && cp < 0x7f) return ch;
  if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f) || INVISIBLE.has(ch)) return '';
  const symbol = TEXT_SYMBOLS[ch];
  if (symbol !== undefined) return symbol;
  const greek = GREEK[ch];
  if (greek !== undefined) return `$\\${greek}$`;
  const math = MATH_SYMBOLS[ch];
  if (math !== undefined) return `$${math}$`;
  if (isT1Letter(cp)) return ch;
  if (decompose) {
    // Accented letters outside T1 (e.g. "ș" with comma, "ő" variants, fullwidth forms,
    // ligatures) usually decompose to something typesettable.
    const base = ch.normalize('NFKD').replace(/\p{M}/gu, '');
    if (base !== ch && base.length > 0) return [...base].map((c) => textForChar(c, false)).join('');
  }
  // Unknown letters stay visible as '?'; unknown symbols and emoji are dropped.
  return /[\p{L}\p{N}]/u.test(ch) ? '?' : '';
}

/**
 * Escapes plain text for LaTeX text mode: every special character, unicode punctuation and
 * symbols mapped to LaTeX forms, control characters removed, whitespace runs collapsed.
 */
export function escapeLatex(text: string): string {
  let out = '';
  let pendingSpace = false;
  let prev = '';
  for (const ch of text.normalize('NFC')) {
    // Checked first: JS counts U+FEFF as whitespace.
    if (INVISIBLE.has(ch)) continue;
    if (isSpace(ch)) {
      pendingSpace = true;
      prev = ' ';
      continue;
    }
    if (pendingSpace) {
      out += ' ';
      pendingSpace = false;
    }
    // T1 fonts have ligatures for << >> ,, (guillemets, low quotes); break them up.
    if ((ch === '<' || ch === '>' || ch === ',') && prev === ch) out += '{}';
    out += textForChar(ch, true);
    prev = ch;
  }
  return pendingSpace ? `${out} ` : out;
}

/**
 * The math-mode form of a non-ASCII character (`\alpha`, `\leq`, ...), or null when it
 * has none; used to accept inline math written with unicode symbols.
 */
export function mathForChar(ch: string): string | null {
  const greek = GREEK[ch];
  if (greek !== undefined) return `\\${greek}`;
  return MATH_SYMBOLS[ch] ?? null;
}

/** Every non-ASCII character with a dedicated mapping, for the test that compiles them all. */
export const MAPPED_CHARACTERS: readonly string[] = [
  ...Object.keys(TEXT_SYMBOLS),
  ...Object.keys(GREEK),
  ...Object.keys(MATH_SYMBOLS),
];

/** Printable ASCII only, for PDF metadata (title, author) where markup is not wanted. */
export function plainAscii(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9 .,:;!?()'/+-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
