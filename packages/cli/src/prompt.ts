import { createInterface, type Interface } from 'node:readline';
import type { Io } from './io.ts';

/**
 * Asks questions, one line each. On a terminal, readline holds the terminal only while it asks
 * (it puts it in raw mode, where Ctrl-C is a key, not a signal) and Ctrl-C at a question stops
 * the command. From a pipe, one interface serves every question: a second one would lose what
 * the first had already read.
 */
export class Prompter {
  private piped: Interface | null = null;
  private readonly lines: string[] = [];
  private waiting: ((line: string | null) => void) | null = null;
  private ended = false;

  constructor(private readonly io: Io) {}

  private get terminal(): boolean {
    return Boolean(this.io.stdin.isTTY && this.io.stdout.isTTY);
  }

  /** The next line typed after `question`; null once input has ended (EOF, a closed pipe). */
  ask(question: string): Promise<string | null> {
    return this.terminal ? this.askTerminal(question) : this.askPiped(question);
  }

  /** Lets the process end: stops reading the input. */
  close(): void {
    this.piped?.close();
    this.piped = null;
  }

  private askTerminal(question: string): Promise<string | null> {
    const rl = createInterface({
      input: this.io.stdin,
      output: this.io.stdout as NodeJS.WritableStream,
      terminal: true,
    });
    return new Promise((resolve) => {
      let answered = false;
      rl.on('SIGINT', () => {
        // No answer, not even an empty one (that would accept): the signal ends the command.
        answered = true;
        rl.close();
        process.kill(process.pid, 'SIGINT');
      });
      rl.on('close', () => {
        if (!answered) resolve(null);
      });
      rl.question(question, (answer) => {
        answered = true;
        rl.close();
        resolve(answer);
      });
    });
  }

  private askPiped(question: string): Promise<string | null> {
    this.io.stdout.write(question);
    const rl = this.openPiped();
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

  private openPiped(): Interface {
    if (this.piped) return this.piped;
    const rl = createInterface({ input: this.io.stdin, terminal: false });
    rl.on('line', (line) => {
      if (this.waiting) this.waiting(line);
      else this.lines.push(line);
    });
    rl.on('close', () => {
      this.ended = true;
      this.waiting?.(null);
    });
    this.piped = rl;
    return rl;
  }
}
