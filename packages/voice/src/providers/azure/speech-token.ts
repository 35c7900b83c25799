import { DefaultAzureCredential } from '@azure/identity';
import type { AccessToken, TokenCredential } from '@azure/identity';
import { VoiceError } from '../../errors.ts';

/** The Entra ID scope of Azure AI services, Speech included. */
export const COGNITIVE_SERVICES_SCOPE = 'https://cognitiveservices.azure.com/.default';

/** The error codes a token failure is reported as: the caller's capability. */
export type SpeechTokenErrorCode = 'stt_unavailable' | 'tts_unavailable';

/** Something whose Speech authorization token can be replaced while it lives (recognizer, synthesizer). */
export interface AuthorizationTokenTarget {
  authorizationToken: string;
}

/** Where the adapters get Speech authorization tokens (`aad#<resource id>#<access token>`). */
export interface SpeechTokenSource {
  /** A valid token, from the cache when fresh; rejects with a `VoiceError` of `errorCode`. */
  getToken(options?: { errorCode?: SpeechTokenErrorCode; signal?: AbortSignal }): Promise<string>;
  /** Gives `target` every refreshed token until the returned function is called. */
  attach(target: AuthorizationTokenTarget): () => void;
}

/** Options of {@link AzureSpeechTokenProvider}. */
export interface AzureSpeechTokenProviderOptions {
  /** Full ARM id of the Speech resource (`CLOUD_SPEECH_RESOURCE_ID`): `/subscriptions/…/providers/Microsoft.CognitiveServices/accounts/<name>`. */
  resourceId: string;
  /** Where Entra ID tokens come from; default `DefaultAzureCredential`. */
  credential?: TokenCredential;
  /** How long before expiry a token is refreshed (halved for short-lived tokens). */
  refreshMarginMs?: number;
  /** Longest wait for the credential. */
  timeoutMs?: number;
  /** Told when a background refresh fails (the old token stays in use while it is valid; retried). */
  onRefreshError?: (err: Error) => void;
  /** Clock, for tests. */
  now?: () => number;
}

interface CachedToken {
  value: string;
  expiresAt: number;
  refreshAt: number;
}

const ARM_ID =
  /^\/subscriptions\/[^/]+\/resourceGroups\/[^/]+\/providers\/Microsoft\.CognitiveServices\/accounts\/[^/]+$/i;
// A token this close to expiry is not handed out: a connection opened with it could be refused.
const MIN_VALIDITY_MS = 10_000;
const RETRY_MS = [1_000, 5_000, 15_000, 30_000];

/** The authorization token the Speech SDK expects for Entra ID auth. */
export function speechAuthorizationToken(resourceId: string, accessToken: string): string {
  return `aad#${resourceId}#${accessToken}`;
}

/**
 * Speech authorization tokens from an Entra ID credential: `aad#<resource id>#<access token>`,
 * cached, refreshed before expiry (5 minutes early, or at half-life for short-lived tokens).
 * Concurrent callers share one refresh. While targets are attached (live recognizers and
 * synthesizers) the token is refreshed on a timer and pushed to them, since the SDK only reads
 * a token when it (re)connects.
 */
export class AzureSpeechTokenProvider implements SpeechTokenSource {
  readonly resourceId: string;
  private readonly credential: TokenCredential;
  private readonly refreshMarginMs: number;
  private readonly timeoutMs: number;
  private readonly now: () => number;
  private readonly onRefreshError: ((err: Error) => void) | undefined;
  private readonly targets = new Set<AuthorizationTokenTarget>();
  private cached: CachedToken | undefined;
  private inflight: Promise<CachedToken> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private failures = 0;
  private closed = false;

  constructor(options: AzureSpeechTokenProviderOptions) {
    if (!ARM_ID.test(options.resourceId ?? '')) {
      throw new TypeError(
        'Azure Speech needs the full resource id (CLOUD_SPEECH_RESOURCE_ID), e.g. ' +
          '/subscriptions/<id>/resourceGroups/<group>/providers/Microsoft.CognitiveServices/accounts/<name>',
      );
    }
    this.resourceId = options.resourceId;
    this.credential = options.credential ?? new DefaultAzureCredential();
    this.refreshMarginMs = options.refreshMarginMs ?? 5 * 60_000;
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.now = options.now ?? Date.now;
    this.onRefreshError = options.onRefreshError;
  }

  async getToken(
    options: { errorCode?: SpeechTokenErrorCode; signal?: AbortSignal } = {},
  ): Promise<string> {
    const { errorCode = 'stt_unavailable', signal } = options;
    const cached = this.cached;
    const now = this.now();
    if (cached && now < cached.refreshAt) return cached.value;
    try {
      return (await abortable(this.refresh(), signal)).value;
    } catch (err) {
      if (signal?.aborted) throw err;
      // A failed early refresh is no reason to fail while the old token still works.
      if (cached && this.now() < cached.expiresAt - MIN_VALIDITY_MS) return cached.value;
      throw new VoiceError(errorCode, `Azure Speech token: ${describe(err)}`, { cause: err });
    }
  }

  attach(target: AuthorizationTokenTarget): () => void {
    this.targets.add(target);
    if (this.cached && target.authorizationToken !== this.cached.value) {
      target.authorizationToken = this.cached.value;
    }
    this.schedule();
    return () => {
      this.targets.delete(target);
      if (this.targets.size === 0) this.clearTimer();
    };
  }

  /** Stops background refreshes and forgets attached targets. */
  close(): void {
    this.closed = true;
    this.targets.clear();
    this.clearTimer();
  }

  // One refresh at a time, shared by every caller.
  private refresh(): Promise<CachedToken> {
    this.inflight ??= this.fetch().finally(() => {
      this.inflight = undefined;
    });
    return this.inflight;
  }

  private async fetch(): Promise<CachedToken> {
    const obtainedAt = this.now();
    let access: AccessToken | null;
    try {
      access = await this.credential.getToken(COGNITIVE_SERVICES_SCOPE, {
        abortSignal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      this.failures++;
      throw err;
    }
    if (!access?.token) {
      this.failures++;
      throw new Error('the credential returned no access token');
    }
    this.failures = 0;
    const lifetime = Math.max(0, access.expiresOnTimestamp - obtainedAt);
    let refreshAt = access.expiresOnTimestamp - Math.min(this.refreshMarginMs, lifetime / 2);
    if (access.refreshAfterTimestamp !== undefined) {
      refreshAt = Math.min(refreshAt, access.refreshAfterTimestamp);
    }
    const token: CachedToken = {
      value: speechAuthorizationToken(this.resourceId, access.token),
      expiresAt: access.expiresOnTimestamp,
      refreshAt,
    };
    this.cached = token;
    for (const target of this.targets) target.authorizationToken = token.value;
    this.schedule();
    return token;
  }

  // Keeps attached targets supplied: refresh when the cached token is due (or retry a failure).
  private schedule(): void {
    this.clearTimer();
    if (this.closed || this.targets.size === 0) return;
    const delay =
      this.failures > 0
        ? (RETRY_MS[Math.min(this.failures, RETRY_MS.length) - 1] ?? 0)
        : Math.max(0, (this.cached?.refreshAt ?? 0) - this.now());
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.refresh().catch((err: unknown) => {
        this.onRefreshError?.(err instanceof Error ? err : new Error(String(err)));
        this.schedule();
      });
    }, delay);
    this.timer.unref();
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}

function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** Waits for `promise` unless `signal` aborts first (the promise itself goes on). */
export function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}
