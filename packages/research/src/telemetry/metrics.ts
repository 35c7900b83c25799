import type { Counter, Histogram } from '@opentelemetry/api';
import { PrometheusMeter, type MeterOptions } from '@hikma/service-kit';
import { RUN_STATUSES, type RunStatus } from '../domain/events.ts';

export type SlotKind = 'run' | 'experiment' | 'compile';

/** What the gauges read when metrics are collected. */
export interface MetricSources {
  runsByStatus(): Promise<Partial<Record<RunStatus, number>>>;
  /** Runs waiting for a run slot. */
  queueDepth(): number;
  slots(): Record<SlotKind, { inUse: number; waiting: number; limit: number }>;
  sseSubscribers(): number;
}

const SECONDS_BUCKETS = [0.01, 0.1, 0.5, 1, 5, 15, 30, 60, 120, 300, 600, 1800, 3600];

/**
 * The research service's OpenTelemetry metrics, read out as Prometheus text at
 * `/api/metrics`: runs by status, the run queue and its waits, stage durations, the slots
 * of each kind of work, SSE subscribers.
 */
export class ResearchMetrics {
  private readonly otel: PrometheusMeter;
  private readonly queueWait: Histogram;
  private readonly slotWait: Histogram;
  private readonly stageDuration: Histogram;
  private readonly slowSubscribers: Counter;

  /** `options`: the service's resource, and push readers (OTLP). */
  constructor(options: MeterOptions = {}) {
    this.otel = new PrometheusMeter('hikma-research', options);
    const meter = this.otel.meter;
    this.queueWait = meter.createHistogram('research.run_queue.wait_seconds', {
      description:
        'time a run waited for a run slot (after posting, after feedback, after a restart)',
      advice: { explicitBucketBoundaries: SECONDS_BUCKETS },
    });
    this.slotWait = meter.createHistogram('research.slot.wait_seconds', {
      description: 'time a sandbox run or a LaTeX compile waited for its slot, by kind',
      advice: { explicitBucketBoundaries: SECONDS_BUCKETS },
    });
    this.stageDuration = meter.createHistogram('research.stage.duration_seconds', {
      description:
        'time one stage of a run took, by stage and outcome (completed, failed, stopped)',
      advice: { explicitBucketBoundaries: SECONDS_BUCKETS },
    });
    this.slowSubscribers = meter.createCounter('research.sse.slow_disconnects', {
      description: 'SSE streams ended because the client did not read what it was sent',
    });
  }

  /** Registers the gauges, read from `sources` at each collection. */
  observe(sources: MetricSources): void {
    const meter = this.otel.meter;
    meter
      .createObservableGauge('research.runs', { description: 'runs in the store, by status' })
      .addCallback(async (result) => {
        const counts = await sources.runsByStatus().catch(() => ({}) as Record<string, number>);
        for (const status of RUN_STATUSES) result.observe(counts[status] ?? 0, { status });
      });
    meter
      .createObservableGauge('research.run_queue.depth', {
        description: 'runs waiting for a run slot on this worker',
      })
      .addCallback((result) => result.observe(sources.queueDepth()));
    const slotGauge = (name: string, description: string, key: 'inUse' | 'waiting' | 'limit') =>
      meter.createObservableGauge(name, { description }).addCallback((result) => {
        for (const [kind, slots] of Object.entries(sources.slots()))
          result.observe(slots[key], { kind });
      });
    slotGauge('research.slots.in_use', 'slots in use, by kind (run, experiment, compile)', 'inUse');
    slotGauge('research.slots.waiting', 'work waiting for a slot, by kind', 'waiting');
    slotGauge('research.slots.limit', 'slots on this worker, by kind', 'limit');
    meter
      .createObservableGauge('research.sse.subscribers', { description: 'open SSE streams' })
      .addCallback((result) => result.observe(sources.sseSubscribers()));
  }

  runAdmitted(waitedMs: number): void {
    this.queueWait.record(waitedMs / 1000);
  }

  slotAcquired(kind: Exclude<SlotKind, 'run'>, waitedMs: number): void {
    this.slotWait.record(waitedMs / 1000, { kind });
  }

  stageFinished(stage: string, outcome: 'completed' | 'failed' | 'stopped', ms: number): void {
    this.stageDuration.record(ms / 1000, { stage, outcome });
  }

  slowSubscriberDisconnected(): void {
    this.slowSubscribers.add(1);
  }

  /** The current metrics in the Prometheus text format. */
  prometheusText(): Promise<string> {
    return this.otel.prometheusText();
  }

  /** Pushes the current metrics to the push exporters now. */
  flush(): Promise<void> {
    return this.otel.flush();
  }

  shutdown(): Promise<void> {
    return this.otel.shutdown();
  }
}
