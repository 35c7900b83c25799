import type { ChainableCommander } from 'ioredis';
import type { SocketLeases } from '../session/session-manager.ts';
import { KEYS } from './keys.ts';
import type { LeaseRenewer, SharedState } from './shared-state.ts';

/**
 * One live socket per session across instances: a lease key per session, held by the
 * instance whose socket is live (SET NX PX), renewed by the heartbeat, deleted when the
 * socket goes. Another instance that gets a socket for the session sees the lease and
 * refuses it with 4409; if the holder crashes, the lease runs out within the TTL.
 */
export class RedisSocketLeases implements SocketLeases, LeaseRenewer {
  private readonly held = new Set<string>();

  constructor(private readonly shared: SharedState) {
    shared.addRenewer(this);
  }

  hold(sessionId: string): void {
    this.held.add(sessionId);
    // While Redis is away the socket goes on; the heartbeat takes the lease once it is back.
    if (!this.shared.available) return;
    this.shared.track(
      this.shared.redis
        .voiceLeaseClaim(
          KEYS.socketLease(sessionId),
          this.shared.instanceId,
          this.shared.leaseTtlMs,
        )
        .then((ok) => this.checkClaim(sessionId, ok)),
    );
  }

  release(sessionId: string): void {
    if (!this.held.delete(sessionId) || !this.shared.available) return;
    this.shared.track(
      this.shared.redis.voiceLeaseRelease(KEYS.socketLease(sessionId), this.shared.instanceId),
    );
  }

  async heldElsewhere(sessionId: string): Promise<boolean> {
    if (!this.shared.available) return false;
    try {
      const holder = await this.shared.redis.get(KEYS.socketLease(sessionId));
      return holder !== null && holder !== this.shared.instanceId;
    } catch {
      return false;
    }
  }

  /** Sessions whose lease this instance holds. */
  get size(): number {
    return this.held.size;
  }

  renew(pipeline: ChainableCommander): (replies: unknown[]) => void {
    const ids = [...this.held];
    for (const id of ids)
      pipeline.voiceLeaseClaim(
        KEYS.socketLease(id),
        this.shared.instanceId,
        this.shared.leaseTtlMs,
      );
    return (replies) => replies.forEach((ok, i) => this.checkClaim(ids[i]!, ok));
  }

  private checkClaim(sessionId: string, ok: unknown): void {
    // Sockets reach the instance that created their session, so another holder means two
    // instances believe they serve one session; it is logged, not fought over.
    if (ok !== 1 && this.held.has(sessionId))
      this.shared.log.warn(
        { session: sessionId },
        'the live-socket lease of this session is held by another instance',
      );
  }
}
