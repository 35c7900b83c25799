import type { ApiKeyVerifier } from '../auth/api-keys.ts';
import type { TokenService } from '../auth/tokens.ts';
import type { RagIndexStore } from '../rag/index-store.ts';
import type { SessionManager } from '../session/session-manager.ts';
import type { VoiceMetrics } from '../telemetry/metrics.ts';
import type { ClusterStatus } from '../cluster/shared-state.ts';

/** What the HTTP and WebSocket layer needs from the service. */
export interface HttpDeps {
  apiKeys: ApiKeyVerifier;
  tokens: TokenService;
  sessions: SessionManager;
  rag: RagIndexStore;
  metrics: VoiceMetrics;
  /** The state shared with other instances (Redis), when configured. */
  cluster?: ClusterStatus;
  limits: { maxBufferedBytes: number; maxMessagesPerSecond: number };
  defaultVoice: string;
  defaultModel: string;
  /** Readiness of each provider, for /healthz. */
  providers(): Record<string, unknown>;
}
