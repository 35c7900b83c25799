import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { chromium, type Page } from 'playwright-core';
import { CONTENT_SECURITY_POLICY, WEB_CONSOLE_DIR, webConsoleRoutes } from '../src/http/static.ts';
import { piiSegments } from '../web/src/lib/pii.ts';
import { API_KEY, startVoice } from './helpers/service.ts';
import { chromiumLaunchOptions, chromiumMissing } from '@hikma/service-kit/testing';

const WEB_DIR = fileURLToPath(new URL('../web', import.meta.url));
const ARTIFACTS = fileURLToPath(new URL('../../../test-artifacts', import.meta.url));
const SENTENCE = 'what is the weather in london today';

/** Builds the console with Vite's JS API when `web/dist` is missing (a clean checkout). */
async function ensureBuilt(): Promise<void> {
  if (existsSync(join(WEB_CONSOLE_DIR, 'index.html'))) return;
  const { build } = await import('vite');
  await build({ root: WEB_DIR, configFile: join(WEB_DIR, 'vite.config.ts'), logLevel: 'warn' });
}

/** English speech from Flite, padded with silence so the server VAD sees the turn end. */
function speechWav(dir: string): string {
  const raw = join(dir, 'speech-raw.wav');
  const padded = join(dir, 'speech.wav');
  execFileSync('flite', ['-voice', 'slt', '-t', SENTENCE, '-o', raw]);
  // Chromium's fake capture wants 16-bit PCM; Flite writes that, sox keeps it.
  execFileSync('sox', [raw, '-b', '16', '-e', 'signed-integer', padded, 'pad', '0.5', '2']);
  return padded;
}

// The functions below run in the page. The root tsconfig has no DOM types, so they reach
// the page's globals through `globalThis` instead of declaring DOM for every Node file.

// Installed in the page before its scripts run: records CSP violations and every value the
// state indicator takes (some states last only a few frames, too short to poll for).
function pageHooks(): void {
  const g = globalThis as any;
  const csp: string[] = (g.__csp = []);
  const states: string[] = (g.__states = []);
  g.document.addEventListener('securitypolicyviolation', (e: any) =>
    csp.push(`${e.violatedDirective} ${e.blockedURI}`),
  );
  new g.MutationObserver(() => {
    const state: string | undefined =
      g.document.querySelector('[data-testid="state"]')?.dataset.state;
    if (state && states[states.length - 1] !== state) states.push(state);
  }).observe(g.document, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['data-state'],
  });
}

/** What the page holds: hook records, counters, errors shown, storage and URL. */
async function probePage(page: Page) {
  // No named functions inside: tsx would wrap them in a helper the page does not have.
  return page.evaluate(() => {
    const g = globalThis as any;
    const [sent, received] = ['frames-sent', 'frames-received'].map((id) =>
      Number(g.document.querySelector(`[data-testid="${id}"]`)?.textContent ?? 0),
    );
    return {
      csp: g.__csp as string[],
      states: g.__states as string[],
      sent: sent ?? 0,
      received: received ?? 0,
      storage: (g.localStorage.length + g.sessionStorage.length) as number,
      errors: [...g.document.querySelectorAll('[data-testid="error-item"]')].map(
        (e: any) => e.textContent as string,
      ),
      url: g.location.href as string,
    };
  });
}

/** Connect, turn analysis on, speak (the fake microphone), hear the reply. */
async function spokenTurn(page: Page, http: string) {
  await page.goto(`${http}/`);
  // A wrong key first: the service's error is shown with its code, and nothing connects.
  await page.getByLabel('API key').fill('not-a-key');
  await page.getByRole('button', { name: 'Connect' }).click();
  await page.getByTestId('error-item').getByText('invalid_api_key').waitFor();
  await page.locator('[data-testid="connection"][data-connection="closed"]').waitFor();
  await page.getByLabel('API key').fill(API_KEY);
  await page.getByRole('button', { name: 'Connect' }).click();
  await page.locator('[data-testid="state"][data-state="listening"]').waitFor({ timeout: 15_000 });
  // Through the session panel, well before the first utterance ends.
  await page.getByLabel('PII').check();
  await page.getByLabel('sentiment').check();
  await page.getByRole('button', { name: 'Send session.update' }).click();
  await page.getByText('session.updated ×1').waitFor({ timeout: 5_000 });
  assert.match(
    (await page.getByTestId('session-updated').textContent()) ?? '',
    /"pii": true,\s+"sentiment": true/,
  );

  // The looped recording reaches the service through the worklet; PocketSphinx hears it.
  const transcript = page.getByTestId('transcript-final').first();
  await transcript.waitFor({ timeout: 30_000 });
  const heard = (await transcript.textContent()) ?? '';
  assert.match(heard, /weather|london|today/i, `transcript: ${heard}`);
  await page.getByTestId('transcript-language').getByText('en-US').first().waitFor();
  await page.getByTestId('sentiment').first().waitFor({ timeout: 10_000 });

  // The offline LLM repeats what it heard; the reply streams as text and as audio frames.
  await page
    .getByTestId('assistant-text')
    .filter({ hasText: /\w{4}/ })
    .first()
    .waitFor({ timeout: 30_000 });
  await page
    .getByTestId('frames-received')
    .filter({ hasText: /^([5-9]|\d{2,})$/ })
    .waitFor({ timeout: 20_000 });
  // The first reply ends: completed, or cut by the next loop of the recording (barge-in).
  await page
    .locator('.turn.assistant:not([data-status="streaming"])')
    .first()
    .waitFor({ timeout: 20_000 });
  return heard;
}

