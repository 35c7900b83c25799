/** Why a session slot was refused. */
export type SlotRefusal = 'tenant_session_limit' | 'capacity_exceeded';

/** The answer to a slot request. */
export type SlotResult = { ok: true } | { ok: false; reason: SlotRefusal };

/**
 * Slot accounting as the session manager uses it: this instance alone (`SessionSlots`), or
 * tenant limits shared across instances (`RedisSessionSlots`), which answer asynchronously.
 */
export interface SlotAccounting {
  acquire(tenantId: string, sessionId: string): SlotResult | Promise<SlotResult>;
  release(tenantId: string, sessionId: string): void;
}

/**
 * Concurrent-session accounting for one instance: a per-tenant limit and the instance's
 * capacity. A slot is held from session creation until the session ends.
 */
export class SessionSlots implements SlotAccounting {
  private readonly perTenant = new Map<string, number>();
  private total = 0;

  constructor(
    private readonly capacity: number,
    private readonly tenantLimit: (tenantId: string) => number,
  ) {}

  /** Takes a slot for the tenant, or says why not. */
  acquire(tenantId: string): SlotResult {
    if (this.total >= this.capacity) return { ok: false, reason: 'capacity_exceeded' };
    const used = this.perTenant.get(tenantId) ?? 0;
    if (used >= this.tenantLimit(tenantId)) return { ok: false, reason: 'tenant_session_limit' };
    this.perTenant.set(tenantId, used + 1);
    this.total++;
    return { ok: true };
  }

  release(tenantId: string): void {
    const used = this.perTenant.get(tenantId) ?? 0;
    if (used <= 0) return;
    if (used === 1) this.perTenant.delete(tenantId);
    else this.perTenant.set(tenantId, used - 1);
    this.total--;
  }

  inUse(tenantId?: string): number {
    return tenantId === undefined ? this.total : (this.perTenant.get(tenantId) ?? 0);
  }
}
