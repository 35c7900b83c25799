import type { AccessToken, TokenCredential } from '@azure/identity';

/** A `TokenCredential` double that hands out a fixed token and records the scopes asked for. */
export interface FakeTokenCredential extends TokenCredential {
  /** Scopes of every `getToken` call, in order. */
  readonly calls: string[][];
}

/** Returns `token`, valid for an hour, for any scope (no Entra ID involved). */
export function fakeTokenCredential(token: string): FakeTokenCredential {
  const calls: string[][] = [];
  return {
    calls,
    async getToken(scopes: string | string[]): Promise<AccessToken> {
      calls.push(Array.isArray(scopes) ? [...scopes] : [scopes]);
      return { token, expiresOnTimestamp: Date.now() + 3_600_000, tokenType: 'Bearer' };
    },
  };
}
