// The numbers written in prose: what each says (value, the writer's rounding, percent or
// count), found outside code, citations, labels, links and identifiers.

/** A number as written in prose. */
export interface WrittenNumber {
  /** As written, e.g. "68%", "1,000", "−0.5", "2.5e-4", "3rd". */
  text: string;
  /** Its value, sign and scale applied; a percentage is not divided by 100. */
  value: number;
  /** Half a unit in the last written digit: the rounding the writer may have applied. */
  tolerance: number;
  /** Followed by %, "percent", "pp", "percentage points" or "points". */
  percent: boolean;
  /** A whole number with no decimals, exponent, scale or percent: may be a count. */
  plainInteger: boolean;
}

/** Spans whose digits are not claims: code, citations, cross-references, labels, links, scripts. */
const IGNORED = new RegExp(
  [
    String.raw`\x60[^\x60\n]*\x60`,
    String.raw`\[[^\]\n]*@[^\]\n]*\]`,
    String.raw`\\(?:cite[a-z]*|(?:auto|eq|page|c|C)?ref|label|url|href)\*?\s*(?:\[[^\]]*\])?\{[^{}]*\}`,
    String.raw`@[A-Za-z0-9_:.-]*[A-Za-z0-9_]`,
    String.raw`\b(?:fig|figure|tab|table|eq|sec|lst|alg):[A-Za-z0-9_.:-]+`,
    String.raw`https?://[^\s)\]]+`,
    String.raw`\b(?:doi:\s*)?10\.\d{4,9}/[^\s)\]]+`,
    // Subscripts and superscripts of symbols (x_1, x^{2}); 10^{-3} is kept as a number.
    String.raw`_\{[^{}]*\}|_[A-Za-z0-9]+`,
    String.raw`(?<![\d}])\^\{[^{}]*\}|(?<![\d}])\^[-+−]?\d+`,
  ].join('|'),
  'g',
);

const NUMBER = new RegExp(
  String.raw`(?<sign>[-+−–]?)` +
    String.raw`(?<body>(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|\.\d+)` +
    String.raw`(?<exp>[eE][-+−]?\d+(?![A-Za-z])` +
    String.raw`|\s*(?:×|x|\\times|\\cdot|·)\s*10\s*\^\s*\{?\s*(?<exp10>[-+−]?\d+)\s*\}?` +
    String.raw`|\s*\^\s*\{?\s*(?<pow>[-+−]?\d+)\s*\}?)?`,
  'gu',
);
const PERCENT =
  /^\s*(?:\\?%|percent\b|per cent\b|pp\b|p\.p\.|percentage points?\b|points?\b|pts\b)/i;
const ORDINAL = /^(?:st|nd|rd|th)(?![\p{L}\d])/u;
const RATIO = /^[x×](?![\p{L}\d])/u;
const SCALE: Readonly<Record<string, number>> = { k: 1e3, K: 1e3, M: 1e6, B: 1e9, bn: 1e9 };
/** Units written against a number ("100ms"): the number still counts. */
const UNITS = new Set(
  'ms s sec min h hr hrs GB MB KB TB GiB MiB Hz kHz MHz GHz px pt cm mm km kg'.split(' '),
);

/** Replaces ignored spans with spaces, so offsets stay the same. */
function mask(text: string): string {
  return text.replace(IGNORED, (m) => ' '.repeat(m.length));
}

/**
 * True when the digits at `start` belong to a word: the run of digits, dots, commas and
 * dashes before them starts right after a letter, `_`, `@`, `:`, `\` or `#`
 * (CIFAR-10, x86-64, v1.2, fig:1, seed_42).
 */
function insideIdentifier(text: string, start: number): boolean {
  let i = start - 1;
  while (i >= 0 && /[\d.,\-–−]/.test(text[i]!)) i--;
  return i >= 0 && /[\p{L}_@:\\#]/u.test(text[i]!);
}

/** A leading dash is a minus sign unless it joins two numbers (a range "3–5" or "3-5"). */
function isSign(text: string, at: number): boolean {
  let i = at - 1;
  while (i >= 0 && /[ \t]/.test(text[i]!)) i--;
  return i < 0 || !/[\d%)]/.test(text[i]!);
}

function decimals(body: string): number {
  const dot = body.indexOf('.');
  return dot === -1 ? 0 : body.length - dot - 1;
}

/** Every number written in `text`, outside code, citations, labels, links and identifiers. */
export function extractNumbers(text: string): WrittenNumber[] {
  const masked = mask(text);
  const found: (WrittenNumber & { start: number; end: number })[] = [];
  for (const m of masked.matchAll(NUMBER)) {
    const { sign = '', body = '', exp, exp10, pow } = m.groups ?? {};
    const bodyStart = m.index + sign.length;
    if (insideIdentifier(masked, bodyStart)) continue;
    if (pow !== undefined && body !== '10') continue; // x^2 style powers are not numbers here
    const negative = sign !== '' && sign !== '+' && isSign(masked, m.index);
    const start = negative || sign === '+' ? m.index : bodyStart;
    let end = m.index + m[0].length;
    const rest = masked.slice(end);

    let mantissa = Number(body.replace(/,/g, ''));
    let scale = 1;
    let unit = decimals(body);
    if (pow !== undefined) {
      // 10^{-3}: the value 1e-3, written with one significant digit.
      mantissa = 1;
      scale = 10 ** Number(pow.replace('−', '-'));
      unit = 0;
    } else if (exp10 !== undefined) {
      scale = 10 ** Number(exp10.replace('−', '-'));
    } else if (exp !== undefined) {
      scale = 10 ** Number(exp.slice(1).replace('−', '-'));
    }

    let percent = false;
    let plainInteger = unit === 0 && scale === 1 && !body.startsWith('.');
    const suffix = /^[\p{L}]+/u.exec(rest)?.[0] ?? '';
    const percentMatch = PERCENT.exec(rest);
    if (percentMatch !== null) {
      percent = true;
      // "3 points" may also be a count; "3%" never is (or every small percentage would pass).
      if (!/points?|pts/i.test(percentMatch[0])) plainInteger = false;
      end += percentMatch[0].length;
    } else if (suffix !== '') {
      if (ORDINAL.test(rest)) {
        end += 2;
      } else if (RATIO.test(rest)) {
        plainInteger = false;
        end += 1;
      } else if (SCALE[suffix] !== undefined) {
        scale *= SCALE[suffix];
        plainInteger = false;
        end += suffix.length;
      } else if (!UNITS.has(suffix)) {
        continue; // part of a word, such as "3D"
      } else {
        end += suffix.length;
      }
    } else if (/^[_@]/.test(rest)) {
      continue;
    }
    const value = (negative ? -1 : 1) * mantissa * scale;
    if (!Number.isFinite(value)) continue;
    found.push({
      text: text.slice(start, end).trim(),
      value,
      tolerance: 0.5 * 10 ** -unit * scale,
      percent,
      plainInteger,
      start,
      end,
    });
  }
  // In a range of percentages ("50–60%") the first number is a percentage too.
  for (let i = found.length - 2; i >= 0; i--) {
    const [a, b] = [found[i]!, found[i + 1]!];
    const between = masked.slice(a.end, b.start);
    if (b.percent && !b.plainInteger && !a.percent && /^\s*(?:[-–]|to)\s*$/.test(between)) {
      a.percent = true;
      a.plainInteger = false;
    }
  }
  return found.map(({ start: _start, end: _end, ...n }) => n);
}
