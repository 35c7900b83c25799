import { sentenceSpans } from '@hikma/llm';

const SOFT_BOUNDARY = /[,;:،؛]\s/gu;

/**
 * Cuts streamed LLM text into sentences as it arrives, so synthesis of the first sentence
 * starts before the reply is complete. Boundaries are the shared sentence splitter's (so
 * "Dr. Smith" or "2.5" is not cut); a sentence goes out as soon as its end has arrived. Text
 * past `maxChars` without a sentence end is cut at the last clause break (or space). Each
 * piece keeps the spaces that follow it, so the pieces add up to the text.
 */
export class SentenceStream {
  private buffer = '';

  constructor(private readonly maxChars = 200) {}

  /** Adds text; returns the sentences it completed. */
  push(text: string): string[] {
    this.buffer += text;
    const out: string[] = [];
    for (;;) {
      const end = this.sentenceEnd();
      if (end > 0) {
        this.cut(end, out);
        continue;
      }
      if (this.buffer.length > this.maxChars) {
        let cut = -1;
        for (const soft of this.buffer.matchAll(SOFT_BOUNDARY)) cut = soft.index + soft[0].length;
        if (cut <= 0) cut = this.buffer.lastIndexOf(' ') + 1;
        if (cut <= 0) cut = this.buffer.length;
        this.cut(cut, out);
        continue;
      }
      return out;
    }
  }

  /** The text left over at the end of the reply. */
  flush(): string[] {
    const out: string[] = [];
    this.cut(this.buffer.length, out);
    return out;
  }

  /**
   * Where the first whole sentence of the buffer ends (0: none yet): where the next one
   * begins, or the buffer's end when what it ends with would end a sentence before any word
   * (the model may pause after a sentence; its speech should not wait for the next one).
   */
  private sentenceEnd(): number {
    const next = sentenceSpans(this.buffer)[1];
    if (next) return next.start;
    if (/\s$/u.test(this.buffer) && sentenceSpans(`${this.buffer}A`).length > 1)
      return this.buffer.length;
    return 0;
  }

  private cut(end: number, out: string[]): void {
    const text = this.buffer.slice(0, end);
    this.buffer = this.buffer.slice(end);
    if (text.trim()) out.push(text);
  }
}
