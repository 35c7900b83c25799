// Sentences of prose, for both services: the voice service synthesises a reply a sentence at
// a time, the research service checks a paper's numbers sentence by sentence.
//
// The boundaries are Unicode's (UAX #29, through Intl.Segmenter): `.` `!` `?`, the Arabic
// question mark `؟` and full stop `۔`, `。`, closing quotes and brackets kept with their
// sentence, no break inside "2.5", "U.S." or before a lower-case word ("e.g. five runs").
// V8's ICU has no abbreviation list (ICU's "sentence break suppressions" are not exposed),
// so a few that are followed by a capital or a name are joined back here.

/** Where a sentence is: offsets into the text it came from, without surrounding spaces. */
export interface SentenceSpan {
  start: number;
  end: number;
}

// UAX #29 sentence rules are the same for every locale in V8's ICU (no suppressions), so one
// segmenter serves English, Arabic and mixed text alike.
const SEGMENTER = new Intl.Segmenter('en', { granularity: 'sentence' });

/** Words ending in "." that do not end a sentence even before a capital ("Dr. Smith"). */
const ABBREVIATION =
  /(?:^|[\s(])(?:e\.g|i\.e|et al|etc|vs|cf|approx|resp|Fig|Figs|Eq|Eqs|Sec|Secs|Tab|No|Ref|Dr|Prof|Mr|Mrs|Ms|St|[A-Z])\.$/;
/** Markdown emphasis closing a sentence ("**Done.** Next"): ICU starts the next one with it. */
const LEADING_CLOSERS = /^[*_]+(?=\s|$)/;

/** The sentences of `text` as spans, in order; blank text has none. */
export function sentenceSpans(text: string): SentenceSpan[] {
  const spans: SentenceSpan[] = [];
  let joinNext = false;
  for (const { index, segment } of SEGMENTER.segment(text)) {
    let start = index;
    let end = index + segment.length;
    const closers = LEADING_CLOSERS.exec(segment);
    const last = spans[spans.length - 1];
    if (closers && last) {
      last.end = start + closers[0].length;
      start += closers[0].length;
    }
    while (start < end && /\s/.test(text[start]!)) start++;
    while (end > start && /\s/.test(text[end - 1]!)) end--;
    if (start === end) continue;
    if (joinNext && last) last.end = end;
    else spans.push({ start, end });
    // A line break always ends a sentence, whatever precedes it.
    joinNext = ABBREVIATION.test(text.slice(start, end)) && !/\n/.test(segment);
  }
  return spans;
}

/** The sentences of `text`, trimmed. */
export function sentences(text: string): string[] {
  return sentenceSpans(text).map((s) => text.slice(s.start, s.end));
}
