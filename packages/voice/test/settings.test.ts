import { settingsConformance } from '@hikma/service-kit/testing';
import { loadConfig, voiceSettings } from '../src/config.ts';

settingsConformance({
  title: 'Voice service settings',
  settings: voiceSettings(),
  readmeUrl: new URL('../README.md', import.meta.url),
  envExampleUrl: new URL('../.env.example', import.meta.url),
  mustName: ['VOICE_API_KEYS', 'VOICE_LLM_MODEL', 'LOG_FORMAT', 'OTEL_EXPORTER_OTLP_ENDPOINT'],
  // As JSON: the limits hold functions. A development JWT secret is random per start, and the
  // warnings say so.
  configFrom: (env) =>
    JSON.stringify({ ...loadConfig(env), jwtSecret: undefined, warnings: undefined }),
});
