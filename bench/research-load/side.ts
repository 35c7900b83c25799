// One side of the SSE and GET comparison: a server under test (the research service or the
// bare node:http baseline), its subscribers' process, and its figures, stepped through the
// event rates and the GET load by research-load.ts.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Child, CommandMap } from './ipc.ts';
import type { ProfileSummary } from './profile.ts';
import type { ClientCommands, ServerCommands, TargetResult } from './protocol.ts';

/** The functions whose share of a server's CPU profile is reported. */
export const PROFILED_FUNCTIONS = [
  'emit',
  'append',
  'flush',
  'publish',
  'broadcast',
  'deliver',
  'formatSse',
  'stringify',
  'write_',
  'connectionCorkNT',
  'writev',
  'runStage',
  'checkpoint',
];

/** What a side needs from the benchmark's options and process bookkeeping. */
export interface SideOptions {
  /** Starts a child process of the benchmark (its script in research-load/). */
  spawn: <C extends CommandMap>(
    name: string,
    script: string,
    execArgv?: string[],
  ) => Promise<Child<C>>;
  /** Extra node flags of a server: its young generation, its profiler. */
  serverArgs: (target: 'service' | 'baseline') => string[];
  subscribers: number;
  stepSeconds: number;
  getConcurrency: number;
  getSeconds: number;
  /** The server's CPU profile once it stopped, when profiling. */
  profile?: (target: 'service' | 'baseline') => ProfileSummary;
}

/** One server under test, its subscribers' process, and its figures. */
export class Side {
  readonly result: TargetResult;
  private subscribers?: Child<ClientCommands>;
  private lastSeq: number;

  private constructor(
    readonly target: 'service' | 'baseline',
    readonly server: Child<ServerCommands>,
    readonly ready: ServerCommands['prepare']['result'],
    private readonly options: SideOptions,
  ) {
    this.result = { target, steps: [] };
    this.lastSeq = ready.lastSeq;
  }

  static async start(
    target: 'service' | 'baseline',
    options: SideOptions,
    runId?: string,
  ): Promise<Side> {
    const script = target === 'service' ? 'sse-server.ts' : 'baseline-server.ts';
    const server = await options.spawn<ServerCommands>(target, script, [
      '--expose-gc',
      ...options.serverArgs(target),
    ]);
    const ready = await server.call('prepare', { runId }, 120_000);
    return new Side(target, server, ready, options);
  }

  get base(): string {
    return `http://127.0.0.1:${this.ready.port}`;
  }

  get runId(): string {
    return this.ready.streamPath.split('/')[3] ?? '';
  }

  /** Connects the subscribers; memory per subscriber from the server's RSS before and after. */
  async connect(): Promise<void> {
    this.subscribers = await this.options.spawn<ClientCommands>(
      `${this.target} subscribers`,
      'client.ts',
    );
    const before = await this.server.call('memory', { gc: true });
    const connect = await this.subscribers.call(
      'subscribe',
      {
        url: this.base + this.ready.streamPath,
        count: this.options.subscribers,
        lastEventId: this.lastSeq,
        batch: 100,
        timeoutMs: 10_000,
      },
      120_000,
    );
    await sleep(500);
    const connected = await this.server.call('memory', { gc: true });
    const n = Math.max(1, connect.connected);
    Object.assign(this.result, {
      connect,
      memory: { before, connected, afterSteps: connected },
      rssPerSubscriberKiB: (connected.rss - before.rss) / n / 1024,
      heapPerSubscriberKiB: (connected.heapUsed - before.heapUsed) / n / 1024,
    });
    console.log(
      `  ${this.target}: ${connect.connected} subscribers in ${connect.connectMs.toFixed(0)} ms (${connect.failed} failed), RSS +${this.result.rssPerSubscriberKiB!.toFixed(1)} KiB and heap +${this.result.heapPerSubscriberKiB!.toFixed(1)} KiB per subscriber`,
    );
  }

  /** Sends `count` events at `ratePerSec` and waits until every subscriber has them. */
  private async send(step: string, count: number, ratePerSec: number) {
    const subscribers = this.subscribers!;
    await subscribers.call('step', { step });
    const emit = await this.server.call(
      'emit',
      { count, ratePerSec, maxMs: (count / ratePerSec) * 2000, step },
      (count / ratePerSec) * 3000 + 30_000,
    );
    const client = await subscribers.call('wait', {
      perSubscriber: emit.lastSeq - this.lastSeq,
      timeoutMs: 30_000,
    });
    this.lastSeq = emit.lastSeq;
    return { emit, client };
  }

  /** JIT and first writes; not reported. */
  async warmUp(): Promise<void> {
    await this.send('warm-up', 25, 25);
  }

