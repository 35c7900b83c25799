// One conformance suite run against every HTTP adapter, each talking to a local fake server.
import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import type { Reference } from '../domain/artefacts.ts';
import { CombinedCitationProvider } from './combined.ts';
import type { HttpCitationProvider, HttpProviderOptions } from './http-provider.ts';
import { OpenAlexProvider } from './openalex.ts';
import { SemanticScholarProvider } from './semantic-scholar.ts';
import {
  OPENALEX_WORKS,
  SEMANTIC_SCHOLAR_SEARCH,
  startFakeServer,
  type FakeResponse,
  type RecordedRequest,
} from './testing.ts';

interface Adapter {
  name: string;
  make(options: HttpProviderOptions): HttpCitationProvider;
  /** A successful answer, and the first reference it must give. */
  answer: unknown;
  first: Reference;
  /** An answer that is JSON but not the API's shape. */
  wrongShape: unknown;
  checkRequest(req: RecordedRequest): void;
}

const ADAPTERS: Adapter[] = [
  {
    name: 'OpenAlex',
    make: (options) => new OpenAlexProvider({ ...options, mailto: 'team@example.org' }),
    answer: OPENALEX_WORKS,
    first: {
      key: 'vaswani2017attention',
      title: 'Attention Is All You Need',
      authors: ['Ashish Vaswani', 'Noam Shazeer'],
      year: 2017,
      venue: 'Neural Information Processing Systems',
      url: 'https://doi.org/10.48550/arXiv.1706.03762',
    },
    wrongShape: { error: 'Invalid query parameters', message: 'x' },
    checkRequest(req) {
      assert.equal(req.url.pathname, '/works');
      assert.equal(req.url.searchParams.get('search'), 'learning rate warm-up');
      assert.equal(req.url.searchParams.get('per-page'), '2');
      assert.equal(req.url.searchParams.get('mailto'), 'team@example.org');
      assert.match(req.url.searchParams.get('select') ?? '', /display_name/);
    },
  },
  {
    name: 'Semantic Scholar',
    make: (options) => new SemanticScholarProvider({ ...options, apiKey: 'test-key' }),
    answer: SEMANTIC_SCHOLAR_SEARCH,
    first: {
      key: 'vaswani2017attention',
      title: 'Attention is All you Need',
      authors: ['Ashish Vaswani', 'Noam M. Shazeer'],
      year: 2017,
      venue: 'Neural Information Processing Systems',
      url: 'https://doi.org/10.48550/ARXIV.1706.03762',
    },
    wrongShape: [{ title: 'a list, not a search result' }],
    checkRequest(req) {
      assert.equal(req.url.pathname, '/paper/search');
      assert.equal(req.url.searchParams.get('query'), 'learning rate warm-up');
      assert.equal(req.url.searchParams.get('limit'), '2');
      assert.equal(req.url.searchParams.get('fields'), 'title,year,authors,venue,externalIds,url');
      assert.equal(req.headers['x-api-key'], 'test-key');
    },
  },
];

/** A provider on a fake server, with a manual clock, recorded sleeps and log lines. */
async function setup(
  t: TestContext,
  adapter: Adapter,
  script: (n: number) => FakeResponse,
  options: HttpProviderOptions = {},
) {
  const server = await startFakeServer(script);
  t.after(() => server.close());
  const clock = { now: 1_000_000 };
  const sleeps: number[] = [];
  const warnings: string[] = [];
  const provider = adapter.make({
    baseUrl: server.baseUrl,
    now: () => clock.now,
    sleep: async (ms) => void sleeps.push(ms),
    random: () => 0.5,
    baseDelayMs: 100,
    logger: { warn: (_obj, msg) => warnings.push(msg ?? '') },
    ...options,
  });
  return { server, clock, sleeps, warnings, provider };
}

const QUERY = 'learning rate warm-up';

