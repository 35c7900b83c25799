import type { Counter, Histogram } from '@opentelemetry/api';
import { PrometheusMeter, type MeterOptions } from '@hikma/service-kit';
import type { VoiceErrorCode } from '../errors.ts';
import type { ClusterStatus } from '../cluster/shared-state.ts';

/**
 * The service's OpenTelemetry metrics (spec §6, telemetry events), read out as Prometheus
 * text at `/metrics`. One instance per service.
 */
export class VoiceMetrics {
  private readonly prometheus: PrometheusMeter;
  private readonly sessionsCreated: Counter;
  private readonly sessionsClosed: Counter;
  private readonly sessionDuration: Histogram;
  private readonly bargeIns: Counter;
  private readonly spokenChars: Histogram;
  private readonly llmTokens: Histogram;
  private readonly errors: Counter;
  private readonly turnLatency: Histogram;
  private activeSessions = 0;

  /** `options`: the service's resource, and push readers (OTLP, Azure Monitor). */
  constructor(options: MeterOptions = {}) {
    this.prometheus = new PrometheusMeter('hikma-voice', options);
    const meter = this.prometheus.meter;
    this.sessionsCreated = meter.createCounter('session.created', {
      description: 'sessions created',
    });
    this.sessionsClosed = meter.createCounter('session.closed', { description: 'sessions closed' });
    this.sessionDuration = meter.createHistogram('session.duration_ms', {
      description: 'session duration',
      unit: 'ms',
      advice: { explicitBucketBoundaries: [1e3, 1e4, 6e4, 3e5, 6e5, 1.8e6, 3.6e6] },
    });
    this.bargeIns = meter.createCounter('barge_in.detected', { description: 'barge-ins' });
    this.spokenChars = meter.createHistogram('barge_in.spoken_chars', {
      description: 'characters of the reply spoken before a barge-in',
      advice: { explicitBucketBoundaries: [0, 10, 25, 50, 100, 200, 400, 800] },
    });
    this.llmTokens = meter.createHistogram('llm.tokens', {
      description: 'LLM tokens per turn, by kind (prompt, completion)',
      advice: { explicitBucketBoundaries: [10, 50, 100, 250, 500, 1000, 2000, 4000, 8000] },
    });
    this.errors = meter.createCounter('error', { description: 'errors sent to clients, by code' });
    this.turnLatency = meter.createHistogram('turn.first_audio_ms', {
      description: 'time from end of user speech to the first audio frame',
      unit: 'ms',
      advice: {
        explicitBucketBoundaries: [50, 100, 200, 300, 500, 750, 1000, 1500, 2000, 3000, 5000],
      },
    });
    meter
      .createObservableGauge('session.active', { description: 'sessions open on this instance' })
      .addCallback((result) => result.observe(this.activeSessions));
  }

  sessionCreated(tenant: string): void {
    this.sessionsCreated.add(1, { tenant });
    this.activeSessions++;
  }

  sessionClosed(tenant: string, durationMs: number): void {
    this.sessionsClosed.add(1, { tenant });
    this.sessionDuration.record(durationMs, { tenant });
    this.activeSessions = Math.max(0, this.activeSessions - 1);
  }

  bargeIn(spokenChars: number): void {
    this.bargeIns.add(1);
    this.spokenChars.record(spokenChars);
  }

  tokens(model: string, prompt: number, completion: number): void {
    this.llmTokens.record(prompt, { model, kind: 'prompt' });
    this.llmTokens.record(completion, { model, kind: 'completion' });
  }

  error(code: VoiceErrorCode): void {
    this.errors.add(1, { code });
  }

  firstAudio(latencyMs: number): void {
    this.turnLatency.record(latencyMs);
  }

  /** Gauges of the state shared with other instances: Redis usable, and the cluster's load. */
  observeCluster(cluster: ClusterStatus): void {
    const meter = this.prometheus.meter;
    meter
      .createObservableGauge('shared_state.available', {
        description: '1 while Redis is usable (new sessions are accepted), else 0',
      })
      .addCallback((result) => result.observe(cluster.available ? 1 : 0));
    for (const key of ['instances', 'capacity', 'sessions', 'live_sockets'] as const) {
      meter
        .createObservableGauge(`cluster.${key}`, {
          description: `${key.replace('_', ' ')} of the instances not draining, as of the last heartbeat`,
        })
        .addCallback((result) => result.observe(cluster.describe().totals[key]));
    }
  }

  /** The current metrics in the Prometheus text format. */
  prometheusText(): Promise<string> {
    return this.prometheus.prometheusText();
  }

  /** Pushes the current metrics to the push exporters now. */
  flush(): Promise<void> {
    return this.prometheus.flush();
  }

  shutdown(): Promise<void> {
    return this.prometheus.shutdown();
  }
}
