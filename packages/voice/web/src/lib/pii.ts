export interface PiiSpan {
  category: string;
  offset: number;
  length: number;
}

export interface TextSegment {
  text: string;
  /** Set when the segment is personal data. */
  category?: string;
}

/**
 * Splits `text` at the PII spans of `transcript.analysis`. Offsets are UTF-16 code units,
 * which is how JavaScript strings count. Spans out of range are clipped; when spans overlap
 * the earlier one wins.
 */
export function piiSegments(text: string, spans: readonly PiiSpan[]): TextSegment[] {
  const sorted = spans
    .filter((s) => s.length > 0 && s.offset >= 0 && s.offset < text.length)
    .sort((a, b) => a.offset - b.offset);
  const segments: TextSegment[] = [];
  let at = 0;
  for (const span of sorted) {
    const start = Math.max(span.offset, at);
    const end = Math.min(text.length, span.offset + span.length);
    if (end <= start) continue;
    if (start > at) segments.push({ text: text.slice(at, start) });
    segments.push({ text: text.slice(start, end), category: span.category });
    at = end;
  }
  if (at < text.length) segments.push({ text: text.slice(at) });
  return segments;
}
