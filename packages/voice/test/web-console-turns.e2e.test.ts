import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { WEB_CONSOLE_DIR } from '../src/http/static.ts';
import { defaultSessionConfig, type SessionConfig } from '../src/protocol/session-config.ts';
import type { ServerMessage } from '../src/protocol/server-messages.ts';
import { initialState, type ConsoleState } from '../web/src/lib/console-model.ts';
import { idleCountdown, reduce } from '../web/src/lib/console-state.ts';
import { fliteSpeech16k, noise16k, silence16k } from './helpers/audio.ts';
import { API_KEY, startVoice } from './helpers/service.ts';
import { chromiumLaunchOptions, chromiumMissing } from '@hikma/service-kit/testing';

const WEB_DIR = fileURLToPath(new URL('../web', import.meta.url));
const ARTIFACTS = fileURLToPath(new URL('../../../test-artifacts', import.meta.url));

/** Newest modification time of the console's sources. */
function newestSource(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestSource(join(path, name))));
}

/** Builds the console with Vite's JS API when `web/dist` is missing or older than its sources. */
async function ensureBuilt(): Promise<void> {
  const index = join(WEB_CONSOLE_DIR, 'index.html');
  const sources = ['src', 'public', 'index.html'].map((p) => newestSource(join(WEB_DIR, p)));
  if (existsSync(index) && statSync(index).mtimeMs >= Math.max(...sources)) return;
  const { build } = await import('vite');
  await build({ root: WEB_DIR, configFile: join(WEB_DIR, 'vite.config.ts'), logLevel: 'warn' });
}

// The functions below run in the page; see web-console.e2e.test.ts for why they use
// `globalThis` and no named inner functions.

/**
 * Installed before the page's scripts: a microphone the test speaks into. getUserMedia gets a
 * stream fed by a 16 kHz audio context of its own, silent until `__speak(base64 PCM16)` plays
 * a recording into it; the console captures it through its worklet as it would a real one.
 * Also records CSP violations and the idle countdown's states (some last a moment only).
 */
function pageHooks(): void {
  const g = globalThis as any;
  const csp: string[] = (g.__csp = []);
  const idle: string[] = (g.__idle = []);
  g.document.addEventListener('securitypolicyviolation', (e: any) =>
    csp.push(`${e.violatedDirective} ${e.blockedURI}`),
  );
  new g.MutationObserver(() => {
    const el = g.document.querySelector('[data-testid="idle-countdown"]');
    const state = el
      ? `${el.dataset.state}:${el.querySelector('.idle-next')?.textContent ?? ''}`
      : '';
    if (state && idle[idle.length - 1] !== state) idle.push(state);
  }).observe(g.document, { subtree: true, childList: true, characterData: true, attributes: true });

  const mic: { context: any; destination: any } = { context: null, destination: null };
  g.__mic = mic;
  g.navigator.mediaDevices.getUserMedia = async () => {
    mic.context ??= new g.AudioContext({ sampleRate: 16000 });
    mic.destination ??= mic.context.createMediaStreamDestination();
    await mic.context.resume();
    return mic.destination.stream;
  };
  g.__speak = (base64: string) => {
    const bytes = Uint8Array.from(g.atob(base64), (c: string) => c.charCodeAt(0));
    const pcm = new Int16Array(bytes.buffer);
    const buffer = mic.context.createBuffer(1, pcm.length, 16000);
    const channel = buffer.getChannelData(0);
    for (let i = 0; i < pcm.length; i++) channel[i] = (pcm[i] as number) / 32768;
    const source = mic.context.createBufferSource();
    source.buffer = buffer;
    source.connect(mic.destination);
    return new Promise<void>((resolve) => {
      source.onended = () => resolve();
      source.start();
    });
  };
}

/** Plays PCM16 16 kHz audio into the page's microphone; resolves when it has been played. */
async function speak(page: Page, pcm: Buffer): Promise<void> {
  await page.evaluate((b64) => (globalThis as any).__speak(b64), pcm.toString('base64'));
}

