// Inline math written by an LLM is kept as math only when it is provably harmless: every
// control sequence is on an allow-list of plain math commands (no \input, \write, \def,
// \catcode, \csname, ...), no ^^ escapes, no comment or alignment characters, and the
// structure that -halt-on-error would stop on (braces, \left/\right, missing arguments,
// double scripts) is checked. Anything else is rendered as escaped text by the caller.
import { mathForChar } from './escape.ts';

const MAX_MATH_LENGTH = 400;

/** Commands taking no argument: symbols, operators, spacing. */
const SYMBOLS = new Set(
  (
    'alpha beta gamma delta epsilon varepsilon zeta eta theta vartheta iota kappa lambda mu nu xi ' +
    'pi varpi rho varrho sigma varsigma tau upsilon phi varphi chi psi omega Gamma Delta Theta ' +
    'Lambda Xi Pi Sigma Upsilon Phi Psi Omega ell hbar imath jmath aleph Re Im wp ' +
    'pm mp times div cdot cdots ldots dots vdots ddots ast star circ bullet oplus ominus otimes ' +
    'odot setminus wedge vee land lor neg lnot cap cup sqcup sqcap uplus ' +
    'leq le geq ge neq ne approx sim simeq cong equiv propto ll gg prec succ preceq succeq ' +
    'lesssim gtrsim leqslant geqslant doteq asymp perp parallel mid nmid ' +
    'in notin ni subset subseteq supset supseteq emptyset varnothing forall exists nexists ' +
    'infty partial nabla prime top bot angle triangle therefore because ' +
    'to rightarrow leftarrow leftrightarrow Rightarrow Leftarrow Leftrightarrow longrightarrow ' +
    'longleftarrow Longrightarrow mapsto implies iff gets uparrow downarrow updownarrow ' +
    'sum prod coprod int iint oint bigcup bigcap bigoplus bigotimes ' +
    'lim limsup liminf max min sup inf arg det dim exp ln log lg sin cos tan cot sec csc ' +
    'arcsin arccos arctan sinh cosh tanh Pr gcd deg ker hom ' +
    'langle rangle lfloor rfloor lceil rceil lvert rvert lVert rVert vert Vert backslash ' +
    'quad qquad colon surd'
  ).split(' '),
);

/** Commands taking one argument (math content, except \text whose content is text). */
const ONE_ARG = new Set(
  (
    'hat bar tilde vec dot ddot check breve acute grave overline underline widehat widetilde ' +
    'mathrm mathbf mathit mathcal mathbb mathsf mathtt mathfrak boldsymbol operatorname ' +
    'sqrt text'
  ).split(' '),
);

const TWO_ARGS = new Set(['frac', 'dfrac', 'tfrac', 'binom']);

/** Sizing commands that must be followed by a delimiter, like \left and \right. */
const DELIMITED = new Set([
  'left',
  'right',
  'big',
  'Big',
  'bigg',
  'Bigg',
  'bigl',
  'bigr',
  'Bigl',
  'Bigr',
]);

/** The allow-lists, for the test that compiles one use of every command. */
export const ALLOWED_MATH = {
  symbols: SYMBOLS,
  oneArg: ONE_ARG,
  twoArgs: TWO_ARGS,
  delimited: DELIMITED,
};

/** Delimiters accepted after \left, \right, \big...: characters and command names. */
const DELIMITER_CHARS = new Set(['(', ')', '[', ']', '|', '.', '/', '<', '>']);
// prettier-ignore
const DELIMITER_COMMANDS = new Set([
  '{', '}', '|', 'langle', 'rangle', 'lfloor', 'rfloor', 'lceil', 'rceil', 'lvert', 'rvert',
  'lVert', 'rVert', 'vert', 'Vert', 'uparrow', 'downarrow', 'backslash',
]);

/** Control symbols (backslash + one non-letter) that only print or space. */
const CONTROL_SYMBOLS = new Set([',', ';', ':', '!', ' ', '{', '}', '|', '%', '#', '&', '_']);

/** Characters that must never appear bare: comment, alignment, parameter, math shift. */
const FORBIDDEN_CHARS = new Set(['%', '&', '#', '$']);

type Token =
  | { kind: 'cs'; name: string }
  | { kind: 'open' }
  | { kind: 'close' }
  | { kind: 'space' }
  | { kind: 'char'; ch: string };

function tokenize(src: string): Token[] | null {
  const tokens: Token[] = [];
  for (let i = 0; i < src.length; i++) {
    const ch = src[i] ?? '';
    if (ch === '\\') {
      const word = /^[A-Za-z]+/.exec(src.slice(i + 1));
      if (word) {
        tokens.push({ kind: 'cs', name: word[0] });
        i += word[0].length;
      } else {
        const next = src[i + 1];
        if (next === undefined) return null;
        tokens.push({ kind: 'cs', name: next });
        i += 1;
      }
    } else if (ch === '{') tokens.push({ kind: 'open' });
    else if (ch === '}') tokens.push({ kind: 'close' });
    else if (ch === ' ') tokens.push({ kind: 'space' });
    else tokens.push({ kind: 'char', ch });
  }
  return tokens;
}

