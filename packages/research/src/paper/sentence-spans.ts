// Prose cut into sentences (markdown-ish blocks, abbreviations that do not end one), as
// offsets into the text so a sentence can be replaced in place.

/** Where a piece of text is: offsets into the text it came from. */
export interface Span {
  start: number;
  end: number;
}

const BLOCK_MARKER = /^(\s*)(?:[-*+]|\d{1,3}[.)]|#{1,6})\s+/;
/** Words ending in "." that do not end a sentence. */
const ABBREVIATION =
  /(?:^|[\s(])(?:e\.g|i\.e|et al|etc|vs|cf|approx|resp|Fig|Figs|Eq|Eqs|Sec|Secs|Tab|No|Ref|Dr|Prof|Mr|Ms|[A-Z])$/;

/** Paragraphs, list items and headings of markdown-ish prose, as spans without their markers. */
function blocks(text: string): Span[] {
  const out: Span[] = [];
  let current: Span | null = null;
  let offset = 0;
  for (const line of text.split('\n')) {
    const lineStart = offset;
    offset += line.length + 1;
    if (line.trim() === '') {
      current = null;
      continue;
    }
    const marker = BLOCK_MARKER.exec(line);
    const contentStart =
      lineStart + (marker ? marker[0].length : line.length - line.trimStart().length);
    const end = lineStart + line.trimEnd().length;
    if (marker || current === null) {
      current = { start: contentStart, end };
      out.push(current);
      if (marker && /#/.test(marker[0])) current = null; // a heading is a block of its own
    } else {
      current.end = end;
    }
  }
  return out;
}

/** The sentences of prose as spans: split after . ! ? followed by a space, except after abbreviations. */
export function sentenceSpans(text: string): Span[] {
  const spans: Span[] = [];
  for (const block of blocks(text)) {
    let start = block.start;
    const part = text.slice(block.start, block.end);
    for (const m of part.matchAll(/[.!?]+["'”’)\]*_]*(?=\s)/g)) {
      const end = block.start + m.index + m[0].length;
      if (m[0].startsWith('.') && ABBREVIATION.test(text.slice(start, end - m[0].length))) continue;
      spans.push({ start, end });
      start = end;
      while (start < block.end && /\s/.test(text[start]!)) start++;
    }
    if (start < block.end) spans.push({ start, end: block.end });
  }
  return spans;
}
