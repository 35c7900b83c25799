import { randomUUID } from 'node:crypto';
import { VoiceError } from '../errors.ts';
import type { SessionSlots } from '../limits/session-slots.ts';
import type { VoiceMetrics } from '../telemetry/metrics.ts';
import type { SessionClaims } from '../auth/tokens.ts';
import type { SessionConfig } from '../protocol/session-config.ts';
import { VoiceSession, type SessionRecord } from './voice-session.ts';
import type { SessionEngines } from './engines.ts';
import type { SessionTransport } from './transport.ts';

/** Close codes of refused connections (DESIGN.md §3). */
export const CLOSE_UNAUTHORIZED = 4401;
export const CLOSE_EXPIRED = 4408;
export const CLOSE_ALREADY_CONNECTED = 4409;
/** Standard close code "service restart": the instance is draining. */
export const CLOSE_SERVICE_RESTART = 1012;

interface Entry {
  record: SessionRecord;
  live: VoiceSession | null;
  /** Ends a session nobody connected to. */
  idleTimer: NodeJS.Timeout | null;
}

export interface SessionManagerOptions {
  slots: SessionSlots;
  metrics: VoiceMetrics;
  engines: Omit<SessionEngines, 'stt' | 'tts'>;
  /** The recogniser and synthesiser of a tenant (the deployment's, or the tenant's override). */
  speechFor(tenant: string): Pick<SessionEngines, 'stt' | 'tts'>;
  maxSessionMs: (tenant: string) => number;
  /** A session nobody connects to within this time ends (the token TTL). */
  connectWithinMs: number;
}

/**
 * The sessions of this instance: created over HTTP (holding a tenant slot), joined by one
 * WebSocket at a time, ended when the socket closes, the maximum duration passes, or no
 * one connects in time.
 */
export class SessionManager {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly options: SessionManagerOptions) {}

  private draining = false;

  /** True once `drain()` began: no new sessions are accepted. */
  get isDraining(): boolean {
    return this.draining;
  }

  /**
   * Stops accepting sessions, tells every live session the instance is going away, and
   * closes them (1012, service restart) after `graceMs`, so clients can finish what they
   * hear and reconnect elsewhere. Resolves when every session has ended.
   */
  async drain(graceMs: number): Promise<void> {
    this.draining = true;
    for (const entry of this.entries.values()) entry.live?.announceShutdown(graceMs);
    if (this.entries.size > 0) await new Promise((r) => setTimeout(r, graceMs));
    for (const entry of [...this.entries.values()]) entry.live?.closeForRestart();
    this.endAll();
  }

  /** Creates a session for a tenant; throws `tenant_session_limit` or `capacity_exceeded`. */
  create(tenant: string, config: SessionConfig): SessionRecord {
    if (this.draining)
      throw new VoiceError(
        'server_shutting_down',
        'this instance is shutting down; try again in a moment',
      );
    const slot = this.options.slots.acquire(tenant);
    if (!slot.ok) {
      throw new VoiceError(
        slot.reason,
        slot.reason === 'tenant_session_limit'
          ? `tenant "${tenant}" has reached its limit of concurrent sessions`
          : 'this instance is at capacity; try again later',
      );
    }
    const now = Date.now();
    const record: SessionRecord = {
      id: `sess_${randomUUID().replace(/-/g, '')}`,
      tenant,
      createdAt: now,
      expiresAt: now + this.options.maxSessionMs(tenant),
      config,
    };
    const idleTimer = setTimeout(() => this.end(record.id), this.options.connectWithinMs);
    idleTimer.unref();
    this.entries.set(record.id, { record, live: null, idleTimer });
    this.options.metrics.sessionCreated(tenant);
    return record;
  }

  /** Attaches a verified socket to its session, or says which close code refuses it. */
  connect(
    claims: SessionClaims,
    transport: SessionTransport,
  ): { session: VoiceSession } | { close: number; reason: string } {
    const entry = this.entries.get(claims.sid);
    if (!entry || entry.record.tenant !== claims.sub) {
      return { close: CLOSE_UNAUTHORIZED, reason: 'unknown or ended session' };
    }
    if (Date.now() >= entry.record.expiresAt)
      return { close: CLOSE_EXPIRED, reason: 'session_expired' };
    if (entry.live)
      return { close: CLOSE_ALREADY_CONNECTED, reason: 'session already has a live socket' };
    if (this.draining) return { close: CLOSE_SERVICE_RESTART, reason: 'server_shutting_down' };
    if (entry.idleTimer) clearTimeout(entry.idleTimer);
    entry.idleTimer = null;
    const engines: SessionEngines = {
      ...this.options.engines,
      ...this.options.speechFor(entry.record.tenant),
    };
    const session = new VoiceSession(entry.record, transport, engines, () =>
      this.end(entry.record.id),
    );
    entry.live = session;
    return { session };
  }

  /** Ends a session and frees its slot (idempotent). */
  end(sessionId: string): void {
    const entry = this.entries.get(sessionId);
    if (!entry) return;
    this.entries.delete(sessionId);
    if (entry.idleTimer) clearTimeout(entry.idleTimer);
    entry.live?.close();
    this.options.slots.release(entry.record.tenant);
    this.options.metrics.sessionClosed(entry.record.tenant, Date.now() - entry.record.createdAt);
  }

  /** Ends every session (shutdown). */
  endAll(): void {
    for (const id of [...this.entries.keys()]) this.end(id);
  }

  get size(): number {
    return this.entries.size;
  }

  get liveCount(): number {
    let n = 0;
    for (const e of this.entries.values()) if (e.live) n++;
    return n;
  }
}
