// What `npm start` prints once both services answer: where they are, the development API
// key, and which providers are the embedded ones. start-all.mjs waits for each service's
// health endpoint (the service itself says what it runs on), then prints this.

/** The voice service's development key (packages/voice/src/config.ts, DEV_API_KEY). */
export const DEV_API_KEY = 'dev-local-key';

/**
 * The origins the services listen on, from the same variables and defaults as their
 * configs (HOST, RESEARCH_PORT, VOICE_PORT); null for a port the kernel picks (0).
 * @param {Record<string, string | undefined>} env
 */
export function serviceOrigins(env) {
  const host = env.HOST?.trim() || '127.0.0.1';
  // An unspecified address listens everywhere; a browser on this machine uses loopback.
  const browse = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  const hostPart = browse.includes(':') ? `[${browse}]` : browse;
  const origin = (/** @type {string | undefined} */ port, /** @type {number} */ fallback) => {
    const n = port?.trim() ? Number(port) : fallback;
    return Number.isInteger(n) && n > 0 ? `http://${hostPart}:${n}` : null;
  };
  return { research: origin(env.RESEARCH_PORT, 8000), voice: origin(env.VOICE_PORT, 8080) };
}

/**
 * True when the voice service will accept the development key: no key configured (directly
 * or as a file) outside production.
 * @param {Record<string, string | undefined>} env
 */
export function usesDevKey(env) {
  return !env.VOICE_API_KEYS?.trim() && !env.VOICE_API_KEYS_FILE && env.NODE_ENV !== 'production';
}

/**
 * Polls `url` until it answers 200 with JSON that `accept` recognises; resolves with that JSON,
 * or null when `timeoutMs` passes or `signal` aborts.
 * @param {string} url
 * @param {{ accept: (body: any) => boolean, timeoutMs?: number, intervalMs?: number, signal?: AbortSignal }} options
 */
export async function waitForHealth(url, options) {
  const deadline = Date.now() + (options.timeoutMs ?? 180_000);
  while (Date.now() < deadline && !options.signal?.aborted) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) {
        const body = await res.json();
        if (options.accept(body)) return body;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 250));
  }
  return null;
}

/** Whether a web app is served at `url` (its build exists). @param {string} url */
export async function webAppBuilt(url) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await res.arrayBuffer();
    return res.ok;
  } catch {
    return false;
  }
}

const EMBEDDED = new Set([
  'offline',
  'sqlite',
  'in-process',
  'none',
  'pocketsphinx',
  'embedded',
  'flite',
  'espeak-ng',
  'silero-v5',
  'sqlite-fts5',
]);

/** @type {Record<string, Record<string, string>>} how each provider reads in the banner */
const LABELS = {
  llm: { offline: 'offline LLM (deterministic, no model)' },
  storage: { sqlite: 'SQLite', postgres: 'Postgres' },
  run_queue: { 'in-process': 'in-process run queue' },
  citations: { none: 'no citation provider' },
  stt: { pocketsphinx: 'PocketSphinx speech recognition (English)' },
  tts: { embedded: 'Flite + eSpeak NG speech synthesis' },
  vad: { 'silero-v5': 'Silero VAD v5' },
  rag: { 'sqlite-fts5': 'SQLite FTS5 retrieval' },
  limits: { 'in-process': 'in-process limits', redis: 'limits shared through Redis' },
};

/**
 * Providers split into the embedded ones and those configured instead, as banner phrases.
 * @param {Record<string, unknown> | undefined} providers
 */
function describeProviders(providers) {
  /** @type {string[]} */ const embedded = [];
  /** @type {string[]} */ const configured = [];
  for (const [kind, value] of Object.entries(providers ?? {})) {
    if (typeof value !== 'string' || !(kind in LABELS)) continue;
    const label = LABELS[kind]?.[value] ?? `${kind}: ${value}`;
    (EMBEDDED.has(value) ? embedded : configured).push(label);
  }
  return { embedded, configured };
}

