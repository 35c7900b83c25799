import { setTimeout as sleep } from 'node:timers/promises';
import { Redis, type ChainableCommander } from 'ioredis';
import { VoiceError } from '../errors.ts';
import { KEYS } from './keys.ts';
import { defineScripts } from './scripts.ts';

/** How the instances share limits through Redis (config: `VOICE_REDIS_*`, `VOICE_LEASE_TTL_MS`). */
export interface SharedStateSettings {
  redisUrl: string;
  /** Prepended to every key, so several deployments can share one Redis. */
  keyPrefix: string;
  /** Connect and command timeout: no request waits longer than this on Redis. */
  timeoutMs: number;
  /** Leases (slots, live sockets, the instance's report) expire this long after the last renewal. */
  leaseTtlMs: number;
  instanceId: string;
}

/** What the shared state logs through (the service's logger, pino-compatible). */
export interface SharedStateLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  debug(obj: object, msg: string): void;
}

/** The load of one instance as it reports it in every heartbeat. */
export interface InstanceLoad {
  capacity: number;
  sessions: number;
  live_sockets: number;
  draining: boolean;
}

export interface InstanceReport extends InstanceLoad {
  id: string;
  started_at: string;
}

/** Availability and the cluster view, as `/readyz`, `/healthz` and `/metrics` show them. */
export interface ClusterStatus {
  /** False while Redis cannot be reached: new sessions are refused. */
  readonly available: boolean;
  describe(): ClusterView;
}

export interface ClusterView {
  instance_id: string;
  redis: 'up' | 'down';
  lease_ttl_ms: number;
  /** When the instances below were read (the last successful heartbeat); null before the first. */
  as_of: string | null;
  instances: InstanceReport[];
  /** Sums over the instances that are not draining. */
  totals: { instances: number; capacity: number; sessions: number; live_sockets: number };
}

/** A part whose leases the heartbeat renews. */
export interface LeaseRenewer {
  /** Queues this part's renewals on the heartbeat's pipeline; gets their replies back. */
  renew(pipeline: ChainableCommander): ((replies: unknown[]) => void) | void;
}

/**
 * This instance's link to the state it shares with the others through Redis: the client,
 * whether it is usable, and a heartbeat that renews every lease of the instance and its
 * report in one pipelined round trip every TTL/3. When Redis is away, `available` is false
 * (new sessions are refused) and the heartbeat keeps trying; when it is back, the first
 * successful heartbeat restores every lease (Redis may have restarted empty) and then
 * `available` turns true again.
 */
export class SharedState implements ClusterStatus {
  readonly redis: Redis;
  readonly instanceId: string;
  readonly leaseTtlMs: number;
  private readonly renewers: LeaseRenewer[] = [];
  private readonly pending = new Set<Promise<unknown>>();
  private readonly startedAt = new Date().toISOString();
  private load: (() => InstanceLoad) | null = null;
  private timer: NodeJS.Timeout | null = null;
  private beating: Promise<void> | null = null;
  /** The last heartbeat since the connection became ready succeeded. */
  private healthy = false;
  private everHealthy = false;
  private warnedUnreachable = false;
  private closed = false;
  private view: { at: number; instances: InstanceReport[] } | null = null;

  constructor(
    private readonly settings: SharedStateSettings,
    readonly log: SharedStateLogger,
  ) {
    this.instanceId = settings.instanceId;
    this.leaseTtlMs = settings.leaseTtlMs;
    this.redis = new Redis(settings.redisUrl, {
      keyPrefix: settings.keyPrefix,
      lazyConnect: true,
      connectTimeout: settings.timeoutMs,
      commandTimeout: settings.timeoutMs,
      // Fail at once rather than queue while disconnected: callers decide what to do.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      autoResendUnfulfilledCommands: false,
      // Reconnect forever, at most a second apart, so a returning Redis is noticed quickly.
      retryStrategy: (times) => Math.min(100 * times, 1000),
    });
    defineScripts(this.redis);
    this.redis.on('ready', () => void this.beat());
    this.redis.on('close', () => this.setHealthy(false, 'connection closed'));
    // ioredis reports every failed reconnect here; the transition is logged once instead.
    this.redis.on('error', (err: Error) => log.debug({ err: err.message }, 'redis error'));
  }

  get available(): boolean {
    return !this.closed && this.healthy && this.redis.status === 'ready';
  }

  /** Throws `shared_state_unavailable` unless Redis is usable. */
  assertAvailable(): void {
    if (!this.available) throw unavailable();
  }

  addRenewer(renewer: LeaseRenewer): void {
    this.renewers.push(renewer);
  }

  /**
   * Connects (retrying until Redis answers) and starts the heartbeat; `load` is read for
   * every report.
   */
  start(load: () => InstanceLoad): void {
    this.load = load;
    // A failed first attempt is retried by ioredis like any lost connection.
    this.redis.connect().catch(() => undefined);
    const every = Math.max(50, Math.floor(this.leaseTtlMs / 3));
    this.timer = setInterval(() => void this.beat(), every);
    this.timer.unref();
  }