/** The detector's decisions as the strip chart's points say them (their tooltips). */
async function plotted(page: Page): Promise<{ probability: number; silenceMs: number }[]> {
  const titles = await page.locator('[data-testid="turn-strip"] circle title').allTextContents();
  return titles.map((t) => {
    const m = /p ([\d.]+) · (\d+) ms/.exec(t);
    assert.ok(m, `point title: ${t}`);
    return { probability: Number(m[1]), silenceMs: Number(m[2]) };
  });
}

test('the console counts idle time as the service does, and marks a resumed reply', () => {
  const session = defaultSessionConfig('slt', 'offline-1');
  const withIdle = (ms: number | null): SessionConfig => ({
    ...session,
    turn_detection: { ...session.turn_detection, idle_timeout_ms: ms },
  });
  const fold = (state: ConsoleState, ...messages: ServerMessage[]) =>
    messages.reduce((s, message) => reduce(s, { type: 'server', message }), state);
  const done = (stream_id: number, status: 'completed' | 'cancelled', text: string) =>
    ({
      type: 'response.done',
      stream_id,
      status,
      text,
      usage: { prompt_tokens: 0, completion_tokens: 0 },
    }) as const;

  let s = reduce(initialState, { type: 'connected' });
  s = fold(s, {
    type: 'session.created',
    session_id: 's',
    model: 'm',
    voice: 'v',
    session: withIdle(1000),
    expires_in_ms: 1e6,
  });
  assert.equal(idleCountdown(s, Date.now()), null, 'nothing counts before a reply');
  s = fold(s, { type: 'response.created', stream_id: 1 });
  assert.equal(idleCountdown(s, Date.now()), null, 'nor while the assistant responds');
  s = fold(s, done(1, 'completed', 'hi'));
  const counting = idleCountdown(s, s.idle.since + 400);
  assert.deepEqual(counting, { remainingMs: 600, timeoutMs: 1000, action: 'reprompt' });
  // A new timeout while idle: the service counts from the update.
  const before = s.idle.since;
  s = fold(s, { type: 'session.updated', session: withIdle(2000) });
  assert.ok(s.idle.since >= before);
  assert.equal(idleCountdown(s, s.idle.since)?.timeoutMs, 2000);
  s = fold(
    s,
    {
      type: 'input_audio.timeout_triggered',
      audio_start_ms: 0,
      audio_end_ms: 2000,
      idle_timeout_ms: 2000,
      action: 'reprompt',
    },
    { type: 'response.created', stream_id: 2 },
    done(2, 'completed', 'Are you still there?'),
  );
  assert.equal(idleCountdown(s, Date.now())?.action, 'close', 'the next timeout closes');
  assert.deepEqual(
    s.turns.filter((t) => t.kind === 'notice').map((t) => t.action),
    ['reprompt'],
  );
  s = fold(s, { type: 'vad.speech_started', audio_start_ms: 1 });
  assert.equal(idleCountdown(s, Date.now()), null, 'the user speaks: no count');
  assert.equal(s.idle.timeouts, 0, 'and the next timeout re-prompts again');

  // A reply cut by "uh-huh" and resumed: the cut one points on, the backchannel is marked,
  // and what the resumed one says is counted from its offset.
  s = fold(
    s,
    { type: 'vad.speech_stopped', audio_end_ms: 2 },
    { type: 'transcript.final', text: 'tell me a story', languages: ['en-US'], duration_ms: 1 },
    { type: 'response.created', stream_id: 3 },
    { type: 'response.text.delta', stream_id: 3, text: 'Once upon a time there was a fox.' },
    { type: 'barge_in.detected', stream_id: 3, spoken_chars: 12 },
    done(3, 'cancelled', 'Once upon a '),
    { type: 'vad.speech_started', audio_start_ms: 3 },
    { type: 'vad.speech_stopped', audio_end_ms: 4 },
    { type: 'transcript.final', text: 'uh-huh', languages: ['en-US'], duration_ms: 1 },
    { type: 'response.created', stream_id: 4 },
    {
      type: 'response.resumed',
      stream_id: 4,
      resumed_stream_id: 3,
      reason: 'backchannel',
      text_offset: 12,
    },
    { type: 'response.text.delta', stream_id: 4, text: 'time there was a fox.' },
    done(4, 'cancelled', 'Once upon a time there'),
  );
  const cut = s.turns.find((t) => t.kind === 'assistant' && t.streamId === 3);
  const resumed = s.turns.find((t) => t.kind === 'assistant' && t.streamId === 4);
  const backchannel = s.turns.find((t) => t.kind === 'user' && t.text === 'uh-huh');
  assert.equal(cut?.kind === 'assistant' && cut.resumedBy, 4);
  assert.deepEqual(resumed?.kind === 'assistant' && resumed.resumed, {
    streamId: 3,
    reason: 'backchannel',
    after: 'uh-huh',
    textOffset: 12,
  });
  assert.equal(backchannel?.kind === 'user' && backchannel.backchannel, true);
});

