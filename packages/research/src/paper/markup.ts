// The light markup LLM-written prose uses, rendered to LaTeX. Everything that is not
// recognised markup goes through escapeLatex, and recognised markup only ever produces
// commands generated here (\cite, \ref, \textbf, \emph, \texttt, itemize, enumerate) or
// math that passed sanitizeMath, so the input cannot run TeX commands of its own.
import { escapeLatex } from './escape.ts';
import { sanitizeMath } from './math.ts';

/** How `$...$` spans are treated: kept as math when safe, or always shown as text. */
export type MathMode = 'auto' | 'text';

/** What markup rendering needs to know about the paper, and what it records while rendering. */
export interface MarkupContext {
  /** Known reference keys by lower-cased key (BibTeX compares keys case-insensitively). */
  readonly references: ReadonlyMap<string, string>;
  /** LaTeX labels of rendered tables and figures by lower-cased `tab:x` / `fig:x`. */
  readonly labels: ReadonlyMap<string, string>;
  /** Keys cited so far, in order of first citation. */
  readonly cited: Set<string>;
  /** Float labels referenced so far, in order of first reference. */
  readonly referenced: Set<string>;
  readonly math: MathMode;
}

const KEY = '[A-Za-z0-9_:-]+';
const INLINE = new RegExp(
  [
    // \% \$ \& \# \_ \{ \}: the author meant the literal character.
    String.raw`(?<literal>\\[$%&#_{}])`,
    String.raw`(?<code>\x60[^\x60\n]+\x60)`,
    // Pandoc's rule: no space just inside the dollars and no digit right after the closing
    // one, so "costs $5 and $10" stays text.
    String.raw`(?<math>\$[^\s$](?:[^$\n]*?[^\s$\\])?\$(?!\d))`,
    String.raw`(?<cites>\s*\[\s*-?@${KEY}(?:\s*[;,]\s*-?@${KEY})*\s*\])`,
    String.raw`(?<texcite>\s*\\cite[pt]?\{[^{}\n]*\})`,
    String.raw`(?<texref>\\(?:auto|c|C)?ref\{[^{}\n]*\})`,
    String.raw`(?<bare>(?<![\w@])@[A-Za-z0-9_:-]*[A-Za-z0-9_])`,
    String.raw`(?<bold>\*\*(?=\S)[\s\S]*?\S\*\*)`,
    String.raw`(?<italic>(?<![\w*])\*(?=[^\s*])[^*\n]*?[^\s*\\]\*(?![\w*]))`,
  ].join('|'),
  'g',
);

/** Renders `\cite{...}` for the known keys among `keys`, or '' when none is known. */
function cite(keys: string[], leadingSpace: string, ctx: MarkupContext): string {
  const known: string[] = [];
  for (const key of keys) {
    const canonical = ctx.references.get(key.toLowerCase());
    if (canonical !== undefined && !known.includes(canonical)) known.push(canonical);
  }
  // Unknown keys are dropped together with the space before them: never invent a source.
  if (known.length === 0) return '';
  for (const key of known) ctx.cited.add(key);
  return `${leadingSpace.length > 0 ? '~' : ''}\\cite{${known.join(',')}}`;
}

/** `Table~\ref{...}` / `Figure~\ref{...}` for a known `tab:x` / `fig:x`, else null. */
function crossRef(name: string, ctx: MarkupContext): string | null {
  const label = ctx.labels.get(name.toLowerCase());
  if (label === undefined) return null;
  ctx.referenced.add(label);
  return `${label.startsWith('tab:') ? 'Table' : 'Figure'}~\\ref{${label}}`;
}

