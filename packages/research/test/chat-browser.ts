// What the chat app's browser tests share: Chromium, a fresh build of the app, a service to
// talk to, and typing a message the way a user does.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { chromiumLaunchOptions, chromiumMissing } from '@hikma/service-kit/testing';
import { startService, type RunningService } from './helpers.ts';

const WEB = fileURLToPath(new URL('../web/', import.meta.url));
const DIST_INDEX = join(WEB, 'dist', 'index.html');

/** The repository root (screenshots go under it). */
export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Why the browser tests cannot run here, or false. */
export { chromiumMissing };

/** Newest modification time under `path` (a file or a folder). */
function newest(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))));
}

/** Builds the UI when there is no build, or when its sources changed after the last one. */
async function ensureBuilt(): Promise<void> {
  const sources = ['src', 'index.html', 'vite.config.ts'].map((p) => newest(join(WEB, p)));
  if (existsSync(DIST_INDEX) && statSync(DIST_INDEX).mtimeMs >= Math.max(...sources)) return;
  const { build } = await import('vite');
  // The test runner sets NODE_ENV=test, which would give React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: join(WEB, 'vite.config.ts'), logLevel: 'warn' });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}

export interface ChatBench {
  svc: RunningService;
  browser: Browser;
  close(): Promise<void>;
}

/** A built app, a research service on embedded defaults serving it, and headless Chromium. */
export async function openChatBench(): Promise<ChatBench> {
  await ensureBuilt();
  const svc = await startService();
  const browser = await chromium.launch(chromiumLaunchOptions());
  return {
    svc,
    browser,
    close: async () => {
      await browser.close();
      await svc.close();
    },
  };
}

/** Types into the chat, sends with Enter, waits for the assistant's reply. */
export async function say(page: Page, text: string, reply: RegExp): Promise<void> {
  const input = page.getByLabel('Message', { exact: true });
  await input.fill(text);
  await input.press('Enter');
  await page.locator('.msg-assistant', { hasText: reply }).last().waitFor({ timeout: 10_000 });
  // Focus is back in the message box, ready for the next message.
  await page.locator('#chat-input:focus').waitFor({ timeout: 5_000 });
}