/**
 * A TCP relay in front of the service, standing for the network between browser and service:
 * `cut()` kills every connection without a close frame (as a lost network does) and refuses
 * new ones until `restore()`.
 */
async function startRelay(target: string) {
  const { hostname, port } = new URL(target);
  const open = new Set<Socket>();
  let up = true;
  const server = createServer((client) => {
    if (!up) return client.destroy();
    const upstream = connect(Number(port), hostname);
    for (const s of [client, upstream]) {
      open.add(s);
      s.on('error', () => undefined);
      s.on('close', () => open.delete(s));
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    http: `http://127.0.0.1:${address.port}`,
    cut() {
      up = false;
      for (const s of open) s.destroy();
    },
    restore() {
      up = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The network drops mid-session: the console resumes the same session and goes on. */
async function resumedAfterDrop(page: Page, relay: Awaited<ReturnType<typeof startRelay>>) {
  const session = await page.locator('[data-testid="connection"] code').textContent();
  const turns = await page.locator('.turn').count();
  relay.cut();
  await page.locator('[data-testid="connection"][data-connection="reconnecting"]').waitFor();
  await page.getByText('connection lost, resuming the session').waitFor();
  await new Promise((r) => setTimeout(r, 1000)); // a few attempts fail meanwhile
  relay.restore();
  await page
    .locator('[data-testid="connection"][data-connection="open"]')
    .waitFor({ timeout: 20_000 });
  assert.equal(await page.locator('[data-testid="connection"] code').textContent(), session);
  assert.ok((await page.locator('.turn').count()) >= turns, 'the conversation stays on screen');
  await page.getByLabel('Message').fill('are you still there');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page
    .locator('.turn.assistant[data-status="completed"]', { hasText: 'still there' })
    .waitFor({ timeout: 20_000 });
}

/** Mute, declare a tool in the panel, type a question, answer the tool call in its form. */
async function toolTurn(page: Page): Promise<void> {
  // Muted, so the looping recording cannot interrupt this turn.
  await page.getByRole('button', { name: 'Mute mic' }).click();
  await page.locator('[data-testid="state"][data-state="listening"]').waitFor({ timeout: 20_000 });
  await page.getByRole('button', { name: 'example' }).click();
  await page.getByRole('button', { name: 'Send session.update' }).click();
  await page.getByText('session.updated ×2').waitFor({ timeout: 5_000 });
  assert.match((await page.getByTestId('session-updated').textContent()) ?? '', /get_weather/);

  await page.getByLabel('Message').fill('what is the weather in Paris');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const call = page.locator('[data-testid="tool-call"][data-answered="false"]').first();
  await call.waitFor({ timeout: 10_000 });
  assert.match((await call.textContent()) ?? '', /get_weather[\s\S]*Paris/);
  await call.getByLabel('output (JSON)').fill('{"forecast": "sunny", "celsius": 21}');
  await call.getByRole('button', { name: 'Send tool.result' }).click();
  await page
    .locator('.turn.assistant[data-status="completed"]', { hasText: 'tool returned' })
    .waitFor({ timeout: 20_000 });
}

test('PII spans split the transcript at UTF-16 offsets', () => {
  const text = 'call 😀 me at 555 123 4567 now';
  const offset = text.indexOf('555');
  assert.deepEqual(piiSegments(text, [{ category: 'phone_number', offset, length: 12 }]), [
    { text: 'call 😀 me at ' },
    { text: '555 123 4567', category: 'phone_number' },
    { text: ' now' },
  ]);
  // Out of range and overlapping spans are clipped, never thrown on.
  assert.deepEqual(
    piiSegments('abcdef', [
      { category: 'a', offset: 1, length: 3 },
      { category: 'b', offset: 2, length: 10 },
      { category: 'c', offset: 40, length: 2 },
    ]),
    [{ text: 'a' }, { text: 'bcd', category: 'a' }, { text: 'ef', category: 'b' }],
  );
});

test('GET / answers 503 with a JSON error while the console is not built', async () => {
  const app = Fastify({ logger: false });
  await webConsoleRoutes(app, join(tmpdir(), 'voice-console-not-built'));
  const res = await app.inject({ method: 'GET', url: '/' });
  assert.equal(res.statusCode, 503);
  assert.deepEqual(res.json(), {
    error: { code: 'not_found', message: 'the web console is not built: run npm run build' },
  });
  await app.close();
});

test(
  'the voice console talks to the real service from a real browser',
  {
    timeout: 90_000,
    skip: chromiumMissing,
  },
  async (t) => {
    const started = performance.now();
    await ensureBuilt();
    const dir = mkdtempSync(join(tmpdir(), 'voice-console-'));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    const wav = speechWav(dir);

    const voice = await startVoice();
    t.after(() => voice.close());
    const relay = await startRelay(voice.http);
    t.after(() => relay.close());

    // The service serves the page with its CSP, and its API routes are untouched.
    const index = await fetch(`${voice.http}/`);
    assert.equal(index.status, 200);
    assert.match(index.headers.get('content-type') ?? '', /text\/html/);
    assert.equal(index.headers.get('content-security-policy'), CONTENT_SECURITY_POLICY);
    const worklet = await fetch(`${voice.http}/capture-worklet.js`);
    assert.equal(worklet.status, 200);
    assert.match(worklet.headers.get('content-type') ?? '', /javascript/);
    const missing = await fetch(`${voice.http}/assets/nope.js`);
    assert.equal(missing.status, 404);
    assert.equal(((await missing.json()) as any).error.code, 'not_found');
    assert.equal((await fetch(`${voice.http}/healthz`)).status, 200);

    const browser = await chromium.launch(
      chromiumLaunchOptions([
        '--autoplay-policy=no-user-gesture-required',
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-audio-capture=${wav}`,
      ]),
    );
    t.after(() => browser.close());
    const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    const consoleLines: string[] = [];
    const pageErrors: string[] = [];
    page.on('console', (m) => consoleLines.push(`${m.type()}: ${m.text()}`));
    page.on('pageerror', (e) => pageErrors.push(e.message));
    page.setDefaultTimeout(10_000);
    await page.addInitScript(pageHooks);
    mkdirSync(ARTIFACTS, { recursive: true });

    let heard: string;
    let spoken: Awaited<ReturnType<typeof probePage>>;
    try {
      heard = await spokenTurn(page, relay.http);
      spoken = await probePage(page);
      await toolTurn(page);
      await resumedAfterDrop(page, relay);
      assert.equal(voice.service.sessions.size, 1, 'one session, resumed');
    } catch (err) {
      // Keep a picture of the page for whoever investigates.
      await page.screenshot({ path: join(ARTIFACTS, 'voice-console-failure.png') });
      throw err;
    }
    const final = await probePage(page);

    assert.deepEqual(final.csp, [], 'the CSP blocked something the page needs');
    assert.deepEqual(pageErrors, []);
    assert.equal(final.errors.length, 1, final.errors.join('; ')); // the wrong key only
    assert.ok(spoken.sent > 50, `microphone frames sent: ${spoken.sent}`);
    assert.ok(spoken.received >= 5, `audio frames received: ${spoken.received}`);
    assert.ok(final.received > spoken.received, 'the tool reply was spoken too');
    const states = spoken.states.join(' → ');
    assert.equal(spoken.states[0], 'offline', states);
    assert.ok(spoken.states.includes('listening'), states);
    assert.ok(spoken.states.includes('user_speaking'), states);
    assert.ok(spoken.states.includes('thinking') || spoken.states.includes('speaking'), states);
    // The key stays in page memory: not in the URL, not in storage, not in the console.
    assert.ok(!final.url.includes(API_KEY));
    assert.equal(final.storage, 0);
    assert.ok(!consoleLines.some((l) => l.includes(API_KEY)));

    await page.screenshot({ path: join(ARTIFACTS, 'voice-console.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: join(ARTIFACTS, 'voice-console-narrow.png'), fullPage: true });

    // Disconnecting closes the socket, which ends the session on the service.
    await page.getByRole('button', { name: 'Disconnect' }).click();
    await page.locator('[data-testid="connection"][data-connection="closed"]').waitFor();
    await page.locator('[data-testid="state"][data-state="offline"]').waitFor();
    t.diagnostic(
      `states: ${states}; frames sent ${spoken.sent}, received ${final.received}; ` +
        `transcript "${heard}"; ${Math.round(performance.now() - started)} ms`,
    );
  },
);