/** The index after one argument starting at `i` (spaces skipped), or -1 when there is none. */
function skipArgument(tokens: Token[], i: number): number {
  let j = i;
  while (tokens[j]?.kind === 'space') j++;
  const t = tokens[j];
  if (t === undefined || t.kind === 'close') return -1;
  if (t.kind === 'char') return t.ch === '^' || t.ch === '_' ? -1 : j + 1;
  if (t.kind === 'cs') return SYMBOLS.has(t.name) || CONTROL_SYMBOLS.has(t.name) ? j + 1 : -1;
  let depth = 0;
  for (; j < tokens.length; j++) {
    const k = tokens[j]?.kind;
    if (k === 'open') depth++;
    else if (k === 'close' && --depth === 0) return j + 1;
  }
  return -1;
}

function nextNonSpace(tokens: Token[], i: number): Token | undefined {
  let j = i;
  while (tokens[j]?.kind === 'space') j++;
  return tokens[j];
}

function isDelimiter(t: Token | undefined): boolean {
  if (t?.kind === 'char') return DELIMITER_CHARS.has(t.ch);
  if (t?.kind === 'cs') return DELIMITER_COMMANDS.has(t.name);
  return false;
}

/** \text's argument is typeset in text mode, where ^, _ and commands would misbehave. */
function isPlainTextGroup(tokens: Token[], start: number, end: number): boolean {
  let j = start;
  while (tokens[j]?.kind === 'space') j++;
  if (tokens[j]?.kind !== 'open') return false;
  for (let k = j + 1; k < end - 1; k++) {
    const t = tokens[k];
    if (t?.kind === 'space') continue;
    if (t?.kind !== 'char' || t.ch === '^' || t.ch === '_') return false;
  }
  return true;
}

function isScript(t: Token | undefined, ch?: string): boolean {
  return t?.kind === 'char' && (t.ch === '^' || t.ch === '_') && (ch === undefined || t.ch === ch);
}

function validate(tokens: Token[]): boolean {
  // \left/\right must pair up within the same brace group.
  const openLefts: number[] = [0];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.kind === 'open') openLefts.push(0);
    else if (t.kind === 'close') {
      if (openLefts.length === 1 || openLefts.pop() !== 0) return false;
    } else if (t.kind === 'char') {
      if (FORBIDDEN_CHARS.has(t.ch)) return false;
      if (t.ch === '^' || t.ch === '_') {
        const after = skipArgument(tokens, i + 1);
        if (after < 0) return false;
        // x^a^b and x_a_b are "double script" errors; x^a_b^c is one too.
        const next = nextNonSpace(tokens, after);
        if (isScript(next, t.ch)) return false;
        if (isScript(next)) {
          const j = tokens.indexOf(next!, after);
          const after2 = skipArgument(tokens, j + 1);
          if (after2 < 0 || isScript(nextNonSpace(tokens, after2))) return false;
        }
      }
    } else if (t.kind === 'cs') {
      const name = t.name;
      if (name.length === 1 && !/[A-Za-z]/.test(name)) {
        if (!CONTROL_SYMBOLS.has(name)) return false;
      } else if (DELIMITED.has(name)) {
        if (!isDelimiter(nextNonSpace(tokens, i + 1))) return false;
        const depth = openLefts.length - 1;
        if (name === 'left') openLefts[depth]! += 1;
        else if (name === 'right' && (openLefts[depth]! -= 1) < 0) return false;
      } else if (ONE_ARG.has(name)) {
        const end = skipArgument(tokens, i + 1);
        if (end < 0) return false;
        if (name === 'text' && !isPlainTextGroup(tokens, i + 1, end)) return false;
      } else if (TWO_ARGS.has(name)) {
        const first = skipArgument(tokens, i + 1);
        if (first < 0 || skipArgument(tokens, first) < 0) return false;
      } else if (!SYMBOLS.has(name)) return false;
    }
  }
  return openLefts.length === 1 && openLefts[0] === 0;
}

/**
 * Returns the content of an inline math span (without the `$`) ready to be written between
 * `$...$`, or null when it is not on the safe subset and must be shown as text instead.
 */
export function sanitizeMath(src: string): string | null {
  const trimmed = src.trim();
  if (trimmed.length === 0 || trimmed.length > MAX_MATH_LENGTH) return null;
  let ascii = '';
  for (const ch of trimmed.normalize('NFC')) {
    const cp = ch.codePointAt(0) ?? 0;
    if (cp >= 0x20 && cp < 0x7f) ascii += ch;
    else if (/\s/u.test(ch)) ascii += ' ';
    else {
      const mapped = mathForChar(ch);
      if (mapped === null) return null;
      ascii += /[A-Za-z]$/.test(mapped) ? `${mapped} ` : mapped;
    }
  }
  // ^^ is TeX's character-code escape (^^5c is a backslash): refuse it in any form.
  if (ascii.includes('^^')) return null;
  const tokens = tokenize(ascii);
  if (tokens === null || !validate(tokens)) return null;
  return ascii.replace(/\s+/g, ' ');
}
