import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { VoiceError } from '../errors.ts';
import type { SlotAccounting } from '../limits/session-slots.ts';
import type { VoiceMetrics } from '../telemetry/metrics.ts';
import type { SessionClaims } from '../auth/tokens.ts';
import type { SessionConfig } from '../protocol/session-config.ts';
import { VoiceSession, type SessionRecord } from './voice-session.ts';
import type { SessionEngines } from './engines.ts';
import type { SessionTransport } from './transport.ts';
import { SILENT_SESSION_LOGGER, type SessionLogger } from './session-log.ts';

/** Close codes of refused connections (DESIGN.md §3). */
export const CLOSE_UNAUTHORIZED = 4401;
export const CLOSE_EXPIRED = 4408;
export const CLOSE_ALREADY_CONNECTED = 4409;
/** Standard close code "service restart": the instance is draining. */
export const CLOSE_SERVICE_RESTART = 1012;

interface Entry {
  record: SessionRecord;
  live: VoiceSession | null;
  /** Ends a session nobody connected to, or whose socket dropped and did not come back. */
  idleTimer: NodeJS.Timeout | null;
  /** SHA-256 of the current resume token (the token itself is only sent to the client). */
  resumeKey: string | null;
  /** Everything logged about the session carries its `session_id` and `tenant`. */
  log: SessionLogger;
  /** When its socket dropped (for the resume log); null while attached or never attached. */
  detachedAt: number | null;
}

/** What the socket's upgrade request tells the session log. */
export interface UpgradeContext {
  requestId?: string;
}

function requestIdOf(context: UpgradeContext): { request_id?: string } {
  return context.requestId ? { request_id: context.requestId } : {};
}

/** How a socket's close ends a session (for the close log). */
export interface SocketClose {
  code: number;
  /** Why the session ends: `client_closed`, `client_too_slow`, … */
  reason: string;
}

/** Prefix of resume tokens, which are accepted wherever a session JWT is. */
export const RESUME_TOKEN_PREFIX = 'rt_';

