import type { ChainableCommander } from 'ioredis';
import { KEYS } from '../cluster/keys.ts';
import { unavailable, type LeaseRenewer, type SharedState } from '../cluster/shared-state.ts';
import type { SlotAccounting, SlotResult } from './session-slots.ts';

/**
 * Session slots with the tenant limit shared by every instance: each slot is a lease in the
 * tenant's sorted set in Redis, taken atomically by a script (drop expired leases, check the
 * count, add) and renewed by this instance's heartbeat, so the slots of a crashed instance
 * come free within the lease TTL. The instance's own capacity stays a local count.
 * While Redis cannot be reached, `acquire` throws `shared_state_unavailable`.
 */
export class RedisSessionSlots implements SlotAccounting, LeaseRenewer {
  /** Session id → tenant, for the slots this instance holds. */
  private readonly held = new Map<string, string>();
  /** Slots held or being taken on this instance. */
  private taken = 0;

  constructor(
    private readonly shared: SharedState,
    private readonly capacity: number,
    private readonly tenantLimit: (tenantId: string) => number,
  ) {
    shared.addRenewer(this);
  }

  async acquire(tenantId: string, sessionId: string): Promise<SlotResult> {
    this.shared.assertAvailable();
    if (this.taken >= this.capacity) return { ok: false, reason: 'capacity_exceeded' };
    this.taken++;
    let granted: number;
    try {
      granted = await this.shared.redis.voiceSlotAcquire(
        KEYS.tenantSlots(tenantId),
        sessionId,
        this.tenantLimit(tenantId),
        this.shared.leaseTtlMs,
      );
    } catch (err) {
      // If Redis did take the slot before the reply was lost, the lease runs out unrenewed.
      this.taken--;
      throw unavailable(err);
    }
    if (granted !== 1) {
      this.taken--;
      return { ok: false, reason: 'tenant_session_limit' };
    }
    this.held.set(sessionId, tenantId);
    return { ok: true };
  }

  release(tenantId: string, sessionId: string): void {
    if (!this.held.delete(sessionId)) return;
    this.taken--;
    if (this.shared.available)
      this.shared.track(this.shared.redis.zrem(KEYS.tenantSlots(tenantId), sessionId));
  }

  /** Slots held on this instance (of one tenant, or all). */
  inUse(tenantId?: string): number {
    if (tenantId === undefined) return this.held.size;
    let n = 0;
    for (const t of this.held.values()) if (t === tenantId) n++;
    return n;
  }

  renew(pipeline: ChainableCommander): void {
    const byTenant = new Map<string, string[]>();
    for (const [sessionId, tenant] of this.held) {
      const ids = byTenant.get(tenant);
      if (ids) ids.push(sessionId);
      else byTenant.set(tenant, [sessionId]);
    }
    for (const [tenant, ids] of byTenant)
      pipeline.voiceSlotRenew(KEYS.tenantSlots(tenant), this.shared.leaseTtlMs, ...ids);
  }
}
