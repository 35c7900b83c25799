import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { call, startService } from './helpers.ts';

test('arbitrary request bodies never crash the research API and always get FastAPI-style errors', async () => {
  const svc = await startService();
  const heapBefore = process.memoryUsage().heapUsed;
  try {
    await call('POST', `${svc.api}/users`, { user_id: 'fuzz' });
    const routes = ['/users', '/runs', '/intent', '/runs/run-missing/feedback'];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.oneof(
          fc.json(),
          fc.string({ maxLength: 200 }),
          fc.anything().map((v) => JSON.stringify(v) ?? ''),
        ),
        async (route, body) => {
          const res = await call('POST', `${svc.api}${route}`, body);
          assert.ok(res.status < 500, `${route} answered ${res.status} to ${body.slice(0, 80)}`);
          if (res.status >= 400) {
            assert.ok(res.body && 'detail' in res.body, 'error bodies carry detail');
            if (res.status === 422)
              assert.ok(
                Array.isArray(res.body.detail) &&
                  res.body.detail.every((d: any) => Array.isArray(d.loc)),
              );
          }
        },
      ),
      { numRuns: 150, seed: 42 },
    );
    assert.equal((await call('GET', `${svc.api}/health`)).status, 200);
    // The service runs in this process: what it keeps per refused request must stay small.
    const grownMb = (process.memoryUsage().heapUsed - heapBefore) / 1e6;
    assert.ok(grownMb < 200, `heap grew ${grownMb.toFixed(0)} MB`);
  } finally {
    // Runs started by valid fuzz bodies finish or stop with the service.
    await svc.close();
  }
});