  /**
   * One heartbeat now: renews every lease and the report, reads the cluster view. Never
   * throws; a failure marks the shared state unavailable until a later one succeeds.
   */
  beat(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.beating ??= this.runBeat().finally(() => (this.beating = null));
    return this.beating;
  }

  private async runBeat(): Promise<void> {
    if (this.redis.status !== 'ready') {
      this.setHealthy(false, `redis is ${this.redis.status}`);
      return;
    }
    const pipeline = this.redis.pipeline();
    const handlers: { from: number; to: number; handle: (replies: unknown[]) => void }[] = [];
    for (const renewer of this.renewers) {
      const from = pipeline.length;
      const handle = renewer.renew(pipeline);
      if (handle) handlers.push({ from, to: pipeline.length, handle });
    }
    const viewAt = pipeline.length;
    pipeline.voiceInstanceBeat(
      KEYS.instanceReports,
      KEYS.instanceExpiries,
      this.instanceId,
      this.load ? JSON.stringify(this.report(this.load())) : '',
      this.leaseTtlMs,
    );
    try {
      const results = await pipeline.exec();
      if (!results) throw new Error('pipeline discarded');
      const failed = results.find(([err]) => err);
      if (failed) throw failed[0];
      const replies = results.map(([, reply]) => reply);
      for (const { from, to, handle } of handlers) handle(replies.slice(from, to));
      this.view = { at: Date.now(), instances: parseReports(replies[viewAt]) };
      this.setHealthy(true);
    } catch (err) {
      this.setHealthy(false, (err as Error).message);
    }
  }

  private report(load: InstanceLoad): InstanceReport {
    return { id: this.instanceId, started_at: this.startedAt, ...load };
  }

  private setHealthy(healthy: boolean, reason?: string): void {
    if (this.closed) return;
    if (!healthy && !this.everHealthy && !this.warnedUnreachable && this.load) {
      this.warnedUnreachable = true;
      this.log.warn(
        { instance: this.instanceId, reason },
        'redis is not reachable: new sessions are refused (503 shared_state_unavailable) until it is',
      );
    }
    if (healthy === this.healthy) return;
    this.healthy = healthy;
    if (healthy) {
      this.log.info(
        { instance: this.instanceId },
        this.everHealthy
          ? 'redis is reachable again: new sessions are accepted, shared limits resume'
          : 'redis connected: session limits are shared across instances',
      );
      this.everHealthy = true;
    } else if (this.everHealthy) {
      this.log.warn(
        { instance: this.instanceId, reason },
        'redis is unavailable: new sessions are refused (503 shared_state_unavailable), live sessions go on',
      );
    }
  }

  /** Runs a best-effort command in the background (a release); a failure lets the lease run out. */
  track(work: Promise<unknown>): void {
    const p = work.catch((err: unknown) =>
      this.log.debug({ err: (err as Error).message }, 'redis release failed; the lease runs out'),
    );
    this.pending.add(p);
    void p.finally(() => this.pending.delete(p));
  }

  describe(): ClusterView {
    const instances = [...(this.view?.instances ?? [])].sort((a, b) => a.id.localeCompare(b.id));
    const serving = instances.filter((i) => !i.draining);
    return {
      instance_id: this.instanceId,
      redis: this.available ? 'up' : 'down',
      lease_ttl_ms: this.leaseTtlMs,
      as_of: this.view ? new Date(this.view.at).toISOString() : null,
      instances,
      totals: {
        instances: serving.length,
        capacity: sum(serving, (i) => i.capacity),
        sessions: sum(serving, (i) => i.sessions),
        live_sockets: sum(serving, (i) => i.live_sockets),
      },
    };
  }

  /**
   * Stops the heartbeat, waits (at most the timeout) for releases under way, removes this
   * instance's report and disconnects.
   */
  async close(): Promise<void> {
    if (this.closed) return;
    if (this.timer) clearInterval(this.timer);
    const settle = Promise.allSettled([...this.pending, this.beating]);
    await Promise.race([settle, sleep(this.settings.timeoutMs)]);
    this.closed = true;
    if (this.redis.status === 'ready') {
      await this.redis
        .multi()
        .hdel(KEYS.instanceReports, this.instanceId)
        .zrem(KEYS.instanceExpiries, this.instanceId)
        .exec()
        .catch(() => undefined);
      await Promise.race([
        this.redis.quit().catch(() => undefined),
        sleep(this.settings.timeoutMs),
      ]);
    }
    this.redis.disconnect();
  }
}

/** The error new sessions get while Redis cannot be reached. */
export function unavailable(cause?: unknown): VoiceError {
  return new VoiceError(
    'shared_state_unavailable',
    'session limits are shared across instances and the shared state cannot be reached; try again shortly',
    cause === undefined ? undefined : { cause },
  );
}

function parseReports(reply: unknown): InstanceReport[] {
  if (!Array.isArray(reply)) return [];
  const out: InstanceReport[] = [];
  for (let i = 1; i < reply.length; i += 2) {
    try {
      out.push(JSON.parse(String(reply[i])) as InstanceReport);
    } catch {
      // a report this version cannot read is left out of the view
    }
  }
  return out;
}

function sum<T>(items: T[], of: (item: T) => number): number {
  return items.reduce((total, item) => total + (Number(of(item)) || 0), 0);
}