test(
  'the console shows the turn detector, a resumed reply and the idle countdown',
  {
    timeout: 150_000,
    skip: chromiumMissing,
  },
  async (t) => {
    await ensureBuilt();
    const voice = await startVoice();
    t.after(() => voice.close());

    const browser = await chromium.launch(
      chromiumLaunchOptions(['--autoplay-policy=no-user-gesture-required']),
    );
    t.after(() => browser.close());
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    const sent: any[] = [];
    page.on('websocket', (ws) =>
      ws.on('framesent', ({ payload }) => {
        if (typeof payload === 'string') sent.push(JSON.parse(payload));
      }),
    );
    page.setDefaultTimeout(10_000);
    await page.addInitScript(pageHooks);
    mkdirSync(ARTIFACTS, { recursive: true });

    let turnsAtPause = 0;
    let pauseSilences: number[] = [];
    try {
      await page.goto(`${voice.http}/`);
      await page.getByLabel('API key').fill(API_KEY);
      await page.getByRole('button', { name: 'Connect' }).click();
      await page.locator('[data-testid="state"][data-state="listening"]').waitFor();
      // Under server_vad with no idle timeout the console shows no turn-taking card.
      assert.equal(await page.getByTestId('turn-strip').count(), 0);

      // 1. semantic_vad picked in the session panel goes out in session.update.
      await page.getByLabel('turn detection').selectOption('semantic_vad');
      await page.getByLabel('eagerness').selectOption('auto');
      await page.getByRole('button', { name: 'Send session.update' }).click();
      await page.getByText('session.updated ×1').waitFor();
      const update = sent.find((m) => m.type === 'session.update');
      assert.deepEqual(update?.session.turn_detection, {
        type: 'semantic_vad',
        eagerness: 'auto',
        idle_timeout_ms: null,
      });
      await page.getByTestId('turn-strip').waitFor();
      assert.match(await page.locator('.turn-detector').innerText(), /semantic VAD · auto/);

      // 2. A request with a 750 ms pause in mid-sentence: the detector's decisions (the
      // probability that the user has finished, and the silence it waits for) are plotted,
      // and the turn that ended says which decision ended it. Whether the pause cut the turn
      // is the service's business (semantic-turn.e2e.test.ts); it is only reported here.
      await speak(
        page,
        Buffer.concat([
          silence16k(300),
          fliteSpeech16k('can you tell me the weather in'),
          noise16k(750, 0.002, 2),
          fliteSpeech16k('london tomorrow morning'),
          silence16k(2600),
        ]),
      );
      const heard = page.getByTestId('transcript-final');
      await heard.filter({ hasText: /london|tomorrow|morning/ }).waitFor({ timeout: 15_000 });
      turnsAtPause = await heard.count();
      const points = await plotted(page);
      assert.ok(points.length >= 2, `points plotted: ${points.length}`);
      for (const p of points) {
        assert.ok(p.probability >= 0 && p.probability <= 1, JSON.stringify(p));
        assert.ok(p.silenceMs >= 200 && p.silenceMs <= 2500, JSON.stringify(p));
      }
      const latest = points.at(-1)!;
      assert.equal(
        await page.getByTestId('turn-probability').textContent(),
        latest.probability.toFixed(2),
      );
      assert.equal(await page.getByTestId('turn-silence').textContent(), `${latest.silenceMs} ms`);
      const ended = /ended p ([\d.]+) · (\d+) ms/.exec(
        (await page.getByTestId('end-of-turn').last().textContent()) ?? '',
      );
      assert.ok(ended, 'the turn says what ended it');
      assert.ok(
        points.some((p) => p.probability === Number(ended[1]) && p.silenceMs === Number(ended[2])),
        `${ended[0]} among ${JSON.stringify(points)}`,
      );
      pauseSilences = points.map((p) => p.silenceMs);
      await page
        .locator('[data-testid="state"][data-state="listening"]')
        .waitFor({ timeout: 30_000 });
      await page
        .locator('.turn.assistant[data-status="streaming"]')
        .waitFor({ state: 'detached', timeout: 30_000 });

      // 3. "okay" while the assistant speaks cuts the reply; it resumes, and says so.
      const long =
        'Please tell me everything about the long history of the city of London, from the Roman settlement to the modern financial district, in great detail';
      await page.getByLabel('Message').fill(long);
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await page
        .locator('[data-testid="state"][data-state="speaking"]')
        .waitFor({ timeout: 20_000 });
      await new Promise((r) => setTimeout(r, 1200));
      await speak(page, Buffer.concat([fliteSpeech16k('okay'), silence16k(1500)]));
      const resumed = page.getByTestId('resumed');
      await resumed.waitFor({ timeout: 10_000 });
      assert.match((await resumed.textContent()) ?? '', /↻ resumed #\d+ after “okay”/);
      await page.locator('.turn.user.backchannel', { hasText: 'okay' }).waitFor();
      await page.locator('.turn.assistant', { hasText: /goes on in #\d+/ }).waitFor();
      await page
        .locator('.turn.assistant.resumed[data-status="completed"]')
        .waitFor({ timeout: 40_000 });
      await page.screenshot({ path: join(ARTIFACTS, 'voice-console-turns.png') });

      // 4. Idle timeout 1 s: the countdown runs, the assistant asks again, then the session
      // ends (4410). Set while idle, so the service counts from the update.
      await page.getByLabel('idle timeout (ms)').fill('1000');
      await page.getByRole('button', { name: 'Send session.update' }).click();
      await page.getByText('session.updated ×2').waitFor();
      assert.equal(
        sent.filter((m) => m.type === 'session.update').at(-1).session.turn_detection
          .idle_timeout_ms,
        1000,
      );
      await page.locator('[data-testid="idle-event"][data-action="reprompt"]').waitFor();
      await page
        .locator('.turn.assistant[data-status="completed"]', { hasText: 'Are you still there?' })
        .waitFor({ timeout: 15_000 });
      await page.locator('.idle-next', { hasText: 'session ends' }).waitFor();
      await page.screenshot({ path: join(ARTIFACTS, 'voice-console-idle.png') });
      await page.locator('[data-testid="idle-event"][data-action="close"]').waitFor();
      await page
        .locator('[data-testid="connection"][data-connection="closed"]', { hasText: '4410' })
        .waitFor();
    } catch (err) {
      await page.screenshot({ path: join(ARTIFACTS, 'voice-console-turns-failure.png') });
      throw err;
    }

    const probe = await page.evaluate(() => ({
      csp: (globalThis as any).__csp as string[],
      idle: (globalThis as any).__idle as string[],
    }));
    assert.deepEqual(probe.csp, []);
    assert.deepEqual(pageErrors, []);
    // Counting toward the re-prompt, waiting while it is asked, counting toward the close.
    const idle = probe.idle.join(' → ');
    const counted = probe.idle.indexOf('counting:→ re-prompt');
    assert.ok(counted >= 0, idle);
    assert.ok(probe.idle.indexOf('counting:→ session ends') > counted, idle);
    assert.match(
      (await page.getByTestId('connection').textContent()) ?? '',
      /4410 no reply after the idle re-prompt: idle_timeout/,
    );
    await page.screenshot({ path: join(ARTIFACTS, 'voice-console-idle-closed.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({
      path: join(ARTIFACTS, 'voice-console-turns-narrow.png'),
      fullPage: true,
    });
    t.diagnostic(
      `paused request: ${turnsAtPause} turn(s), silences chosen ${pauseSilences.join(', ')} ms; ` +
        `idle countdown: ${idle}`,
    );
  },
);