for (const adapter of ADAPTERS) {
  test(`${adapter.name}: a search maps the API's JSON to references with unique keys`, async (t) => {
    const { server, provider } = await setup(t, adapter, () => ({ body: adapter.answer }));
    const refs = await provider.search(`  ${QUERY} `, { limit: 2 });
    adapter.checkRequest(server.requests[0]!);
    assert.deepEqual(refs[0], adapter.first);
    assert.equal(refs.length, 2);
    assert.equal(new Set(refs.map((r) => r.key)).size, 2);
    for (const ref of refs) assert.match(ref.key, /^[A-Za-z0-9_:-]+$/);
    assert.ok(!refs[1]!.title.includes('<'), 'HTML tags removed from titles');
  });

  test(`${adapter.name}: 429 with Retry-After is waited for, then the search succeeds`, async (t) => {
    const { server, sleeps, provider } = await setup(t, adapter, (n) =>
      n === 0
        ? { status: 429, headers: { 'retry-after': '2' }, body: { message: 'Too Many Requests' } }
        : { body: adapter.answer },
    );
    const outcome = await provider.searchWithOutcome(QUERY, { limit: 2 });
    assert.equal(outcome.status, 'ok');
    assert.equal(outcome.references.length, 2);
    assert.equal(server.requests.length, 2);
    assert.deepEqual(sleeps, [2000]);
  });

  test(`${adapter.name}: 5xx is retried with jittered exponential backoff, then given up`, async (t) => {
    const { server, sleeps, warnings, provider } = await setup(
      t,
      adapter,
      () => ({ status: 503, body: 'upstream unavailable' }),
      { maxRetries: 2 },
    );
    const outcome = await provider.searchWithOutcome(QUERY);
    assert.deepEqual(outcome.references, []);
    assert.equal(outcome.status, 'failed');
    assert.match(outcome.reason ?? '', /HTTP 503/);
    assert.equal(server.requests.length, 3);
    assert.deepEqual(sleeps, [50, 100], 'random 0.5 of 100 ms, then of 200 ms');
    assert.match(warnings[0] ?? '', /citation search failed: .*HTTP 503/);
  });

  test(`${adapter.name}: repeated failures open the breaker; calls are skipped until the cool-down passes`, async (t) => {
    let healthy = false;
    const { server, clock, warnings, provider } = await setup(
      t,
      adapter,
      () => (healthy ? { body: adapter.answer } : { status: 500, body: {} }),
      { maxRetries: 1, breakerThreshold: 2, breakerCoolDownMs: 30_000 },
    );
    assert.equal((await provider.searchWithOutcome('a')).status, 'failed');
    assert.equal((await provider.searchWithOutcome('b')).status, 'failed');
    assert.equal(server.requests.length, 4);

    const skipped = await provider.searchWithOutcome('c');
    assert.equal(skipped.status, 'skipped');
    assert.match(
      skipped.reason ?? '',
      /circuit open after 2 consecutive failures; next try in 30000 ms/,
    );
    assert.equal(skipped.requests, 0);
    assert.equal(server.requests.length, 4, 'no request while open');
    assert.ok(warnings.some((w) => /skipped: circuit open/.test(w)));

    clock.now += 29_999;
    assert.equal((await provider.searchWithOutcome('d')).status, 'skipped');
    clock.now += 1;
    healthy = true;
    const trial = await provider.searchWithOutcome('e');
    assert.equal(trial.status, 'ok', 'the trial call after the cool-down goes through');
    assert.equal(server.requests.length, 5);
    assert.equal((await provider.searchWithOutcome('f')).status, 'ok', 'closed again');
  });

  test(`${adapter.name}: a failed trial call opens the breaker for another cool-down`, async (t) => {
    const { server, clock, provider } = await setup(t, adapter, () => ({ status: 502 }), {
      maxRetries: 0,
      breakerThreshold: 1,
      breakerCoolDownMs: 1_000,
    });
    await provider.search('a');
    clock.now += 1_000;
    await provider.search('b');
    assert.equal(server.requests.length, 2);
    assert.equal((await provider.searchWithOutcome('c')).status, 'skipped');
  });

  test(`${adapter.name}: a server that does not answer in time is a timeout, retried`, async (t) => {
    const { server, provider } = await setup(
      t,
      adapter,
      () => ({ delayMs: 2_000, body: adapter.answer }),
      { timeoutMs: 100, maxRetries: 1 },
    );
    const started = Date.now();
    const outcome = await provider.searchWithOutcome(QUERY);
    assert.deepEqual(outcome.references, []);
    assert.match(outcome.reason ?? '', /no response within 100 ms/);
    assert.equal(server.requests.length, 2);
    assert.ok(Date.now() - started < 1_500, 'did not wait for the slow server');
  });

  test(`${adapter.name}: malformed JSON or an unexpected shape gives [] with a reason, no retry`, async (t) => {
    const { server, provider } = await setup(t, adapter, (n) => ({
      body: n === 0 ? '{"results": [' : adapter.wrongShape,
    }));
    const broken = await provider.searchWithOutcome('a');
    assert.deepEqual(broken.references, []);
    assert.match(broken.reason ?? '', /malformed JSON/);
    const shape = await provider.searchWithOutcome('b');
    assert.deepEqual(shape.references, []);
    assert.match(shape.reason ?? '', /malformed response/);
    assert.equal(server.requests.length, 2);
  });

  test(`${adapter.name}: 4xx other than 408/429 is not retried and does not open the breaker`, async (t) => {
    const { server, provider } = await setup(t, adapter, () => ({ status: 400 }), {
      breakerThreshold: 1,
    });
    assert.match((await provider.searchWithOutcome('a')).reason ?? '', /HTTP 400/);
    assert.equal((await provider.searchWithOutcome('b')).status, 'failed', 'not skipped');
    assert.equal(server.requests.length, 2);
  });

  test(`${adapter.name}: a Retry-After beyond the cap fails at once`, async (t) => {
    const { server, sleeps, provider } = await setup(
      t,
      adapter,
      () => ({ status: 429, headers: { 'retry-after': '3600' } }),
      { maxRetryAfterMs: 10_000 },
    );
    const outcome = await provider.searchWithOutcome(QUERY);
    assert.match(outcome.reason ?? '', /Retry-After 3600000 ms is too long/);
    assert.equal(server.requests.length, 1);
    assert.deepEqual(sleeps, []);
  });

  test(`${adapter.name}: results are cached for the TTL (case and spacing ignored)`, async (t) => {
    const { server, clock, provider } = await setup(t, adapter, () => ({ body: adapter.answer }), {
      cacheTtlMs: 60_000,
    });
    const first = await provider.search(QUERY);
    first[0]!.title = 'mutated by the caller';
    const again = await provider.searchWithOutcome(`  ${QUERY.toUpperCase()}`);
    assert.equal(again.status, 'cached');
    assert.equal(again.references[0]!.title, adapter.first.title);
    assert.equal(server.requests.length, 1);
    clock.now += 59_999;
    assert.equal((await provider.searchWithOutcome(QUERY)).status, 'cached');
    clock.now += 2; // past the TTL
    assert.equal((await provider.searchWithOutcome(QUERY)).status, 'ok');
    assert.equal(server.requests.length, 2);
  });

  test(`${adapter.name}: the cache keeps the most recently used searches, at most cacheEntries`, async (t) => {
    const { server, provider } = await setup(t, adapter, () => ({ body: adapter.answer }), {
      cacheEntries: 2,
    });
    await provider.search('a');
    await provider.search('b');
    await provider.search('a'); // a is now the most recently used
    await provider.search('c'); // evicts b
    assert.equal(server.requests.length, 3);
    assert.equal((await provider.searchWithOutcome('a')).status, 'cached');
    assert.equal((await provider.searchWithOutcome('b')).status, 'ok');
    assert.equal(server.requests.length, 4);
  });

  test(`${adapter.name}: cacheEntries 0 turns the cache off`, async (t) => {
    const { server, provider } = await setup(t, adapter, () => ({ body: adapter.answer }), {
      cacheEntries: 0,
    });
    await provider.search('a');
    assert.equal((await provider.searchWithOutcome('a')).status, 'ok');
    assert.equal(server.requests.length, 2);
  });

  test(`${adapter.name}: cancelling rejects instead of returning []`, async (t) => {
    const { provider } = await setup(t, adapter, () => ({ delayMs: 2_000, body: adapter.answer }));
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('run cancelled')), 50);
    await assert.rejects(provider.search(QUERY, { signal: controller.signal }), /run cancelled/);
  });
}

