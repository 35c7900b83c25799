import { createInterface, type Interface } from 'node:readline';
import type { Io } from './io.ts';

/**
 * Asks questions on the terminal, one line each. One readline interface serves every question:
 * a second one would lose what the first had already read from a pipe.
 */
export class Prompter {
  private rl: Interface | null = null;
  private readonly lines: string[] = [];
  private waiting: ((line: string | null) => void) | null = null;
  private ended = false;

  constructor(private readonly io: Io) {}

  /** The next line typed after `question`; null once input has ended (EOF, a closed pipe). */
  ask(question: string): Promise<string | null> {
    this.io.stdout.write(question);
    const rl = this.open();
    const queued = this.lines.shift();
    if (queued !== undefined) return Promise.resolve(queued);
    if (this.ended) return Promise.resolve(null);
    rl.resume();
    return new Promise((resolve) => {
      this.waiting = (line) => {
        this.waiting = null;
        rl.pause();
        resolve(line);
      };
    });
  }

  /** Lets the process end: stops reading the input. */
  close(): void {
    this.rl?.close();
    this.rl = null;
  }

  private open(): Interface {
    if (this.rl) return this.rl;
    const rl = createInterface({
      input: this.io.stdin,
      output: this.io.stdout as NodeJS.WritableStream,
      terminal: Boolean(this.io.stdin.isTTY && this.io.stdout.isTTY),
    });
    rl.on('line', (line) => {
      if (this.waiting) this.waiting(line);
      else this.lines.push(line);
    });
    rl.on('close', () => {
      this.ended = true;
      this.waiting?.(null);
    });
    this.rl = rl;
    return rl;
  }
}
