import { createHash, timingSafeEqual } from 'node:crypto';

/** Parses `VOICE_API_KEYS`: comma-separated `<api_key>:<tenant_id>` pairs. */
export function parseApiKeys(value: string): Map<string, string> {
  const keys = new Map<string, string>();
  for (const raw of value.split(',')) {
    const pair = raw.trim();
    if (!pair) continue;
    const cut = pair.lastIndexOf(':');
    const key = pair.slice(0, cut).trim();
    const tenant = pair.slice(cut + 1).trim();
    if (cut <= 0 || !key || !tenant)
      throw new Error('VOICE_API_KEYS must be comma-separated <api_key>:<tenant_id> pairs');
    if (!/^[A-Za-z0-9_.-]{1,128}$/.test(tenant))
      throw new Error(`VOICE_API_KEYS: invalid tenant id "${tenant}"`);
    keys.set(key, tenant);
  }
  if (keys.size === 0) throw new Error('VOICE_API_KEYS has no key');
  return keys;
}

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/**
 * Maps API keys to tenants in constant time: every configured key is compared (as a SHA-256
 * digest, so lengths never differ) whatever the input, so timing does not reveal a prefix.
 */
export class ApiKeyVerifier {
  private readonly entries: { digest: Buffer; tenant: string }[];

  constructor(keys: Map<string, string>) {
    this.entries = [...keys].map(([key, tenant]) => ({ digest: digest(key), tenant }));
  }

  /** The tenant of a key, or undefined. */
  tenantFor(apiKey: string | undefined): string | undefined {
    if (typeof apiKey !== 'string' || apiKey.length === 0 || apiKey.length > 512) return undefined;
    const candidate = digest(apiKey);
    let found: string | undefined;
    for (const entry of this.entries) {
      if (timingSafeEqual(entry.digest, candidate)) found = entry.tenant;
    }
    return found;
  }
}
