import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { buildApp } from '../src/http/app.ts';
import type { HttpDeps } from '../src/http/deps.ts';
import { OPERATIONS } from '../src/http/openapi-operations.ts';
import { startService, type RunningService } from './helpers.ts';
import { chromiumLaunchOptions, chromiumMissing } from '@hikma/service-kit/testing';

const ARTIFACTS = fileURLToPath(new URL('../../../test-artifacts/', import.meta.url));

let svc: RunningService;
let origin: string;
before(async () => {
  svc = await startService();
  origin = new URL(svc.api).origin;
});
after(async () => {
  await svc?.close();
});

test('/api/docs answers HTML whose scripts, styles and icons come from the same server', async () => {
  const page = await fetch(`${origin}/api/docs`);
  assert.equal(page.status, 200);
  assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
  const csp = page.headers.get('content-security-policy') ?? '';
  assert.match(csp, /default-src 'self'/);
  assert.match(csp, /connect-src 'self'/);
  const html = await page.text();
  const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
  assert.ok(assets.length >= 5, `assets: ${assets.join(', ')}`);
  const types: string[] = [];
  for (const asset of assets) {
    const url = new URL(asset, `${origin}/api/docs`);
    assert.equal(url.origin, origin, `${asset} is on the service's origin`);
    const res = await fetch(url);
    assert.equal(res.status, 200, `${asset}: ${res.status}`);
    assert.ok((await res.arrayBuffer()).byteLength > 0, `${asset} has a body`);
    types.push(res.headers.get('content-type') ?? '');
  }
  assert.ok(types.some((t) => t.startsWith('application/javascript')));
  assert.ok(types.some((t) => t.startsWith('text/css')));
  // The page loads the document from beside it: the same one as /api/openapi.json.
  const fromUi = await (await fetch(`${origin}/api/docs/json`)).json();
  assert.deepEqual(fromUi, await (await fetch(`${origin}/api/openapi.json`)).json());
  const redirect = await fetch(`${origin}/docs`, { redirect: 'manual' });
  assert.equal(redirect.status, 302);
  assert.equal(redirect.headers.get('location'), '/api/docs');
});

test('a worker-only instance serves no documents', async () => {
  const app = await buildApp(
    { serveApi: false, uiOrigin: 'http://localhost:5173', version: '0.0.0' } as HttpDeps,
    { logLevel: 'silent', webDistDir: ARTIFACTS },
  );
  for (const url of ['/api/docs', '/api/openapi.json'])
    assert.equal((await app.inject({ url })).statusCode, 404, url);
  await app.close();
});

test(
  'Swagger UI renders every operation in Chromium with no request off the origin',
  { skip: chromiumMissing },
  async () => {
    const browser = await chromium.launch(chromiumLaunchOptions());
    try {
      const page = await browser.newPage();
      const requests: string[] = [];
      page.on('request', (request) => requests.push(request.url()));
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${origin}/api/docs`);
      await page.locator('.opblock').first().waitFor({ timeout: 20_000 });
      assert.equal(await page.locator('.opblock').count(), Object.keys(OPERATIONS).length);
      await page.locator('.info .title', { hasText: 'Hikma research API' }).waitFor();
      mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: join(ARTIFACTS, 'research-api-docs.png'), fullPage: false });
      const offOrigin = requests.filter(
        (url) => !url.startsWith('data:') && new URL(url).origin !== origin,
      );
      assert.deepEqual(offOrigin, []);
      assert.ok(
        requests.some((url) => url.endsWith('/api/docs/json')),
        'the document was fetched',
      );
      assert.deepEqual(errors, []);
    } finally {
      await browser.close();
    }
  },
);