function renderToken(
  groups: Record<string, string | undefined>,
  match: string,
  ctx: MarkupContext,
): string {
  const { literal, code, math, cites, texcite, texref, bare, bold, italic } = groups;
  if (literal !== undefined) return escapeLatex(literal.slice(1));
  if (code !== undefined) return `\\texttt{${escapeLatex(code.slice(1, -1))}}`;
  if (math !== undefined) {
    const safe = ctx.math === 'auto' ? sanitizeMath(math.slice(1, -1)) : null;
    return safe === null ? escapeLatex(math) : `$${safe}$`;
  }
  if (cites !== undefined) {
    const keys = [...cites.matchAll(new RegExp(`@(${KEY})`, 'g'))].map((m) => m[1] ?? '');
    return cite(keys, /^\s*/.exec(cites)?.[0] ?? '', ctx);
  }
  if (texcite !== undefined) {
    const inner = texcite.slice(texcite.indexOf('{') + 1, -1);
    return cite(
      inner.split(',').map((k) => k.trim()),
      /^\s*/.exec(texcite)?.[0] ?? '',
      ctx,
    );
  }
  if (texref !== undefined) {
    return crossRef(texref.slice(texref.indexOf('{') + 1, -1).trim(), ctx) ?? escapeLatex(texref);
  }
  if (bare !== undefined) {
    const name = bare.slice(1);
    if (/^(tab|fig):/i.test(name)) return crossRef(name, ctx) ?? escapeLatex(bare);
    // A bare @word is only a citation when it names a known reference; otherwise it is
    // probably a handle or similar and stays as text.
    return ctx.references.has(name.toLowerCase()) ? cite([name], '', ctx) : escapeLatex(bare);
  }
  if (bold !== undefined) return `\\textbf{${renderInline(bold.slice(2, -2), ctx)}}`;
  if (italic !== undefined) return `\\emph{${renderInline(italic.slice(1, -1), ctx)}}`;
  return escapeLatex(match);
}

/** Renders one run of prose (no paragraph breaks) with inline markup to LaTeX. */
export function renderInline(text: string, ctx: MarkupContext): string {
  let out = '';
  let last = 0;
  for (const m of text.matchAll(INLINE)) {
    out += escapeLatex(text.slice(last, m.index));
    out += renderToken(m.groups ?? {}, m[0], ctx);
    last = m.index + m[0].length;
  }
  out += escapeLatex(text.slice(last));
  // A paragraph break inside an argument (\section{...}, \caption{...}) is a TeX error,
  // and escapeLatex already collapsed every whitespace run, so only edges remain.
  return out.trim();
}

type Block =
  | { kind: 'paragraph'; lines: string[] }
  | { kind: 'list'; ordered: boolean; items: string[] }
  | { kind: 'heading'; level: number; text: string };

const BULLET = /^\s*[-*+]\s+(.*)$/;
const NUMBERED = /^\s*\d{1,3}[.)]\s+(.*)$/;
const HEADING = /^\s*(#{1,6})\s+(.*?)\s*#*\s*$/;

function parseBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  let current: Block | null = null;
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    if (line.trim() === '') {
      current = null;
      continue;
    }
    const heading = HEADING.exec(line);
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    if (heading) {
      blocks.push({ kind: 'heading', level: heading[1]?.length ?? 1, text: heading[2] ?? '' });
      current = null;
    } else if (bullet || numbered) {
      const ordered = numbered !== null;
      const item = (bullet ?? numbered)?.[1] ?? '';
      if (current?.kind === 'list' && current.ordered === ordered) current.items.push(item);
      else {
        current = { kind: 'list', ordered, items: [item] };
        blocks.push(current);
      }
    } else if (current?.kind === 'list') {
      // Markdown's lazy continuation: a non-blank line after an item continues it.
      const i = current.items.length - 1;
      current.items[i] = `${current.items[i] ?? ''}\n${line}`;
    } else if (current?.kind === 'paragraph') current.lines.push(line);
    else {
      current = { kind: 'paragraph', lines: [line] };
      blocks.push(current);
    }
  }
  return blocks;
}

function normalizeHeading(text: string): string {
  return text
    .replace(/[*_`#]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/**
 * Renders multi-paragraph prose: blank-line separated paragraphs, `- ` / `1. ` lists and
 * `#` headings (as subsections). A leading heading equal to `skipHeading` is dropped,
 * since LLMs often repeat the section title at the top of its body.
 */
export function renderBlocks(text: string, ctx: MarkupContext, skipHeading?: string): string {
  const blocks = parseBlocks(text);
  const first = blocks[0];
  if (
    first?.kind === 'heading' &&
    skipHeading !== undefined &&
    normalizeHeading(first.text) === normalizeHeading(skipHeading)
  ) {
    blocks.shift();
  }
  const out: string[] = [];
  for (const block of blocks) {
    if (block.kind === 'heading') {
      const title = renderInline(block.text, ctx);
      if (title !== '')
        out.push(`\\${block.level >= 4 ? 'subsubsection' : 'subsection'}{${title}}`);
    } else if (block.kind === 'list') {
      const env = block.ordered ? 'enumerate' : 'itemize';
      const items = block.items.map((item) => `  \\item ${renderInline(item, ctx)}`);
      out.push([`\\begin{${env}}`, ...items, `\\end{${env}}`].join('\n'));
    } else {
      const paragraph = renderInline(block.lines.join('\n'), ctx);
      if (paragraph !== '') out.push(paragraph);
    }
  }
  return out.join('\n\n');
}
