// One research service as a child process, its LLM pointed at a chaos server, restarted on
// the same data dir if it dies; the benchmark counts each death.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  startResearchProcess,
  type ResearchProcess,
} from '../../packages/research/src/testing/service-process.ts';

export class ServiceProcess {
  readonly dataDir = mkdtempSync(join(tmpdir(), 'bench-chaos-'));
  api = '';
  /** Exits the benchmark did not ask for. */
  crashes = 0;
  private running: ResearchProcess | null = null;

  constructor(private readonly env: Record<string, string>) {}

  /** Starts the service and waits until /api/health answers. */
  async start(): Promise<void> {
    const started = await startResearchProcess({
      name: 'chaos',
      env: this.env,
      dataDir: this.dataDir,
      logFile: join(this.dataDir, 'service.log'),
    });
    this.api = started.api;
    this.running = started;
    void started.exited.then(() => {
      if (started.crashed()) this.crashes++;
      if (this.running === started) this.running = null;
    });
  }

  /** True while the child process runs. */
  get alive(): boolean {
    return this.running !== null;
  }

  /** Restarts a service that died (it resumes its interrupted runs). */
  async ensureRunning(): Promise<void> {
    if (!this.alive) await this.start();
  }

  async stop(): Promise<void> {
    await this.running?.stop();
  }
}
