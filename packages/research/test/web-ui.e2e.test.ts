import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { call } from './helpers.ts';
import { chromiumMissing, openChatBench, ROOT, say, type ChatBench } from './chat-browser.ts';

const SCREENSHOT = join(ROOT, 'test-artifacts', 'research-ui.png');
const README_SCREENSHOT = join(ROOT, 'docs', 'images', 'research-ui.png');

const skip = chromiumMissing;
let bench: ChatBench;
let svc: ChatBench['svc'];
let browser: ChatBench['browser'];

before(async () => {
  if (skip) return;
  bench = await openChatBench();
  ({ svc, browser } = bench);
});

after(async () => {
  await bench?.close();
});

/**
 * Waits until Chromium's PDF viewer (an extension frame inside the iframe) has loaded the
 * paper: it titles its document then. Only the screenshot depends on it, so a viewer that
 * never reports (another Chromium build) does not fail the test.
 */
async function pdfShown(page: Page): Promise<void> {
  const isViewer = (url: string) => url.startsWith('chrome-extension://');
  const viewer =
    page.frames().find((f) => isViewer(f.url())) ??
    (await page
      .waitForEvent('framenavigated', { predicate: (f) => isViewer(f.url()), timeout: 10_000 })
      .catch(() => null));
  await viewer
    // A function, not a string: the viewer's CSP forbids evaluating strings.
    ?.waitForFunction(() => (globalThis as any).document.title.length > 0, null, {
      timeout: 10_000,
    })
    .catch(() => undefined);
}

