import type { STT } from './stt/stt.ts';
import type { TTS } from './tts/tts.ts';
import { PocketSphinxSTT } from './stt/pocketsphinx.ts';
import { EmbeddedTTS } from './tts/embedded.ts';
import { AzureSpeechSTT, AzureSpeechTTS, AzureSpeechTokenProvider } from './azure/index.ts';
import { OpenAISpeechTTS, OpenAITranscriptionSTT } from './openai/index.ts';

export const SPEECH_PROVIDERS = ['embedded', 'azure', 'openai'] as const;
export type SpeechProviderName = (typeof SPEECH_PROVIDERS)[number];

/** Everything needed to build any speech provider (from the configuration). */
export interface SpeechSettings {
  stt: SpeechProviderName;
  tts: SpeechProviderName;
  /** Per-tenant choices that override the deployment's. */
  tenants: Record<string, { stt?: SpeechProviderName; tts?: SpeechProviderName }>;
  embedded: { decoders: number };
  azure: { region?: string; endpoint?: string; resourceId?: string };
  /** `timeoutMs`: the longest wait on the server for an answer or the next piece of one. */
  openaiStt: { baseURL?: string; apiKey?: string; model?: string; timeoutMs?: number };
  openaiTts: {
    baseURL?: string;
    apiKey?: string;
    model?: string;
    voice?: string;
    timeoutMs?: number;
  };
}

/** Instances that replace built ones (tests pass vendor doubles here). */
export interface SpeechOverrides {
  stt?: STT;
  tts?: TTS;
}

/**
 * Builds each speech provider the configuration names, once, and answers which ones a
 * tenant uses. Every provider a tenant may use is built (and so validated) at start, so a
 * misconfiguration stops the service instead of failing a call later.
 */
export class SpeechProviders {
  private readonly stts = new Map<SpeechProviderName, STT>();
  private readonly ttss = new Map<SpeechProviderName, TTS>();
  private azureTokens: AzureSpeechTokenProvider | undefined;

  constructor(
    private readonly settings: SpeechSettings,
    overrides: SpeechOverrides = {},
  ) {
    const sttNames = new Set([
      settings.stt,
      ...Object.values(settings.tenants).flatMap((t) => (t.stt ? [t.stt] : [])),
    ]);
    const ttsNames = new Set([
      settings.tts,
      ...Object.values(settings.tenants).flatMap((t) => (t.tts ? [t.tts] : [])),
    ]);
    for (const name of sttNames)
      this.stts.set(
        name,
        overrides.stt && name === settings.stt ? overrides.stt : this.buildSTT(name),
      );
    for (const name of ttsNames)
      this.ttss.set(
        name,
        overrides.tts && name === settings.tts ? overrides.tts : this.buildTTS(name),
      );
  }

  /** The recogniser and synthesiser a tenant's sessions use. */
  forTenant(tenant: string): { stt: STT; tts: TTS } {
    const choice = this.settings.tenants[tenant] ?? {};
    return {
      stt: this.stts.get(choice.stt ?? this.settings.stt)!,
      tts: this.ttss.get(choice.tts ?? this.settings.tts)!,
    };
  }

  /** Provider names for health output. */
  describe(): Record<string, unknown> {
    return {
      stt: this.stts.get(this.settings.stt)!.provider,
      tts: this.ttss.get(this.settings.tts)!.provider,
      ...(Object.keys(this.settings.tenants).length > 0
        ? { tenant_overrides: Object.keys(this.settings.tenants).length }
        : {}),
    };
  }

  async close(): Promise<void> {
    await Promise.allSettled([...this.stts.values()].map((s) => s.close()));
    await Promise.allSettled(
      [...this.ttss.values()].map(
        (t) => (t as { close?: () => Promise<void> }).close?.() ?? Promise.resolve(),
      ),
    );
    this.azureTokens?.close();
  }

  private buildSTT(name: SpeechProviderName): STT {
    const s = this.settings;
    switch (name) {
      case 'embedded':
        return new PocketSphinxSTT({ maxDecoders: s.embedded.decoders });
      case 'azure':
        return new AzureSpeechSTT({ ...this.azureLocation(), tokenProvider: this.tokens() });
      case 'openai':
        if (!s.openaiStt.baseURL)
          throw new Error('VOICE_STT_BASE_URL is required for VOICE_STT_PROVIDER=openai');
        return new OpenAITranscriptionSTT({
          baseURL: s.openaiStt.baseURL,
          ...(s.openaiStt.apiKey ? { apiKey: s.openaiStt.apiKey } : {}),
          ...(s.openaiStt.model ? { model: s.openaiStt.model } : {}),
          ...(s.openaiStt.timeoutMs ? { timeoutMs: s.openaiStt.timeoutMs } : {}),
        });
    }
  }

  private buildTTS(name: SpeechProviderName): TTS {
    const s = this.settings;
    switch (name) {
      case 'embedded':
        return new EmbeddedTTS();
      case 'azure':
        return new AzureSpeechTTS({ ...this.azureLocation(), tokenProvider: this.tokens() });
      case 'openai':
        if (!s.openaiTts.baseURL)
          throw new Error('VOICE_TTS_BASE_URL is required for VOICE_TTS_PROVIDER=openai');
        return new OpenAISpeechTTS({
          baseURL: s.openaiTts.baseURL,
          ...(s.openaiTts.apiKey ? { apiKey: s.openaiTts.apiKey } : {}),
          ...(s.openaiTts.model ? { model: s.openaiTts.model } : {}),
          ...(s.openaiTts.voice ? { defaultVoice: s.openaiTts.voice } : {}),
          ...(s.openaiTts.timeoutMs ? { timeoutMs: s.openaiTts.timeoutMs } : {}),
        });
    }
  }

  private azureLocation(): { region?: string; endpoint?: string } {
    const { region, endpoint } = this.settings.azure;
    if (!region === !endpoint)
      throw new Error(
        'Azure Speech needs exactly one of CLOUD_SPEECH_REGION or CLOUD_SPEECH_ENDPOINT',
      );
    return region ? { region } : { endpoint: endpoint! };
  }

  // One token provider per Speech resource, shared by recognition and synthesis.
  private tokens(): AzureSpeechTokenProvider {
    if (!this.settings.azure.resourceId)
      throw new Error('CLOUD_SPEECH_RESOURCE_ID is required for Azure Speech');
    this.azureTokens ??= new AzureSpeechTokenProvider({
      resourceId: this.settings.azure.resourceId,
    });
    return this.azureTokens;
  }
}