test('an empty Semantic Scholar result has no data field', async (t) => {
  const { provider } = await setup(t, ADAPTERS[1]!, () => ({ body: { total: 0, offset: 0 } }));
  const outcome = await provider.searchWithOutcome('nothing matches this');
  assert.equal(outcome.status, 'ok');
  assert.deepEqual(outcome.references, []);
});

test('both providers together: the same DOI is kept once, keys stay unique', async (t) => {
  const a = await setup(t, ADAPTERS[0]!, () => ({ body: OPENALEX_WORKS }));
  const b = await setup(t, ADAPTERS[1]!, () => ({ body: SEMANTIC_SCHOLAR_SEARCH }));
  const combined = new CombinedCitationProvider([a.provider, b.provider]);
  assert.equal(combined.name, 'openalex+semantic_scholar');
  const refs = await combined.search(QUERY, { limit: 10 });
  assert.deepEqual(
    refs.map((r) => [r.key, r.title, r.url]),
    [
      [
        'vaswani2017attention',
        'Attention Is All You Need',
        'https://doi.org/10.48550/arXiv.1706.03762',
      ],
      ['liu2020warm', 'On the Warm-up of Learning Rates', 'https://openalex.org/W3100000000'],
      [
        'he2019bag',
        'Bag of Tricks for Image Classification',
        'https://www.semanticscholar.org/paper/aaaa',
      ],
    ],
  );
  assert.equal((await combined.search(QUERY, { limit: 2 })).length, 2);
});

test('one provider down: the other still answers', async (t) => {
  const a = await setup(t, ADAPTERS[0]!, () => ({ status: 500 }), { maxRetries: 0 });
  const b = await setup(t, ADAPTERS[1]!, () => ({ body: SEMANTIC_SCHOLAR_SEARCH }));
  const refs = await new CombinedCitationProvider([a.provider, b.provider]).search(QUERY);
  assert.equal(refs.length, 2);
  assert.match(a.warnings[0] ?? '', /openalex: HTTP 500/);
});

test('base URLs must be http(s)', () => {
  assert.throws(() => new OpenAlexProvider({ baseUrl: 'file:///etc' }), /http\(s\)/);
});