  async step(rate: number): Promise<void> {
    const step = `${rate}/s`;
    const { emit, client } = await this.send(
      step,
      Math.round(rate * this.options.stepSeconds),
      rate,
    );
    this.result.steps.push({ step, ratePerSec: rate, emit, server: emit.server, client });
    console.log(
      `  ${this.target} ${step}: p50 ${client.latencyMs.p50.toFixed(1)} ms, p99 ${client.latencyMs.p99.toFixed(1)} ms, ${client.delivered}/${client.expected} delivered; sent ${emit.achievedRate.toFixed(0)}/s, flushed p99 ${emit.flushedMs.p99.toFixed(1)} ms, server CPU ${emit.server.cpuPercent.toFixed(0)}%, loop delay p99 ${emit.server.loopDelayP99Ms.toFixed(1)} ms; client CPU ${client.clientCpuPercent.toFixed(0)}%`,
    );
  }

  /**
   * The service: answering the pause drives the real pipeline (planning to review) to every
   * subscriber and ends the streams. The baseline: sends stream_end.
   */
  async finish(): Promise<void> {
    const subscribers = this.subscribers!;
    this.result.memory!.afterSteps = await this.server.call('memory', { gc: false });
    const step = this.target === 'service' ? 'real run' : 'run end';
    await subscribers.call('step', { step });
    const finished = await this.server.call('finish', { api: `${this.base}/api` }, 180_000);
    const client = await subscribers.call('wait', {
      perSubscriber: null,
      timeoutMs: 60_000,
      splitAtSeq: finished.endBurstSeq,
    });
    client.expected = (finished.lastSeq - this.lastSeq) * client.subscribers;
    this.result.steps.push({ step, ratePerSec: null, emit: null, server: finished.server, client });
    this.result.integrity = {
      ended: client.ended,
      seqGaps: client.seqGaps,
      duplicates: client.duplicates,
    };
    console.log(
      `  ${this.target} ${step}: p50 ${client.latencyMs.p50.toFixed(1)} ms, p99 ${client.latencyMs.p99.toFixed(1)} ms, ${client.delivered}/${client.expected} delivered, ${client.ended} streams ended; server CPU ${finished.server.cpuPercent.toFixed(0)}%, loop delay p99 ${finished.server.loopDelayP99Ms.toFixed(1)} ms, max ${finished.server.loopDelayMaxMs.toFixed(1)} ms`,
    );
    const split = client.split;
    if (split)
      console.log(
        `    before the final burst (seq < ${split.atSeq}): ${split.before.n} messages, p50 ${split.before.p50.toFixed(1)} ms, p99 ${split.before.p99.toFixed(1)} ms; the final burst and stream end: ${split.from.n} messages, p50 ${split.from.p50.toFixed(1)} ms, p99 ${split.from.p99.toFixed(1)} ms`,
      );
    console.log(
      `    slowest at subscriber 0: ${client.slowest.map((m) => `#${m.seq} ${m.type} ${m.latencyMs.toFixed(0)} ms`).join(', ')}`,
    );
    console.log(
      `    slowest at any subscriber: ${client.slowestAnywhere.map((m) => `#${m.seq} ${m.type} ${m.latencyMs.toFixed(0)} ms`).join(', ')}`,
    );
    await subscribers.call('close', {});
    await subscribers.stop();
  }

  /** Closed loop: keep-alive clients on GET, from a process of their own. */
  async hammer(): Promise<void> {
    const { getConcurrency, getSeconds } = this.options;
    const clients = await this.options.spawn<ClientCommands>(
      `${this.target} GET clients`,
      'client.ts',
    );
    try {
      await this.server.call('meter', { end: false });
      const get = await clients.call(
        'hammer',
        {
          url: this.base + this.ready.getPath,
          concurrency: getConcurrency,
          warmupMs: 1000,
          durationMs: getSeconds * 1000,
          maxRequests: 2_000_000,
        },
        getSeconds * 1000 + 60_000,
      );
      this.result.get = get;
      this.result.getServer = (await this.server.call('meter', { end: true })) ?? undefined;
      console.log(
        `  ${this.target} GET: ${get.requestsPerSec.toFixed(0)} req/s, p50 ${get.latencyMs.p50.toFixed(1)} ms, p99 ${get.latencyMs.p99.toFixed(1)} ms, ${get.errors} errors, ${get.non200} non-200, server CPU ${this.result.getServer?.cpuPercent.toFixed(0)}%, client CPU ${get.clientCpuPercent.toFixed(0)}%`,
      );
    } finally {
      await clients.stop();
    }
  }

  async stop(): Promise<void> {
    await this.subscribers?.stop();
    if (this.server.process.connected) await this.server.call('close', {}).catch(() => {});
    await this.server.stop();
    if (this.options.profile) this.result.profile = this.options.profile(this.target);
  }
}
