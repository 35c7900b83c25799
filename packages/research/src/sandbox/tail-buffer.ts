/**
 * Keeps the last `maxBytes` bytes of a stream. The tail is what matters for a failed run: the
 * traceback and the last progress lines come at the end.
 */
export class TailBuffer {
  private chunks: Buffer[] = [];
  private size = 0;
  private dropped = false;

  constructor(private readonly maxBytes: number) {}

  /** Appends a chunk, dropping the oldest bytes beyond the limit. */
  push(chunk: Buffer): void {
    if (this.maxBytes <= 0) {
      this.dropped ||= chunk.length > 0;
      return;
    }
    if (chunk.length >= this.maxBytes) {
      this.dropped ||= this.size > 0 || chunk.length > this.maxBytes;
      this.chunks = [chunk.subarray(chunk.length - this.maxBytes)];
      this.size = this.maxBytes;
      return;
    }
    this.chunks.push(chunk);
    this.size += chunk.length;
    while (this.size > this.maxBytes) {
      const head = this.chunks[0]!;
      const excess = this.size - this.maxBytes;
      this.dropped = true;
      if (head.length <= excess) {
        this.chunks.shift();
        this.size -= head.length;
      } else {
        this.chunks[0] = head.subarray(excess);
        this.size -= excess;
      }
    }
  }

  /** Whether any bytes were dropped. */
  get truncated(): boolean {
    return this.dropped;
  }

  /** The kept bytes as UTF-8, starting at a character boundary when the head was cut. */
  text(): string {
    let bytes = Buffer.concat(this.chunks, this.size);
    if (this.dropped) {
      // Skip UTF-8 continuation bytes (10xxxxxx) left over from a character cut in half.
      let start = 0;
      while (start < bytes.length && start < 3 && (bytes[start]! & 0xc0) === 0x80) start++;
      bytes = bytes.subarray(start);
    }
    return bytes.toString('utf8');
  }
}
