/** Defaults the commands take from the environment, read once at start. */
export interface Settings {
  voiceUrl: string;
  voiceApiKey: string;
  researchUrl: string;
}

/** The voice service's address and development key on its embedded defaults (voice README). */
export const DEFAULT_VOICE_URL = 'http://127.0.0.1:8080';
export const DEFAULT_VOICE_API_KEY = 'dev-local-key';
/** The research service's API on its default port (research README). */
export const DEFAULT_RESEARCH_URL = 'http://127.0.0.1:8000/api';

export function readSettings(env: Record<string, string | undefined>): Settings {
  return {
    voiceUrl: env.HIKMA_VOICE_URL || DEFAULT_VOICE_URL,
    voiceApiKey: env.HIKMA_VOICE_API_KEY || DEFAULT_VOICE_API_KEY,
    researchUrl: env.HIKMA_RESEARCH_URL || DEFAULT_RESEARCH_URL,
  };
}
