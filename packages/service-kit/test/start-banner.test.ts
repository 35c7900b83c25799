import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig as loadVoiceConfig, DEV_API_KEY } from '../../voice/src/config.ts';
import { loadConfig as loadResearchConfig } from '../../research/src/config.ts';

// The banner `npm start` prints (scripts/start-banner.mjs): plain JavaScript, so its module is
// loaded untyped and described here.
interface BannerModule {
  DEV_API_KEY: string;
  serviceOrigins(env: Record<string, string | undefined>): {
    research: string | null;
    voice: string | null;
  };
  usesDevKey(env: Record<string, string | undefined>): boolean;
  renderBanner(facts: {
    research?: { origin: string; health: unknown; webBuilt: boolean } | null;
    voice?: { origin: string; health: unknown; webBuilt: boolean } | null;
    devKey: boolean;
  }): string;
}
const bannerUrl = new URL('../../../scripts/start-banner.mjs', import.meta.url).href;
const banner = (await import(bannerUrl)) as BannerModule;

test("the banner's defaults are the services' own", () => {
  assert.equal(banner.DEV_API_KEY, DEV_API_KEY);
  const voice = loadVoiceConfig({});
  const research = loadResearchConfig({});
  assert.deepEqual(banner.serviceOrigins({}), {
    research: `http://${research.host}:${research.port}`,
    voice: `http://${voice.host}:${voice.port}`,
  });
  assert.deepEqual(banner.serviceOrigins({ HOST: '0.0.0.0', VOICE_PORT: '9000' }), {
    research: 'http://127.0.0.1:8000',
    voice: 'http://127.0.0.1:9000',
  });
  assert.deepEqual(banner.serviceOrigins({ HOST: '::1', RESEARCH_PORT: '0' }), {
    research: null,
    voice: 'http://[::1]:8080',
  });
});

test('the development key is shown exactly when the voice service uses it', () => {
  const cases: Record<string, string>[] = [
    {},
    { VOICE_API_KEYS: 'k1:acme' },
    { NODE_ENV: 'production', VOICE_API_KEYS: 'k1:acme', VOICE_JWT_SECRET: 'x'.repeat(32) },
  ];
  for (const env of cases) {
    const config = loadVoiceConfig(env);
    assert.equal(banner.usesDevKey(env), config.apiKeys.has(DEV_API_KEY), JSON.stringify(env));
  }
  assert.equal(banner.usesDevKey({ VOICE_API_KEYS_FILE: '/run/secrets/keys' }), false);
});

test('the banner names the URLs, the key and the embedded providers', () => {
  const text = banner.renderBanner({
    research: {
      origin: 'http://127.0.0.1:8000',
      webBuilt: true,
      health: {
        status: 'ok',
        providers: {
          llm: 'offline',
          storage: 'sqlite',
          run_queue: 'in-process',
          citations: 'none',
        },
      },
    },
    voice: {
      origin: 'http://127.0.0.1:8080',
      webBuilt: false,
      health: {
        status: 'ok',
        providers: {
          llm: 'openai',
          llm_warning: 'ignored',
          stt: 'pocketsphinx',
          tts: 'embedded',
          vad: 'silero-v5',
          rag: 'sqlite-fts5',
          limits: 'in-process',
        },
      },
    },
    devKey: true,
  });
  for (const expected of [
    'web app   http://127.0.0.1:8000/\n',
    'API       http://127.0.0.1:8000/api',
    'API       http://127.0.0.1:8080/v1',
    'console   http://127.0.0.1:8080/  (not built yet: npm run build)',
    'API key   dev-local-key',
    'research  offline LLM (deterministic, no model), SQLite, in-process run queue,',
    'no citation provider',
    'voice     PocketSphinx speech recognition (English),',
    'Flite + eSpeak NG speech synthesis',
    'Silero VAD v5',
    'SQLite FTS5 retrieval',
    'in-process limits',
    'configured: llm: openai',
  ])
    assert.ok(text.includes(expected), `missing ${JSON.stringify(expected)} in\n${text}`);
  assert.ok(!text.includes('ignored'));
  assert.ok(
    text.split('\n').every((line) => line.length <= 100),
    'fits a terminal',
  );
  assert.ok(
    !banner.renderBanner({ voice: null, research: null, devKey: false }).includes('API key'),
  );
});