test(
  'a user signs up, starts a run and answers its pauses from the chat, and gets the paper',
  { skip, timeout: 90_000 },
  async () => {
    const base = svc.api.replace(/\/api$/, '');
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const pageErrors: string[] = [];
    page.on('pageerror', (err) => pageErrors.push(err.message));
    try {
      await page.goto(`${base}/`);
      await page.getByRole('heading', { name: 'Hikma Research' }).waitFor({ timeout: 10_000 });
      assert.equal(await page.getAttribute('.chat-log', 'aria-live'), 'polite');

      // Sign up and set the profile by chatting.
      await say(page, "hi, I'm ana", /Welcome, ana/);
      await page.getByTestId('user-chip').filter({ hasText: 'ana' }).waitFor({ timeout: 5_000 });
      await say(page, 'my domain is ecology', /domain to “ecology”/);
      await page
        .getByTestId('user-chip')
        .filter({ hasText: 'ecology' })
        .waitFor({ timeout: 5_000 });
      assert.equal((await call('GET', `${svc.api}/users/ana`)).body.domain, 'ecology');

      // Start a run; its narration arrives in the chat.
      await say(page, 'start a run on pollinator decline', /Starting a research run/);
      await page
        .locator('.msg-narration', { hasText: /started researching/ })
        .waitFor({ timeout: 15_000 });
      const [run] = (await call('GET', `${svc.api}/runs?user_id=ana`)).body;
      assert.equal(run.topic, 'pollinator decline');

      // The first pause: the feedback box appears.
      const ideationBox = page.getByRole('region', { name: 'Feedback on ideation' });
      await ideationBox.waitFor({ timeout: 30_000 });
      await page.locator('[data-stage="ideation"][data-state="paused"]').waitFor();
      await page.getByRole('tab', { name: 'Hypothesis' }).click();
      await page.getByLabel('Selected hypothesis').waitFor({ timeout: 5_000 });

      // Drop every connection: the stream reconnects (Last-Event-ID) without repeating events.
      svc.service.app.server.closeAllConnections();
      await page.locator('[data-connection="reconnecting"]').waitFor({ timeout: 5_000 });
      await page.locator('[data-connection="live"]').waitFor({ timeout: 15_000 });

      // Answer from the feedback box.
      await ideationBox
        .getByLabel('Your feedback')
        .fill('Prefer a hypothesis we can test with simple field counts.');
      await ideationBox.getByRole('button', { name: 'Send feedback' }).click();
      await page
        .locator('.msg-narration', { hasText: /Thanks for the feedback/ })
        .waitFor({ timeout: 10_000 });

      // The second pause, answered in the chat instead.
      await page.getByRole('region', { name: 'Feedback on planning' }).waitFor({ timeout: 30_000 });
      await say(page, 'continue', /carrying on/);

      // The run completes and the chat links the paper.
      await page.getByTestId('run-status').filter({ hasText: 'completed' }).waitFor({
        timeout: 60_000,
      });
      const texLink = page.locator('.msg a[href$="/paper.tex"]');
      await texLink.waitFor({ timeout: 10_000 });
      const events = (await call('GET', `${svc.api}/runs/${run.run_id}/events`)).body as any[];
      const paperReady = events.find((e) => e.type === 'paper_ready');
      assert.ok(paperReady, 'the run reported its paper');
      const tex = await call('GET', `${base}${await texLink.getAttribute('href')}`);
      assert.equal(tex.status, 200);
      assert.match(tex.body, /\\documentclass/);
      if (paperReady.data.compiled) {
        const pdfLink = page.locator('.msg a[href$="/paper.pdf"]');
        await pdfLink.waitFor({ timeout: 5_000 });
        const pdf = await fetch(`${base}${await pdfLink.getAttribute('href')}`);
        assert.equal(pdf.headers.get('content-type'), 'application/pdf');
      }
      assert.equal(await page.locator('[data-stage][data-state="done"]').count(), 6);

      // Each narration is shown exactly once, in order, despite the dropped connection.
      const narrations = events.filter((e) => e.type === 'narration').map((e) => e.data.text);
      await page
        .locator('.msg-narration')
        .nth(narrations.length - 1)
        .waitFor({ timeout: 10_000 });
      const shown = await page.locator('.msg-narration p').allTextContents();
      assert.deepEqual(shown, narrations);

      // Other actions carried out from the chat.
      await say(page, 'status', /finished/);
      await page.locator('.msg-items li', { hasText: 'Status: completed' }).waitFor();
      await say(page, 'train the planner', /Training the planner/);
      await page
        .locator('.msg-items li', { hasText: /Planner version|feedback/ })
        .last()
        .waitFor({ timeout: 10_000 });

      // Artefacts: the analysis table, the reviews, the code with its output.
      await page.getByRole('tab', { name: 'Analysis' }).click();
      await page.getByRole('table').waitFor({ timeout: 5_000 });
      await page.getByRole('tab', { name: 'Review' }).click();
      await page.getByLabel('Meta-review').waitFor({ timeout: 5_000 });
      // Keyboard: the arrow keys move between tabs.
      await page.getByRole('tab', { name: 'Review' }).press('ArrowLeft');
      await page.getByRole('tab', { name: 'Paper', selected: true }).waitFor({ timeout: 5_000 });
      await page.locator('#tab-paper:focus').waitFor({ timeout: 5_000 });
      await page.getByRole('tab', { name: 'Skills & memories' }).click();
      await page.getByRole('heading', { name: /^Skills \([1-9]/ }).waitFor({ timeout: 10_000 });
      await page.getByRole('tab', { name: 'Paper' }).click();
      if (paperReady.data.compiled) {
        await page.locator('iframe.pdf').waitFor({ timeout: 5_000 });
        await pdfShown(page);
      } else {
        await page.getByText(/^No PDF/).waitFor({ timeout: 5_000 });
      }

      mkdirSync(join(ROOT, 'test-artifacts'), { recursive: true });
      await page.screenshot({ path: SCREENSHOT });
      // The README's copy changes only on request, so test runs leave the tree clean.
      if (!existsSync(README_SCREENSHOT) || process.env.UPDATE_SCREENSHOTS === '1') {
        mkdirSync(join(ROOT, 'docs', 'images'), { recursive: true });
        copyFileSync(SCREENSHOT, README_SCREENSHOT);
      }

      // A narrow phone screen: nothing overflows sideways.
      await page.setViewportSize({ width: 320, height: 720 });
      // A string runs in the page (this file is type-checked without the DOM library).
      const overflow = await page.evaluate<number>(
        'document.documentElement.scrollWidth - document.documentElement.clientWidth',
      );
      assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow}px at 320px`);
      await page.screenshot({ path: join(ROOT, 'test-artifacts', 'research-ui-narrow.png') });

      assert.deepEqual(pageErrors, []);
    } catch (err) {
      mkdirSync(join(ROOT, 'test-artifacts'), { recursive: true });
      await page.screenshot({ path: join(ROOT, 'test-artifacts', 'research-ui-failure.png') });
      throw err;
    } finally {
      await page.close();
    }
  },
);

test(
  'the service serves the app at / with a fallback for its pages; /api stays JSON',
  { skip },
  async () => {
    const base = svc.api.replace(/\/api$/, '');
    for (const path of ['/', '/runs/some-run']) {
      const res = await fetch(`${base}${path}`);
      assert.equal(res.status, 200, path);
      assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
      assert.match(await res.text(), /<div id="root">/);
    }
    const missing = await call('GET', `${svc.api}/no-such-route`);
    assert.equal(missing.status, 404);
    assert.deepEqual(missing.body, { detail: 'Not Found' });
    assert.equal((await call('GET', `${base}/no-such-file.js`)).status, 404);
  },
);
