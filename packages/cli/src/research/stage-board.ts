import { STAGES, type RunEvent, type StageName } from '@hikma/research-client';
import type { Io } from '../io.ts';

type StageState = 'waiting' | 'running' | 'paused' | 'done' | 'failed';

interface Stage {
  name: StageName;
  state: StageState;
  /** 0-100: a stage's length is not known ahead, so each step moves it halfway to 90. */
  value: number;
  detail: string;
}

const STATE_LABEL: Record<StageState, string> = {
  waiting: 'waiting',
  running: 'working',
  paused: 'paused ',
  done: 'done   ',
  failed: 'failed ',
};

function isStage(value: unknown): value is StageName {
  return typeof value === 'string' && (STAGES as readonly string[]).includes(value);
}

// Plain ANSI rather than cli-progress's MultiBar: its log() wrote narration over the bars
// without clearing what they left, and its stop() dropped the lines still to be logged.
const ESC = '\u001b[';
const BAR_WIDTH = 20;

/**
 * The run on the terminal: a progress bar per stage with the narration printed above it.
 * Without a terminal (a pipe, a log file) it prints the narration and each stage's changes as
 * plain lines instead.
 */
export class StageBoard {
  private readonly stages: Stage[] = STAGES.map((name) => ({
    name,
    state: 'waiting',
    value: 0,
    detail: '',
  }));
  /** Lines of the board on the screen below the cursor's line, to redraw over. */
  private drawn = 0;
  private visible = false;
  private readonly tty: boolean;

  constructor(private readonly io: Io) {
    this.tty = Boolean(io.stdout.isTTY);
  }

  /** Draws the bars (again, after a pause). */
  show(): void {
    if (!this.tty || this.visible) return;
    this.visible = true;
    this.draw();
  }

  /** Stops redrawing, leaving the bars as they are on the screen. */
  hide(): void {
    if (!this.visible) return;
    this.visible = false;
    this.drawn = 0;
  }

  /** Prints a line above the bars. */
  log(line: string): void {
    if (!this.visible) {
      this.io.stdout.write(`${line}\n`);
      return;
    }
    this.io.stdout.write(`${this.erase()}${line}\n`);
    this.drawn = 0;
    this.draw();
  }

  /** Follows one event of the run. */
  update(event: RunEvent): void {
    switch (event.type) {
      case 'narration':
        this.log(event.data.text);
        return;
      case 'trajectory_event': {
        const stage = event.data.metadata?.stage;
        if (!isStage(stage)) return;
        const s = this.stage(stage);
        const restarted = event.data.kind === 'stage_started';
        if (restarted || s.state !== 'running') this.set(s, 'running', restarted ? 10 : s.value);
        s.value = restarted ? Math.max(10, s.value) : s.value + (90 - s.value) / 2;
        s.detail = event.data.label;
        break;
      }
      case 'stage_completed': {
        const s = this.stage(event.data.stage);
        s.detail = '';
        this.set(s, 'done', 100);
        break;
      }
      case 'awaiting_feedback':
        this.set(this.stage(event.data.stage), 'paused');
        break;
      case 'feedback_enqueued':
        this.set(this.stage(event.data.stage), 'done');
        break;
      case 'run_failed':
        for (const s of this.stages) if (s.state === 'running') this.set(s, 'failed');
        break;
      default:
        return;
    }
    this.redraw();
  }

  private stage(name: StageName): Stage {
    return this.stages.find((s) => s.name === name)!;
  }

  /** Changes a stage's state; without bars, says so in a line. */
  private set(s: Stage, state: StageState, value = s.value): void {
    const changed = s.state !== state;
    s.state = state;
    s.value = value;
    if (changed && !this.tty) this.io.stdout.write(`[${s.name}] ${STATE_LABEL[state].trim()}\n`);
  }

  private redraw(): void {
    if (this.visible) this.draw();
  }

  /** Moves back to the board's first line and clears from there down. */
  private erase(): string {
    return this.drawn > 0 ? `\r${ESC}${this.drawn}A${ESC}0J` : `\r${ESC}0J`;
  }

  private draw(): void {
    // One line each, never wrapped, so the count of lines to go back up is known.
    const width = Math.max(40, (this.io.stdout.columns ?? 80) - 1);
    const lines = this.stages.map((s) => {
      const filled = Math.round((s.value / 100) * BAR_WIDTH);
      const bar = '█'.repeat(filled) + '░'.repeat(BAR_WIDTH - filled);
      const line = ` ${s.name.padEnd(9)}${bar} ${STATE_LABEL[s.state]}  ${s.detail}`;
      return line.length > width ? `${line.slice(0, width - 1)}…` : line;
    });
    this.io.stdout.write(`${this.erase()}${lines.join('\n')}\n`);
    this.drawn = lines.length;
  }
}
