import type { LLM } from '@hikma/llm';
import type { VAD } from '../audio/vad.ts';
import type { STT } from '../providers/stt/stt.ts';
import type { TTS } from '../providers/tts/tts.ts';
import type { RagIndexStore } from '../rag/index-store.ts';
import type { VoiceMetrics } from '../telemetry/metrics.ts';
import type { TurnTracer } from '../telemetry/tracing.ts';
import type { Semaphore } from '../limits/semaphore.ts';
import type { TokenBudgets } from '../limits/token-bucket.ts';

/** What every session shares: the engines, quotas and settings of the instance. */
export interface SessionEngines {
  llm: LLM;
  stt: STT;
  tts: TTS;
  /** Null when the VAD model could not be loaded (server VAD then reports `vad_unavailable`). */
  vad: VAD | null;
  rag: RagIndexStore;
  metrics: VoiceMetrics;
  tracer: TurnTracer;
  recognitions: Semaphore;
  syntheses: Semaphore;
  tokenBuckets: TokenBudgets;
  settings: {
    maxFrameBytes: number;
    bargeInMinMs: number;
    toolTimeoutMs: number;
    playbackLeadMs: number;
  };
}
