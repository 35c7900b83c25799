/** Key names in Redis, relative to the configured prefix (`VOICE_REDIS_PREFIX`). */
export const KEYS = {
  /** Sorted set: the tenant's session ids, scored by lease expiry. */
  tenantSlots: (tenant: string) => `tenant:${tenant}:sessions`,
  /** String: the id of the instance holding the session's live socket. */
  socketLease: (sessionId: string) => `session:${sessionId}:socket`,
  /** Hash: instance id → its report (JSON). */
  instanceReports: 'instances',
  /** Sorted set: instance id, scored by the expiry of its report. */
  instanceExpiries: 'instances:expiry',
  /** Hash {tokens, at}: the tokens-per-minute bucket of a model. */
  tokenBucket: (model: string) => `llm-tpm:${model}`,
};
