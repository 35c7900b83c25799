// Prose cut into sentences, as offsets into the text so a sentence can be replaced in place:
// markdown-ish blocks here, the sentences inside a block by the shared splitter.
import { sentenceSpans as proseSentenceSpans } from '@hikma/llm';

/** Where a piece of text is: offsets into the text it came from. */
export interface Span {
  start: number;
  end: number;
}

const BLOCK_MARKER = /^(\s*)(?:[-*+]|\d{1,3}[.)]|#{1,6})\s+/;

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

/**
 * The sentences of prose as spans: per paragraph, list item or heading, by the shared
 * splitter (Unicode sentence boundaries, abbreviations that do not end one).
 */
export function sentenceSpans(text: string): Span[] {
  const spans: Span[] = [];
  for (const block of blocks(text)) {
    // A paragraph wrapped over lines is one run of prose: same length, so offsets hold.
    const prose = text.slice(block.start, block.end).replace(/\n/g, ' ');
    for (const s of proseSentenceSpans(prose))
      spans.push({ start: block.start + s.start, end: block.start + s.end });
  }
  return spans;
}