function resumeKeyOf(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/**
 * Live-socket leases in the shared state (Redis), so that one socket per session holds across
 * instances. Without them the check is this instance's alone.
 */
export interface SocketLeases {
  /** Takes (or keeps) the session's lease for this instance; renewed until released. */
  hold(sessionId: string): void;
  /** Gives the lease back if this instance holds it. */
  release(sessionId: string): void;
  /** Whether another instance holds the session's lease; false when that cannot be told. */
  heldElsewhere(sessionId: string): Promise<boolean>;
}

export interface SessionManagerOptions {
  slots: SlotAccounting;
  /** With shared state: the sessions' live-socket leases across instances. */
  socketLeases?: SocketLeases;
  metrics: VoiceMetrics;
  engines: Omit<SessionEngines, 'stt' | 'tts'>;
  /** The recogniser and synthesiser of a tenant (the deployment's, or the tenant's override). */
  speechFor(tenant: string): Pick<SessionEngines, 'stt' | 'tts'>;
  maxSessionMs: (tenant: string) => number;
  /** A session nobody connects to within this time ends (the token TTL). */
  connectWithinMs: number;
  /** A session whose socket dropped is kept this long for a reconnect. */
  resumeWindowMs: number;
  /** The service's logger; sessions log their lifecycle through children of it. */
  log?: SessionLogger;
}

/**
 * The sessions of this instance: created over HTTP (holding a tenant slot), joined by one
 * WebSocket at a time, ended when the socket closes, the maximum duration passes, or no
 * one connects in time.
 */
export class SessionManager {
  private readonly entries = new Map<string, Entry>();
  /** Resume key → session id. */
  private readonly resumeKeys = new Map<string, string>();

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

  /**
   * Creates a session for a tenant; throws `tenant_session_limit`, `capacity_exceeded` or,
   * when limits are shared and the shared state cannot be reached, `shared_state_unavailable`.
   */
  async create(
    tenant: string,
    config: SessionConfig,
    context: { requestId?: string } = {},
  ): Promise<SessionRecord> {
    if (this.draining)
      throw new VoiceError(
        'server_shutting_down',
        'this instance is shutting down; try again in a moment',
      );
    const id = `sess_${randomUUID().replace(/-/g, '')}`;
    const slot = await this.options.slots.acquire(tenant, id);
    if (!slot.ok) {
      throw new VoiceError(
        slot.reason,
        slot.reason === 'tenant_session_limit'
          ? `tenant "${tenant}" has reached its limit of concurrent sessions`
          : 'this instance is at capacity; try again later',
      );
    }
    if (this.draining) {
      // drain() began while a shared slot was being taken.
      this.options.slots.release(tenant, id);
      throw new VoiceError(
        'server_shutting_down',
        'this instance is shutting down; try again in a moment',
      );
    }
    const now = Date.now();
    const record: SessionRecord = {
      id,
      tenant,
      createdAt: now,
      expiresAt: now + this.options.maxSessionMs(tenant),
      config,
    };
    const idleTimer = setTimeout(
      () => this.end(record.id, 'not_connected'),
      this.options.connectWithinMs,
    );
    idleTimer.unref();
    const log = (this.options.log ?? SILENT_SESSION_LOGGER).child({ session_id: id, tenant });
    this.entries.set(record.id, {
      record,
      live: null,
      idleTimer,
      resumeKey: null,
      log,
      detachedAt: null,
    });
    this.options.metrics.sessionCreated(tenant);
    log.info(
      {
        ...(context.requestId ? { request_id: context.requestId } : {}),
        max_session_ms: record.expiresAt - now,
        model: config.model,
        voice: config.voice,
      },
      'session created',
    );
    return record;
  }

  /** Attaches a verified socket to its session, or says which close code refuses it. */
  connect(
    claims: SessionClaims,
    transport: SessionTransport,
    context: UpgradeContext = {},
  ): { session: VoiceSession } | { close: number; reason: string } {
    const entry = this.entries.get(claims.sid);
    if (!entry || entry.record.tenant !== claims.sub) {
      return { close: CLOSE_UNAUTHORIZED, reason: 'unknown or ended session' };
    }
    const refused = this.refusal(entry);
    if (refused) return refused;
    if (entry.live?.detached) return this.resume(entry, transport, 'token', context);
    if (entry.live)
      return { close: CLOSE_ALREADY_CONNECTED, reason: 'session already has a live socket' };
    if (entry.idleTimer) clearTimeout(entry.idleTimer);
    entry.idleTimer = null;
    const engines: SessionEngines = {
      ...this.options.engines,
      ...this.options.speechFor(entry.record.tenant),
    };
    const session = new VoiceSession(
      entry.record,
      transport,
      engines,
      (_session, reason) => this.end(entry.record.id, reason),
      entry.log,
    );
    entry.live = session;
    this.holdSocketLease(entry.record.id);
    entry.log.info(
      { ...requestIdOf(context), waited_ms: Date.now() - entry.record.createdAt },
      'session attached (socket)',
    );
    session.start(this.newResumeToken(entry));
    return { session };
  }

  /**
   * A socket that presents a resume token instead of a JWT. The token proves it is the same
   * client, so it may also take over from a socket the server still thinks is live (a
   * connection that died without a close).
   */
  connectWithResumeToken(
    token: string,
    transport: SessionTransport,
    context: UpgradeContext = {},
  ): { session: VoiceSession } | { close: number; reason: string } {
    const id = this.resumeKeys.get(resumeKeyOf(token));
    const entry = id === undefined ? undefined : this.entries.get(id);
    if (!entry?.live) return { close: CLOSE_UNAUTHORIZED, reason: 'unknown or used resume token' };
    const refused = this.refusal(entry);
    if (refused) return refused;
    if (!entry.live.detached) {
      entry.log.info({}, 'socket replaced by a resumed one');
      entry.live.replaceSocket(CLOSE_ALREADY_CONNECTED, 'replaced by a resumed socket');
    }
    return this.resume(entry, transport, 'resume_token', context);
  }

  /**
   * A socket of the session closed: `end` (a close handshake from the client, or a close by
   * the server) ends the session; otherwise the connection dropped and the session is
   * detached for a reconnect. The close of a socket that was already replaced changes nothing.
   */
  socketClosed(
    sessionId: string,
    transport: SessionTransport,
    end: boolean,
    close: SocketClose = { code: 1000, reason: 'socket_closed' },
  ): void {
    const live = this.entries.get(sessionId)?.live;
    if (!live?.usesSocket(transport)) return;
    if (end) this.end(sessionId, close.reason, { close_code: close.code });
    else this.detach(sessionId);
  }

  /**
   * The session's socket dropped without a close handshake: keep the session for
   * `resumeWindowMs` (holding its slot), then end it.
   */
  detach(sessionId: string): void {
    const entry = this.entries.get(sessionId);
    if (!entry?.live || entry.live.detached) return;
    entry.live.detach();
    entry.detachedAt = Date.now();
    this.releaseSocketLease(sessionId);
    if (entry.idleTimer) clearTimeout(entry.idleTimer);
    entry.idleTimer = setTimeout(
      () => this.end(sessionId, 'resume_window_expired'),
      this.options.resumeWindowMs,
    );
    entry.idleTimer.unref();
    entry.log.info(
      { resume_window_ms: this.options.resumeWindowMs },
      'socket dropped; session kept for a reconnect',
    );
  }

  /** Why a known session cannot take a socket now (expired, or the instance is draining). */
  private refusal(entry: Entry): { close: number; reason: string } | null {
    if (Date.now() >= entry.record.expiresAt)
      return { close: CLOSE_EXPIRED, reason: 'session_expired' };
    if (this.draining) return { close: CLOSE_SERVICE_RESTART, reason: 'server_shutting_down' };
    return null;
  }

  private resume(
    entry: Entry,
    transport: SessionTransport,
    via: 'token' | 'resume_token',
    context: UpgradeContext,
  ): { session: VoiceSession } {
    const session = entry.live as VoiceSession;
    if (entry.idleTimer) clearTimeout(entry.idleTimer);
    entry.idleTimer = null;
    entry.log.info(
      {
        ...requestIdOf(context),
        via,
        ...(entry.detachedAt !== null ? { away_ms: Date.now() - entry.detachedAt } : {}),
      },
      'session resumed',
    );
    entry.detachedAt = null;
    session.resume(transport, this.newResumeToken(entry));
    this.holdSocketLease(entry.record.id);
    return { session };
  }

  /** A fresh single-use resume token for the session; the previous one stops working. */
  private newResumeToken(entry: Entry): string {
    if (entry.resumeKey) this.resumeKeys.delete(entry.resumeKey);
    const token = RESUME_TOKEN_PREFIX + randomBytes(32).toString('base64url');
    entry.resumeKey = resumeKeyOf(token);
    this.resumeKeys.set(entry.resumeKey, entry.record.id);
    return token;
  }

  /**
   * With shared state, for a verified socket whose session this instance does not know.
   * Sticky routing sends every socket of a session to the instance that created it, so if the
   * session has a live socket on another instance this is a second socket (4409); otherwise
   * `connect()` refuses it as an unknown session (4401).
   */
  async liveElsewhere(claims: SessionClaims): Promise<{ close: number; reason: string } | null> {
    const leases = this.options.socketLeases;
    if (!leases || this.entries.has(claims.sid)) return null;
    if (!(await leases.heldElsewhere(claims.sid))) return null;
    return {
      close: CLOSE_ALREADY_CONNECTED,
      reason: 'session already has a live socket on another instance',
    };
  }

  /**
   * The live-socket lease is held while a socket is attached to the session: taken when one
   * attaches, given back when it goes (the session ends, or its socket drops while the
   * session is kept for a reconnect). The shared state's heartbeat renews it meanwhile.
   */
  private holdSocketLease(sessionId: string): void {
    this.options.socketLeases?.hold(sessionId);
  }

  private releaseSocketLease(sessionId: string): void {
    this.options.socketLeases?.release(sessionId);
  }

  /**
   * Ends a session and frees its slot (idempotent: the first reason is the one logged).
   * Reasons: `client_closed`, `client_too_slow`, `session_expired`, `idle_timeout`,
   * `not_connected` (no socket within the token's life), `resume_window_expired`,
   * `server_shutting_down`, `shutdown`.
   */
  end(sessionId: string, reason = 'ended', detail: Record<string, unknown> = {}): void {
    const entry = this.entries.get(sessionId);
    if (!entry) return;
    this.entries.delete(sessionId);
    if (entry.resumeKey) this.resumeKeys.delete(entry.resumeKey);
    if (entry.idleTimer) clearTimeout(entry.idleTimer);
    entry.live?.close(reason);
    this.releaseSocketLease(sessionId);
    this.options.slots.release(entry.record.tenant, sessionId);
    const durationMs = Date.now() - entry.record.createdAt;
    this.options.metrics.sessionClosed(entry.record.tenant, durationMs);
    entry.log.info({ reason, ...detail, duration_ms: durationMs }, 'session closed');
  }

  /** Ends every session (shutdown). */
  endAll(): void {
    for (const id of [...this.entries.keys()]) this.end(id, 'shutdown');
  }

  get size(): number {
    return this.entries.size;
  }

  get liveCount(): number {
    let n = 0;
    for (const e of this.entries.values()) if (e.live && !e.live.detached) n++;
    return n;
  }
}
