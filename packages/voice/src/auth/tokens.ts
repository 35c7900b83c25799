import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

/** Claims of a session token (spec §2). */
export interface SessionClaims {
  /** Tenant id. */
  sub: string;
  /** Session id. */
  sid: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

export const TOKEN_TTL_SECONDS = 5 * 60;
const MAX_TOKEN_LENGTH = 4096;

/** Issues and verifies HS256 session tokens. */
export class TokenService {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly ttlSeconds = TOKEN_TTL_SECONDS,
  ) {
    if (Buffer.byteLength(secret) < 32)
      throw new Error('VOICE_JWT_SECRET must be at least 32 bytes');
    this.key = new TextEncoder().encode(secret);
  }

  /** A token for one session of one tenant, valid for the TTL. */
  async issue(tenantId: string, sessionId: string): Promise<{ token: string; expiresAt: number }> {
    const now = Math.floor(Date.now() / 1000);
    const expiresAt = now + this.ttlSeconds;
    const token = await new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(tenantId)
      .setIssuedAt(now)
      .setNotBefore(now)
      .setExpirationTime(expiresAt)
      .sign(this.key);
    return { token, expiresAt };
  }

  /**
   * Verifies signature (HS256 only: `none` and other algorithms are refused), expiry and
   * claims. Returns the claims, or the reason the token is not acceptable.
   */
  async verify(
    token: string,
  ): Promise<{ ok: true; claims: SessionClaims } | { ok: false; reason: string }> {
    if (!token || token.length > MAX_TOKEN_LENGTH) return { ok: false, reason: 'malformed token' };
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        clockTolerance: 5,
      });
      if (
        typeof payload.sub !== 'string' ||
        typeof payload.sid !== 'string' ||
        typeof payload.exp !== 'number'
      ) {
        return { ok: false, reason: 'token lacks sub, sid or exp' };
      }
      return { ok: true, claims: { sub: payload.sub, sid: payload.sid, exp: payload.exp } };
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired) return { ok: false, reason: 'token expired' };
      return { ok: false, reason: 'invalid token' };
    }
  }
}

/**
 * The bearer token of a WebSocket upgrade: `Authorization: Bearer <token>`, or the
 * subprotocol `bearer.<token>` for browsers, which cannot set headers on a WebSocket.
 */
export function bearerFromUpgrade(headers: Record<string, string | string[] | undefined>): {
  token: string | null;
  subprotocol: string | null;
} {
  const auth = headers.authorization;
  if (typeof auth === 'string') {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(auth);
    if (m) return { token: m[1]!, subprotocol: null };
  }
  const protocols = headers['sec-websocket-protocol'];
  if (typeof protocols === 'string') {
    for (const p of protocols.split(',')) {
      const name = p.trim();
      if (name.startsWith('bearer.'))
        return { token: name.slice('bearer.'.length), subprotocol: name };
    }
  }
  return { token: null, subprotocol: null };
}
