const BOUNDARY = /[.!?؟…。]["'”’)\]]*\s|\n/u;
const SOFT_BOUNDARY = /[,;:،؛]\s/gu;

/**
 * Cuts streamed LLM text into sentences as it arrives, so synthesis of the first sentence
 * starts before the reply is complete. Text past `maxChars` without a sentence end is cut
 * at the last clause break (or space).
 */
export class SentenceStream {
  private buffer = '';

  constructor(private readonly maxChars = 200) {}

  /** Adds text; returns the sentences it completed. */
  push(text: string): string[] {
    this.buffer += text;
    const out: string[] = [];
    for (;;) {
      const m = BOUNDARY.exec(this.buffer);
      if (m) {
        const end = m.index + m[0].length;
        this.emit(this.buffer.slice(0, end), out);
        this.buffer = this.buffer.slice(end);
        continue;
      }
      if (this.buffer.length > this.maxChars) {
        let cut = -1;
        for (const soft of this.buffer.matchAll(SOFT_BOUNDARY)) cut = soft.index + soft[0].length;
        if (cut <= 0) cut = this.buffer.lastIndexOf(' ') + 1;
        if (cut <= 0) cut = this.buffer.length;
        this.emit(this.buffer.slice(0, cut), out);
        this.buffer = this.buffer.slice(cut);
        continue;
      }
      return out;
    }
  }

  /** The text left over at the end of the reply. */
  flush(): string[] {
    const out: string[] = [];
    this.emit(this.buffer, out);
    this.buffer = '';
    return out;
  }

  private emit(text: string, out: string[]): void {
    if (text.trim()) out.push(text);
  }
}