/**
 * The banner's lines.
 * @param {{
 *   research?: { origin: string, health: any, webBuilt: boolean } | null,
 *   voice?: { origin: string, health: any, webBuilt: boolean } | null,
 *   devKey: boolean,
 * }} facts
 */
export function renderBanner(facts) {
  const lines = ['', '  hikma is up', ''];
  const notBuilt = '  (not built yet: npm run build)';
  const { research, voice } = facts;
  if (research) {
    lines.push(`  Research  web app   ${research.origin}/${research.webBuilt ? '' : notBuilt}`);
    lines.push(`            API       ${research.origin}/api`);
  }
  if (voice) {
    lines.push(`  Voice     API       ${voice.origin}/v1  (POST /v1/sessions, socket /v1/voice)`);
    lines.push(`            console   ${voice.origin}/${voice.webBuilt ? '' : notBuilt}`);
    lines.push(
      facts.devKey
        ? `            API key   ${DEV_API_KEY}  (development key, tenant "dev"; real keys: VOICE_API_KEYS)`
        : '            API key   from VOICE_API_KEYS',
    );
  }
  const parts = [
    ['research', research?.health?.providers],
    ['voice', voice?.health?.providers],
  ].filter(([, providers]) => providers);
  if (parts.length > 0) {
    lines.push('', '  Embedded providers (no account, no network):');
    for (const [name, providers] of parts) {
      const { embedded, configured } = describeProviders(providers);
      const indent = `    ${''.padEnd(9)} `;
      const list = wrapList(embedded.length > 0 ? embedded : ['none'], 90 - indent.length);
      list.forEach((line, i) =>
        lines.push(`${i === 0 ? `    ${String(name).padEnd(9)} ` : indent}${line}`),
      );
      if (configured.length > 0) {
        for (const line of wrapList(configured, 90 - indent.length - 12))
          lines.push(`${indent}configured: ${line}`);
      }
    }
  }
  lines.push('', '  Ctrl-C stops both.', '');
  const rule = `  ${'─'.repeat(72)}`;
  return [rule, ...lines, rule].join('\n');
}

/**
 * Comma-separated items, as few lines as fit `width`.
 * @param {string[]} items
 * @param {number} width
 */
function wrapList(items, width) {
  /** @type {string[]} */ const lines = [];
  let line = '';
  for (const [i, item] of items.entries()) {
    const piece = i < items.length - 1 ? `${item},` : item;
    if (line && line.length + 1 + piece.length > width) {
      lines.push(line);
      line = piece;
    } else line = line ? `${line} ${piece}` : piece;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * Waits for the services named in `services` and returns the banner text, or null when none
 * answered before `timeoutMs` (or `signal` aborted).
 * @param {{ env: Record<string, string | undefined>, services: string[], timeoutMs?: number, signal?: AbortSignal }} options
 */
export async function bannerWhenReady(options) {
  const origins = serviceOrigins(options.env);
  const waitOptions = { timeoutMs: options.timeoutMs, signal: options.signal };
  const probe = async (
    /** @type {string} */ name,
    /** @type {string} */ healthPath,
    /** @type {(body: any) => boolean} */ accept,
  ) => {
    const origin = /** @type {Record<string, string | null>} */ (origins)[name];
    if (!options.services.includes(name) || !origin) return null;
    const health = await waitForHealth(`${origin}${healthPath}`, { accept, ...waitOptions });
    if (!health) return null;
    return { origin, health, webBuilt: await webAppBuilt(`${origin}/`) };
  };
  const [research, voice] = await Promise.all([
    probe('research', '/api/health', (b) => b?.status === 'ok' && typeof b.version === 'string'),
    probe('voice', '/healthz', (b) => b?.status === 'ok' && typeof b.providers === 'object'),
  ]);
  if (!research && !voice) return null;
  // The services log our probes as they answer them: let those lines out first.
  await new Promise((resolve) => setTimeout(resolve, 300));
  return renderBanner({ research, voice, devKey: usesDevKey(options.env) });
}
