import { describe, it, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import type { ResearchStore } from './contract.ts';
import type { PlannerMetrics } from './contract.ts';
import { UserProfile, type RunRecord, type RunState } from './types.ts';
import type { RunEvent, RunStatus } from '../domain/events.ts';
import type { IdeationArtefacts } from '../domain/artefacts.ts';
import { ResearchError } from '../errors.ts';
import { fingerprint, NEAR_DUPLICATE, similarity } from './fts.ts';

/** One empty database of a backend, on which the suite opens one store or several. */
export interface ConformanceDatabase {
  /** Opens a store on this database; a second call opens another instance beside the first. */
  open(options?: { onBackgroundError?: (err: unknown) => void }): Promise<ResearchStore>;
  /** Records a schema version in the database (with no store open), to test refusal. */
  setSchemaVersion(version: number): Promise<void>;
  /** Removes the database (its stores are closed). */
  drop(): Promise<void>;
}

export interface ConformanceOptions {
  /** Skips the whole suite, with this reason. */
  skip?: string | false;
  /**
   * Tests (by name) that this backend is known to fail, with why: they still run and report,
   * but do not fail the suite.
   */
  knownFailures?: Record<string, string>;
}

/**
 * The storage conformance suite: registers `node:test` tests that hold a backend to the
 * `ResearchStore` contract, every method with exact assertions, each test on a fresh
 * database from `database()`. Run by `conformance.sqlite.test.ts` and
 * `conformance.postgres.test.ts`.
 */
export function storeConformance(
  name: string,
  database: () => Promise<ConformanceDatabase>,
  options: ConformanceOptions = {},
): void {
  const known = options.knownFailures ?? {};
  const test = (title: string, fn: (t: TestContext) => Promise<void>) =>
    it(title, known[title] ? { todo: known[title] } : {}, fn);

  /** A fresh database with one store open on it; everything is closed and dropped after the test. */
  async function setup(t: TestContext) {
    const db = await database();
    const opened: ResearchStore[] = [];
    const errors: unknown[] = [];
    const open = async (onError: unknown[] = errors) => {
      const store = await db.open({ onBackgroundError: (err) => void onError.push(err) });
      opened.push(store);
      return store;
    };
    t.after(async () => {
      for (const store of opened) await store.close().catch(() => {});
      await db.drop();
    });
    const store = await open();
    return { db, store, open, errors };
  }

  describe(`${name} store conformance`, { skip: options.skip || false }, () => {
    describe('users', () => {
      test('upsert creates, then replaces; get parses the profile', async (t) => {
        const { store } = await setup(t);
        const amy = profile('amy', { domain: 'ecology' });
        assert.deepEqual(await store.users.upsert(amy), { created: true });
        assert.deepEqual(await store.users.get('amy'), amy);
        const changed = { ...amy, persona_brief: 'prefers ablations' };
        assert.deepEqual(await store.users.upsert(changed), { created: false });
        assert.deepEqual(await store.users.get('amy'), changed);
        assert.equal(await store.users.get('nobody'), undefined);
      });

      test('listIds gives every user once, in creation order', async (t) => {
        const { store } = await setup(t);
        assert.deepEqual(await store.users.listIds(), []);
        for (const id of ['zed', 'Amy', 'bob']) {
          await store.users.upsert(profile(id));
          await sleep(3); // creation times a millisecond apart at least
        }
        await store.users.upsert(profile('Amy', { domain: 'changed' }));
        assert.deepEqual(await store.users.listIds(), ['zed', 'Amy', 'bob']);
      });
    });

    describe('runs', () => {
      test('insert then get returns the record exactly; an unknown run is undefined', async (t) => {
        const { store } = await setup(t);
        await store.users.upsert(profile('u1'));
        const record = run('run-1', 'u1', {
          status: 'awaiting_feedback',
          current_stage: 'planning',
          stages_completed: ['ideation', 'planning'],
          last_summary: 'planned',
          error: null,
          state: {
            ...runState(),
            pause_after: ['planning'],
            answered_pauses: ['ideation'],
            usage: { ideation: { prompt_tokens: 10, completion_tokens: 20 } },
          },
        });
        await store.runs.insert(record);
        assert.deepEqual(await store.runs.get('run-1'), record);
        assert.equal(await store.runs.get('run-none'), undefined);
      });

      test('inserting a run of an unknown user fails', async (t) => {
        const { store } = await setup(t);
        await assert.rejects(store.runs.insert(run('run-1', 'ghost')));
        assert.equal(await store.runs.get('run-1'), undefined);
      });

      test('update applies the patch, bumps updated_at and returns the stored record', async (t) => {
        const { store } = await setup(t);
        await store.users.upsert(profile('u1'));
        const record = run('run-1', 'u1', { updated_at: '2020-01-01T00:00:00.000Z' });
        await store.runs.insert(record);
        const state = {
          ...runState(),
          pending_revision: { stage: 'ideation' as const, feedback: 'more' },
        };
        const updated = await store.runs.update('run-1', {
          status: 'running',
          current_stage: 'ideation',
          stages_completed: ['ideation'],
          last_summary: 'ideas',
          error: 'transient',
          state,
        });
        assert.deepEqual(updated, {
          ...record,
          status: 'running',
          current_stage: 'ideation',
          stages_completed: ['ideation'],
          last_summary: 'ideas',
          error: 'transient',
          state,
          updated_at: updated.updated_at,
        });
        assert.match(updated.updated_at, ISO);
        assert.ok(updated.updated_at > record.updated_at);
        assert.deepEqual(await store.runs.get('run-1'), updated);
        // Fields the patch leaves out keep their values; null is a value.
        const again = await store.runs.update('run-1', { error: null });
        assert.deepEqual(again, { ...updated, error: null, updated_at: again.updated_at });
        assert.deepEqual(await store.runs.get('run-1'), again);
      });

      test('update of an unknown run fails with run_not_found', async (t) => {
        const { store } = await setup(t);
        await assert.rejects(store.runs.update('run-none', { status: 'failed' }), (err) => {
          assert.ok(err instanceof ResearchError);
          assert.equal(err.code, 'run_not_found');
          return true;
        });
      });

      test('updateIf applies only while the run has the status', async (t) => {
        const { store } = await setup(t);
        await store.users.upsert(profile('u1'));
        await store.runs.insert(run('run-1', 'u1', { status: 'pending' }));
        assert.equal(
          await store.runs.updateIf('run-1', 'running', { status: 'failed' }),
          undefined,
        );
        assert.equal((await store.runs.get('run-1'))?.status, 'pending');
        const claimed = await store.runs.updateIf('run-1', 'pending', { status: 'running' });
        assert.equal(claimed?.status, 'running');
        assert.deepEqual(await store.runs.get('run-1'), claimed);
        assert.equal(
          await store.runs.updateIf('run-none', 'pending', { status: 'running' }),
          undefined,
        );
      });

      test('updateIf is a compare-and-set: of two instances claiming a run, one wins', async (t) => {
        const { store, open } = await setup(t);
        const other = await open();
        await store.users.upsert(profile('u1'));
        for (let i = 0; i < 5; i++) {
          await store.runs.insert(run(`run-${i}`, 'u1', { status: 'pending' }));
          const claims = await Promise.all([
            store.runs.updateIf(`run-${i}`, 'pending', { status: 'running', last_summary: 'a' }),
            other.runs.updateIf(`run-${i}`, 'pending', { status: 'running', last_summary: 'b' }),
          ]);
          const winners = claims.filter((c) => c !== undefined);
          assert.equal(winners.length, 1, `run-${i}: exactly one claim succeeds`);
          assert.equal((await store.runs.get(`run-${i}`))?.last_summary, winners[0]!.last_summary);
        }
      });

      test('list gives runs newest first (ties by run id, code point order), optionally of one user', async (t) => {
        const { store } = await setup(t);
        await store.users.upsert(profile('u1'));
        await store.users.upsert(profile('u2'));
        const at = (s: number) => `2026-01-01T00:00:0${s}.000Z`;
        await store.runs.insert(run('run-a', 'u1', { started_at: at(1) }));
        await store.runs.insert(run('run-B', 'u1', { started_at: at(1) }));
        await store.runs.insert(run('run-c', 'u2', { started_at: at(3) }));
        await store.runs.insert(run('run-d', 'u1', { started_at: at(2) }));
        const ids = (runs: RunRecord[]) => runs.map((r) => r.run_id);
        // 'a' (0x61) sorts after 'B' (0x42) by code point, so comes first newest-first.
        assert.deepEqual(ids(await store.runs.list()), ['run-c', 'run-d', 'run-a', 'run-B']);
        assert.deepEqual(ids(await store.runs.list('u1')), ['run-d', 'run-a', 'run-B']);
        assert.deepEqual(ids(await store.runs.list('u3')), []);
        assert.deepEqual(
          (await store.runs.list('u2'))[0],
          run('run-c', 'u2', { started_at: at(3) }),
        );
      });

      test('countByStatus counts the runs of each status present', async (t) => {
        const { store } = await setup(t);
        assert.deepEqual(await store.runs.countByStatus(), {});
        await store.users.upsert(profile('u1'));
        const statuses: RunStatus[] = [
          'pending',
          'running',
          'running',
          'completed',
          'failed',
          'running',
        ];
        for (const [i, status] of statuses.entries())
          await store.runs.insert(run(`run-${i}`, 'u1', { status }));
        assert.deepEqual(await store.runs.countByStatus(), {
          pending: 1,
          running: 3,
          completed: 1,
          failed: 1,
        });
      });

      test('listUnfinished gives pending and running runs, oldest first', async (t) => {
        const { store } = await setup(t);
        await store.users.upsert(profile('u1'));
        const at = (s: number) => `2026-01-01T00:00:0${s}.000Z`;
        await store.runs.insert(run('run-1', 'u1', { status: 'running', started_at: at(5) }));
        await store.runs.insert(run('run-2', 'u1', { status: 'completed', started_at: at(1) }));
        await store.runs.insert(run('run-3', 'u1', { status: 'pending', started_at: at(3) }));
        await store.runs.insert(
          run('run-4', 'u1', { status: 'awaiting_feedback', started_at: at(2) }),
        );
        await store.runs.insert(run('run-5', 'u1', { status: 'failed', started_at: at(4) }));
        assert.deepEqual(
          (await store.runs.listUnfinished()).map((r) => r.run_id),
          ['run-3', 'run-1'],
        );
      });
    });

    describe('artefacts', () => {
      test('save numbers versions per run and kind; latest gives the last one', async (t) => {
        const { store } = await setup(t);
        await store.users.upsert(profile('u1'));
        await store.runs.insert(run('run-1', 'u1'));
        await store.runs.insert(run('run-2', 'u1'));
        assert.equal(await store.artefacts.latest('run-1', 'ideation'), undefined);
        assert.equal(await store.artefacts.save('run-1', 'ideation', 'ideation', { v: 1 }), 1);
        assert.equal(await store.artefacts.save('run-1', 'ideation', 'ideation', { v: 2 }), 2);
        assert.equal(await store.artefacts.save('run-1', 'planning', 'blueprint', { v: 1 }), 1);
        assert.equal(await store.artefacts.save('run-2', 'ideation', 'ideation', { v: 9 }), 1);
        const latest = await store.artefacts.latest<{ v: number }>('run-1', 'ideation');
        assert.deepEqual(latest, {
          kind: 'ideation',
          stage: 'ideation',
          version: 2,
          data: { v: 2 },
          created_at: latest?.created_at,
        });
        assert.match(latest!.created_at, ISO);
        assert.equal((await store.artefacts.latest('run-2', 'ideation'))?.version, 1);
        assert.equal(await store.artefacts.latest('run-2', 'blueprint'), undefined);
      });

      test('latestAll gives the last version of every kind, oldest first', async (t) => {
        const { store } = await setup(t);
        await store.users.upsert(profile('u1'));
        await store.runs.insert(run('run-1', 'u1'));
        assert.deepEqual(await store.artefacts.latestAll('run-1'), []);
        await store.artefacts.save('run-1', 'ideation', 'ideation', { v: 1 });
        await sleep(3);
        await store.artefacts.save('run-1', 'planning', 'blueprint', { b: 1 });
        await sleep(3);
        await store.artefacts.save('run-1', 'ideation', 'ideation', { v: 2 });
        const all = await store.artefacts.latestAll('run-1');
        assert.deepEqual(
          all.map(({ kind, stage, version, data }) => ({ kind, stage, version, data })),
          [
            { kind: 'blueprint', stage: 'planning', version: 1, data: { b: 1 } },
            { kind: 'ideation', stage: 'ideation', version: 2, data: { v: 2 } },
          ],
        );
        for (const a of all) assert.match(a.created_at, ISO);
      });

      test('ideationAsOf gives the ideation as it was at a time, if it is valid', async (t) => {
        const { store } = await setup(t);
        await store.users.upsert(profile('u1'));
        await store.runs.insert(run('run-1', 'u1'));
        const before = new Date(Date.now() - 1000).toISOString();
        const first = ideation('first question');
        await store.artefacts.save('run-1', 'ideation', 'ideation', first);
        await sleep(5);
        const between = new Date().toISOString();
        await sleep(5);
        await store.artefacts.save('run-1', 'ideation', 'ideation', ideation('second question'));
        const later = new Date(Date.now() + 1000).toISOString();
        assert.equal(await store.artefacts.ideationAsOf('run-1', before), undefined);
        assert.deepEqual(await store.artefacts.ideationAsOf('run-1', between), first);
        assert.equal(
          (await store.artefacts.ideationAsOf('run-1', later))?.research_question,
          'second question',
        );
        await store.artefacts.save('run-1', 'ideation', 'ideation', { not: 'an ideation' });
        assert.equal(await store.artefacts.ideationAsOf('run-1', later), undefined);
        assert.equal(await store.artefacts.ideationAsOf('run-none', later), undefined);
      });

      test('JSON comes back exactly: key order, escapes, NUL, astral characters', async (t) => {
        const { store } = await setup(t);
        await store.users.upsert(profile('u1'));
        await store.runs.insert(run('run-1', 'u1'));
        const data = {
          zeta: 1,
          alpha: [3, 1.5, -0, 1e21, { y: null, x: true }],
          'quote"back\\slash': 'line\nbreak\ttab\u0000nul\u2028sep',
          emoji: '🧪 résumé 漢字',
          '': {},
        };
        await store.artefacts.save('run-1', 'analysis', 'analysis', data);
        const back = await store.artefacts.latest('run-1', 'analysis');
        assert.equal(JSON.stringify(back?.data), JSON.stringify(data));
      });
    });

    describe('files', () => {
      test('put, get and list: bytes exactly, sha256 and size, paths in code point order', async (t) => {
        const { store } = await setup(t);
        await store.users.upsert(profile('u1'));
        await store.runs.insert(run('run-1', 'u1'));
        await store.runs.insert(run('run-2', 'u1'));
        const binary = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
        const files = [
          { path: 'b/main.py', bytes: Buffer.from('print("hi")\n') },
          { path: 'a.txt', bytes: binary },
          { path: 'A.txt', bytes: Buffer.alloc(0) },
        ];
        await store.files.put('run-1', files);
        await store.files.put('run-2', [{ path: 'a.txt', bytes: Buffer.from('other run') }]);
        await store.files.put('run-1', []);
        assert.deepEqual(await store.files.get('run-1', 'a.txt'), binary);
        assert.deepEqual(await store.files.get('run-1', 'A.txt'), Buffer.alloc(0));
        assert.deepEqual(await store.files.get('run-2', 'a.txt'), Buffer.from('other run'));
        assert.equal(await store.files.get('run-1', 'missing.txt'), undefined);
        assert.deepEqual(
          await store.files.list('run-1'),
          ['A.txt', 'a.txt', 'b/main.py'].map((path) => {
            const bytes = files.find((f) => f.path === path)!.bytes;
            return { path, sha256: sha256(bytes), size: bytes.length };
          }),
        );
        assert.deepEqual(await store.files.list('run-none'), []);
      });

      test('put replaces the stored copy of each file given and keeps the others', async (t) => {
        const { store } = await setup(t);
        await store.users.upsert(profile('u1'));
        await store.runs.insert(run('run-1', 'u1'));
        await store.files.put('run-1', [
          { path: 'x.txt', bytes: Buffer.from('one') },
          { path: 'y.txt', bytes: Buffer.from('keep') },
        ]);
        await store.files.put('run-1', [{ path: 'x.txt', bytes: Buffer.from('two!') }]);
        assert.deepEqual(await store.files.get('run-1', 'x.txt'), Buffer.from('two!'));
        assert.deepEqual(await store.files.list('run-1'), [
          { path: 'x.txt', sha256: sha256(Buffer.from('two!')), size: 4 },
          { path: 'y.txt', sha256: sha256(Buffer.from('keep')), size: 4 },
        ]);
      });
    });

    describe('events', () => {
      test('append numbers each run from 1 and queues; flush commits; list reads in order', async (t) => {
        const { store } = await setup(t);
        await store.events.open('run-a');
        await store.events.open('run-b');
        const a1 = store.events.append('run-a', 'run_started', { topic: 'bees' });
        const b1 = store.events.append('run-b', 'status_changed', { status: 'running' });
        const a2 = store.events.append('run-a', 'narration', { text: 'hello\u0000 🐝' });
        assert.deepEqual([a1.seq, b1.seq, a2.seq], [1, 1, 2]);
        assert.deepEqual(a1, {
          seq: 1,
          run_id: 'run-a',
          type: 'run_started',
          ts: a1.ts,
          data: { topic: 'bees' },
        });
        assert.match(a1.ts, ISO);
        assert.equal(store.events.queued, 3);
        await store.events.flush();
        assert.equal(store.events.queued, 0);
        assert.deepEqual(await store.events.list('run-a'), [a1, a2]);
        assert.deepEqual(await store.events.list('run-b'), [b1]);
        assert.deepEqual(await store.events.list('run-none'), []);
      });

      test('list reads after a seq, up to a limit, committing queued events first', async (t) => {
        const { store } = await setup(t);
        await store.events.open('run-a');
        const appended = [1, 2, 3, 4, 5].map((i) =>
          store.events.append('run-a', 'narration', { text: `n${i}` }),
        );
        assert.deepEqual(await store.events.list('run-a', 2), appended.slice(2));
        assert.deepEqual(await store.events.list('run-a', 1, 2), appended.slice(1, 3));
        assert.deepEqual(await store.events.list('run-a', 5), []);
        assert.deepEqual(await store.events.list('run-a', 0, 1), appended.slice(0, 1));
      });

      test('group commit: nothing is published before it is committed; then all, in order', async (t) => {
        const { store, open } = await setup(t);
        const reader = await open();
        const published: { event: RunEvent; queued: number }[] = [];
        store.events.onCommitted(
          (event) => void published.push({ event, queued: store.events.queued }),
        );
        await store.events.open('run-a');
        await store.events.open('run-b');
        const appended = [
          store.events.append('run-a', 'narration', { text: 'a1' }),
          store.events.append('run-b', 'narration', { text: 'b1' }),
          store.events.append('run-a', 'narration', { text: 'a2' }),
          store.events.append('run-b', 'narration', { text: 'b2' }),
        ];
        assert.equal(published.length, 0, 'nothing is published during the turn');
        assert.equal(store.events.queued, 4, 'nor committed');
        await until(() => published.length === 4, 'the four events are published');
        assert.deepEqual(
          published.map((p) => p.event),
          appended,
          'published in commit order, each once',
        );
        assert.ok(
          published.every((p) => p.queued === 0),
          'published once committed',
        );
        assert.deepEqual(await reader.events.list('run-a'), [appended[0], appended[2]]);
        await sleep(20);
        assert.equal(published.length, 4);
      });

      test('onCommitted returns the function that stops listening', async (t) => {
        const { store } = await setup(t);
        const seen: number[] = [];
        const stop = store.events.onCommitted((e) => void seen.push(e.seq));
        await store.events.open('run-a');
        store.events.append('run-a', 'narration', { text: '1' });
        await store.events.flush();
        await until(() => seen.length === 1, 'the first event is published');
        stop();
        store.events.append('run-a', 'narration', { text: '2' });
        await store.events.flush();
        await sleep(20);
        assert.deepEqual(seen, [1]);
      });

      test('watch: this process’s events reach onCommitted once, watched or not', async (t) => {
        const { store } = await setup(t);
        const seen: [string, number][] = [];
        store.events.onCommitted((e) => void seen.push([e.run_id, e.seq]));
        await store.events.open('run-a');
        await store.events.open('run-b');
        const stop = store.events.watch('run-a');
        store.events.append('run-a', 'narration', { text: '1' });
        store.events.append('run-b', 'narration', { text: '1' });
        await store.events.flush();
        store.events.append('run-a', 'narration', { text: '2' });
        await until(() => seen.length === 3, 'three events');
        stop();
        stop(); // a second call does nothing
        store.events.append('run-a', 'narration', { text: '3' });
        await until(() => seen.length === 4, 'the event after the watch');
        await sleep(50);
        assert.deepEqual(seen, [
          ['run-a', 1],
          ['run-b', 1],
          ['run-a', 2],
          ['run-a', 3],
        ]);
      });

      test('a listener that throws does not stop the others', async (t) => {
        const { store, errors } = await setup(t);
        const seen: number[] = [];
        store.events.onCommitted(() => {
          throw new Error('listener failure');
        });
        store.events.onCommitted((e) => void seen.push(e.seq));
        await store.events.open('run-a');
        store.events.append('run-a', 'narration', { text: '1' });
        store.events.append('run-a', 'narration', { text: '2' });
        await until(() => seen.length === 2, 'both events are published');
        assert.deepEqual(seen, [1, 2]);
        assert.ok(errors.some((e) => String(e).includes('listener failure')));
      });

      test('open and release: a second instance continues the numbering, no gap, no duplicate', async (t) => {
        const { store: a, open } = await setup(t);
        const b = await open();
        await a.events.open('run-1');
        a.events.append('run-1', 'narration', { text: 'a' });
        a.events.append('run-1', 'narration', { text: 'a' });
        await a.events.release('run-1');
        assert.equal(a.events.queued, 0, 'release commits');
        await b.events.open('run-1');
        assert.equal(b.events.append('run-1', 'narration', { text: 'b' }).seq, 3);
        assert.equal(b.events.append('run-1', 'narration', { text: 'b' }).seq, 4);
        await b.events.release('run-1');
        await a.events.open('run-1');
        assert.equal(a.events.append('run-1', 'narration', { text: 'a' }).seq, 5);
        await a.events.flush();
        assert.deepEqual(
          (await b.events.list('run-1')).map((e) => [e.seq, text(e)]),
          [
            [1, 'a'],
            [2, 'a'],
            [3, 'b'],
            [4, 'b'],
            [5, 'a'],
          ],
        );
      });

      test('a stale writer’s duplicate seq fails loudly and is never published', async (t) => {
        const { store: a, open, errors } = await setup(t);
        const b = await open();
        await a.events.open('run-1');
        for (let i = 0; i < 3; i++) a.events.append('run-1', 'narration', { text: 'a' });
        await a.events.flush();
        await b.events.open('run-1'); // takes the run over without a release by `a`
        b.events.append('run-1', 'narration', { text: 'b' });
        await b.events.flush();
        // Only what comes after the takeover (SQLite publishes the earlier ones at the turn's end).
        const published: RunEvent[] = [];
        a.events.onCommitted((e) => void (text(e) === 'stale' && published.push(e)));
        const stale = a.events.append('run-1', 'narration', { text: 'stale' });
        assert.equal(stale.seq, 4);
        await until(() => errors.length > 0, 'the failed commit is reported');
        await sleep(20);
        assert.deepEqual(published, [], 'the stale event is not published');
        assert.deepEqual(
          (await b.events.list('run-1')).map((e) => [e.seq, text(e)]),
          [
            [1, 'a'],
            [2, 'a'],
            [3, 'a'],
            [4, 'b'],
          ],
        );
      });

      test('after a stale writer’s failure, the instance’s other writes go on', async (t) => {
        const { store: a, open, errors } = await setup(t);
        const b = await open();
        await a.users.upsert(profile('u1'));
        await a.runs.insert(run('run-2', 'u1'));
        await a.events.open('run-1');
        await a.events.open('run-2');
        a.events.append('run-1', 'narration', { text: 'a' });
        await a.events.flush();
        await b.events.open('run-1');
        b.events.append('run-1', 'narration', { text: 'b' });
        await b.events.flush();
        const published: RunEvent[] = [];
        a.events.onCommitted((e) => void (text(e) !== 'a' && published.push(e)));
        a.events.append('run-1', 'narration', { text: 'stale' });
        const fine = a.events.append('run-2', 'narration', { text: 'fine' });
        await until(() => errors.length > 0, 'the failed commit is reported');
        await a.events.flush();
        await a.runs.update('run-2', { last_summary: 'still writing' });
        assert.equal((await b.runs.get('run-2'))?.last_summary, 'still writing');
        assert.deepEqual(await b.events.list('run-2'), [fine]);
        await until(() => published.length === 1, 'the other run’s event is published');
        assert.deepEqual(published, [fine]);
        await a.events.open('run-1');
        assert.equal(a.events.append('run-1', 'narration', { text: 'reopened' }).seq, 3);
        await a.events.flush();
        assert.deepEqual(
          (await b.events.list('run-1')).map((e) => text(e)),
          ['a', 'b', 'reopened'],
        );
      });

      test('every other write commits queued events first (the database holds a prefix)', async (t) => {
        const { store, open } = await setup(t);
        const reader = await open();
        await store.users.upsert(profile('u1'));
        await store.runs.insert(run('run-1', 'u1'));
        const feedback = await store.feedback.enqueue(entry('run-1', 'u1', 'fb'));
        await store.events.open('run-1');
        const writes: [string, () => Promise<unknown>][] = [
          ['users.upsert', () => store.users.upsert(profile('u2'))],
          ['runs.insert', () => store.runs.insert(run('run-2', 'u1'))],
          ['runs.update', () => store.runs.update('run-1', { last_summary: 'x' })],
          ['runs.updateIf', () => store.runs.updateIf('run-1', 'pending', { status: 'running' })],
          ['artefacts.save', () => store.artefacts.save('run-1', 'ideation', 'ideation', {})],
          ['files.put', () => store.files.put('run-1', [{ path: 'f', bytes: Buffer.from('f') }])],
          ['feedback.enqueue', () => store.feedback.enqueue(entry('run-1', 'u1', 'more'))],
          ['feedback.markConsumed', () => store.feedback.markConsumed([feedback.id])],
          ['skills.add', () => store.skills.add('u1', skill('Distinct skill', 'do one thing'))],
          ['skills.retrieve', () => store.skills.retrieve('u1', 'distinct', 1)],
          ['memories.add', () => store.memories.add('u1', memory('a distinct memory'))],
          ['memories.retrieve', () => store.memories.retrieve('u1', 'distinct', 1)],
          ['plannerModels.save', () => store.plannerModels.save('u1', {}, 0, metrics(), [])],
          ['completeStage', () => store.completeStage('run-1', 'planning', {}, () => ({}))],
        ];
        for (const [i, [write, perform]] of writes.entries()) {
          store.events.append('run-1', 'narration', { text: write });
          await perform();
          assert.equal(
            (await reader.events.list('run-1')).length,
            i + 1,
            `${write} committed the queued event before returning`,
          );
        }
      });

      test('close commits the queued events', async (t) => {
        const { store, open } = await setup(t);
        await store.events.open('run-1');
        const event = store.events.append('run-1', 'run_started', { topic: 't' });
        await store.close();
        const reopened = await open();
        assert.deepEqual(await reopened.events.list('run-1'), [event]);
      });
    });

    describe('feedback', () => {
      test('enqueue, pending, list and markConsumed', async (t) => {
        const { store } = await setup(t);
        await store.users.upsert(profile('u1'));
        await store.users.upsert(profile('u2'));
        await store.runs.insert(run('run-1', 'u1'));
        await store.runs.insert(run('run-2', 'u1'));
        await store.runs.insert(run('run-3', 'u2'));
        const f1 = await store.feedback.enqueue(entry('run-1', 'u1', 'first'));
        const f2 = await store.feedback.enqueue(entry('run-2', 'u1', 'second'));
        const f3 = await store.feedback.enqueue(entry('run-3', 'u2', 'other user'));
        const f4 = await store.feedback.enqueue(entry('run-1', 'u1', 'third'));
        assert.deepEqual(f1, {
          run_id: 'run-1',
          user_id: 'u1',
          stage: 'ideation',
          text: 'first',
          id: f1.id,
          created_at: f1.created_at,
          consumed_at: null,
        });
        assert.ok(Number.isInteger(f1.id));
        assert.match(f1.created_at, ISO);
        assert.ok(f1.id < f2.id && f2.id < f3.id && f3.id < f4.id, 'ids increase');
        assert.deepEqual(await store.feedback.pending('u1'), [f1, f2, f4]);
        assert.deepEqual(await store.feedback.list({ userId: 'u1' }), [f1, f2, f4]);
        assert.deepEqual(await store.feedback.list({ runId: 'run-1' }), [f1, f4]);
        assert.deepEqual(await store.feedback.list({ userId: 'u2' }), [f3]);
        assert.deepEqual(await store.feedback.list({}), []);
        await store.feedback.markConsumed([f1.id, f4.id]);
        await store.feedback.markConsumed([]);
        assert.deepEqual(await store.feedback.pending('u1'), [f2]);
        const listed = await store.feedback.list({ userId: 'u1' });
        assert.deepEqual(
          listed.map((f) => [f.id, f.consumed_at === null]),
          [
            [f1.id, false],
            [f2.id, true],
            [f4.id, false],
          ],
        );
        assert.match(listed[0]!.consumed_at!, ISO);
        assert.deepEqual(await store.feedback.pending('u2'), [f3]);
      });
    });

    describe('skills', () => {
      test('add: new skills are created; exact and near duplicates are the existing one', async (t) => {
        const { store } = await setup(t);
        const first = await store.skills.add('u1', {
          ...skill(
            'Grid search',
            'Try learning rates 1e-4, 1e-3 and 1e-2; keep the best validation loss',
          ),
          source_run_id: 'run-1',
        });
        assert.equal(first.created, true);
        assert.match(first.skill.skill_id, /^skill-[0-9a-f]{12}$/);
        assert.deepEqual(first.skill, {
          skill_id: first.skill.skill_id,
          user_id: 'u1',
          name: 'Grid search',
          description: 'how to grid search',
          procedure: 'Try learning rates 1e-4, 1e-3 and 1e-2; keep the best validation loss',
          stage: 'planning',
          source_run_id: 'run-1',
          uses: 0,
          created_at: first.skill.created_at,
          last_used_at: null,
        });
        assert.match(first.skill.created_at, ISO);
        // Case, punctuation and spacing do not make another skill.
        const exact = await store.skills.add(
          'u1',
          skill(
            'GRID  search!',
            'try learning rates 1e-4 1e-3 and 1e-2 -- keep the best validation loss',
          ),
        );
        assert.deepEqual(exact, { skill: first.skill, created: false });
        // Nor does rewording that keeps the words (NEAR_DUPLICATE).
        const reworded = skill(
          'Grid search',
          'Try the learning rates 1e-4, 1e-3 and 1e-2 then keep the best validation loss',
        );
        const a = `${first.skill.name} ${first.skill.procedure}`;
        const b = `${reworded.name} ${reworded.procedure}`;
        assert.ok(similarity(a, b) >= NEAR_DUPLICATE, 'test premise: near-identical');
        assert.notEqual(
          fingerprint(`${reworded.name}\n${reworded.procedure}`),
          fingerprint(`${first.skill.name}\n${first.skill.procedure}`),
        );
        assert.deepEqual(await store.skills.add('u1', reworded), {
          skill: first.skill,
          created: false,
        });
        const other = await store.skills.add(
          'u1',
          skill('Seed averaging', 'Run five seeds and report the mean'),
        );
        assert.equal(other.created, true);
        // Another user's skills are separate.
        const theirs = await store.skills.add('u2', skill('Grid search', first.skill.procedure));
        assert.equal(theirs.created, true);
        assert.deepEqual(await store.skills.list('u1'), [first.skill, other.skill]);
        assert.deepEqual(await store.skills.list('u2'), [theirs.skill]);
        assert.deepEqual(await store.skills.list('u3'), []);
      });

      test('retrieve ranks by relevance, tops up with the most used, and counts what it returns', async (t) => {
        const { store } = await setup(t);
        const clip = (
          await store.skills.add(
            'u1',
            skill('Gradient clipping', 'Clip the gradient norm to one before each optimizer step'),
          )
        ).skill;
        const warmup = (
          await store.skills.add(
            'u1',
            skill(
              'Learning rate warmup',
              'Increase the learning rate linearly over the first thousand steps',
            ),
          )
        ).skill;
        const seeds = (
          await store.skills.add(
            'u1',
            skill('Seed averaging', 'Run five seeds and report mean and standard deviation'),
          )
        ).skill;
        await store.skills.add(
          'u2',
          skill('Learning rate schedule', 'Cosine learning rate schedule'),
        );
        assert.deepEqual(ids(await store.skills.retrieve('u1', 'learning rate schedule', 1)), [
          warmup.skill_id,
        ]);
        // One skill matches; the rest are the most used, then the newest.
        const topped = await store.skills.retrieve('u1', 'gradient', 3);
        assert.deepEqual(ids(topped), [clip.skill_id, warmup.skill_id, seeds.skill_id]);
        assert.deepEqual(
          topped[1],
          { ...warmup, uses: 1, last_used_at: topped[1]!.last_used_at },
          'as before being counted',
        );
        assert.deepEqual(ids(await store.skills.retrieve('u1', 'nothing matches this', 2)), [
          warmup.skill_id,
          seeds.skill_id,
        ]);
        assert.deepEqual(
          ids(await store.skills.retrieve('u1', 'the of and', 1)),
          [warmup.skill_id],
          'stop words only',
        );
        assert.deepEqual(await store.skills.retrieve('u1', 'gradient', 0), []);
        assert.deepEqual(await store.skills.retrieve('u3', 'gradient', 2), []);
        const listed = await store.skills.list('u1');
        assert.deepEqual(
          listed.map((s) => [s.skill_id, s.uses]),
          [
            [clip.skill_id, 1],
            [warmup.skill_id, 4],
            [seeds.skill_id, 2],
          ],
        );
        for (const s of listed) assert.match(s.last_used_at!, ISO);
      });

      test('retrieve: usage breaks ties of relevance, and does not outweigh it', async (t) => {
        const { store } = await setup(t);
        // The same number of words in each field, and "gradient" once in each procedure.
        const alpha = (
          await store.skills.add(
            'u1',
            skill('Alpha tuning', 'tune the optimizer gradient carefully', 'One'),
          )
        ).skill;
        const beta = (
          await store.skills.add(
            'u1',
            skill('Beta tuning', 'tune the scheduler gradient carefully', 'Two'),
          )
        ).skill;
        assert.deepEqual(ids(await store.skills.retrieve('u1', 'optimizer', 1)), [alpha.skill_id]);
        assert.deepEqual(ids(await store.skills.retrieve('u1', 'gradient', 2)), [
          alpha.skill_id,
          beta.skill_id,
        ]);
        for (let i = 0; i < 2; i++)
          assert.deepEqual(ids(await store.skills.retrieve('u1', 'scheduler', 1)), [beta.skill_id]);
        // beta has 3 uses, alpha 2: the tie now goes the other way.
        assert.deepEqual(ids(await store.skills.retrieve('u1', 'gradient', 2)), [
          beta.skill_id,
          alpha.skill_id,
        ]);
        // alpha matches both words: relevance wins over beta's usage.
        assert.deepEqual(ids(await store.skills.retrieve('u1', 'gradient optimizer', 2)), [
          alpha.skill_id,
          beta.skill_id,
        ]);
      });
    });

    describe('memories', () => {
      test('add: new memories are created; exact and near duplicates are the existing one', async (t) => {
        const { store } = await setup(t);
        const content =
          'The baseline model overfits small datasets quickly without dropout regularisation';
        const first = await store.memories.add('u1', {
          kind: 'outcome',
          content,
          source_run_id: 'run-1',
        });
        assert.equal(first.created, true);
        assert.match(first.memory.memory_id, /^mem-[0-9a-f]{12}$/);
        assert.deepEqual(first.memory, {
          memory_id: first.memory.memory_id,
          user_id: 'u1',
          kind: 'outcome',
          content,
          source_run_id: 'run-1',
          uses: 0,
          created_at: first.memory.created_at,
          last_used_at: null,
        });
        assert.match(first.memory.created_at, ISO);
        assert.deepEqual(
          await store.memories.add(
            'u1',
            memory(
              'the baseline model overfits small datasets, quickly, without dropout regularisation!',
            ),
          ),
          { memory: first.memory, created: false },
          'same words, other case and punctuation (and another kind)',
        );
        const near =
          'Baseline model overfits small datasets very quickly without dropout regularisation';
        assert.ok(similarity(content, near) >= NEAR_DUPLICATE, 'test premise: near-identical');
        assert.deepEqual(await store.memories.add('u1', memory(near)), {
          memory: first.memory,
          created: false,
        });
        const other = await store.memories.add(
          'u1',
          memory('Prefers PyTorch over JAX', 'preference'),
        );
        assert.equal(other.created, true);
        assert.equal((await store.memories.add('u2', memory(content))).created, true);
        assert.deepEqual(await store.memories.list('u1'), [first.memory, other.memory]);
      });

      test('retrieve ranks by relevance, tops up with the most used, and counts what it returns', async (t) => {
        const { store } = await setup(t);
        const torch = (
          await store.memories.add(
            'u1',
            memory('Prefers PyTorch over JAX for experiments', 'preference'),
          )
        ).memory;
        const gpu = (await store.memories.add('u1', memory('Has one GPU with 24 GB of memory')))
          .memory;
        const reviewers = (
          await store.memories.add(
            'u1',
            memory('Reviewers asked for more baselines last time', 'outcome'),
          )
        ).memory;
        assert.deepEqual(ids(await store.memories.retrieve('u1', 'which GPU memory', 1)), [
          gpu.memory_id,
        ]);
        assert.deepEqual(ids(await store.memories.retrieve('u1', 'pytorch experiments', 3)), [
          torch.memory_id,
          gpu.memory_id,
          reviewers.memory_id,
        ]);
        assert.deepEqual(
          (await store.memories.list('u1')).map((m) => [m.memory_id, m.uses]),
          [
            [torch.memory_id, 1],
            [gpu.memory_id, 2],
            [reviewers.memory_id, 1],
          ],
        );
        assert.deepEqual(await store.memories.retrieve('u1', 'gpu', 0), []);
      });
    });

    describe('planner models', () => {
      test('save adds versions and consumes feedback; latest, latestVersion and list', async (t) => {
        const { store } = await setup(t);
        await store.users.upsert(profile('u1'));
        await store.users.upsert(profile('u2'));
        await store.runs.insert(run('run-1', 'u1'));
        const f1 = await store.feedback.enqueue(entry('run-1', 'u1', 'one'));
        const f2 = await store.feedback.enqueue(entry('run-1', 'u1', 'two'));
        assert.equal(await store.plannerModels.latestVersion('u1'), 0);
        assert.equal(await store.plannerModels.latest('u1'), undefined);
        assert.deepEqual(await store.plannerModels.list('u1'), []);
        const weights1 = { format: 1, w: [0.1, -2.5e-7, 3] };
        assert.equal(await store.plannerModels.save('u1', weights1, 4, metrics(), [f1.id]), 1);
        assert.deepEqual(await store.feedback.pending('u1'), [f2]);
        const weights2 = { format: 1, w: [1, 2, 3], bias: 0.5 };
        const metrics2 = { ...metrics(), feedback_used: 2, rules: { explicit: 3, approval: 1 } };
        assert.equal(await store.plannerModels.save('u1', weights2, 6, metrics2, [f2.id]), 2);
        assert.deepEqual(await store.feedback.pending('u1'), []);
        assert.equal(await store.plannerModels.save('u2', { other: true }, 1, metrics(), []), 1);
        assert.equal(await store.plannerModels.latestVersion('u1'), 2);
        const latest = await store.plannerModels.latest('u1');
        assert.deepEqual(latest, {
          info: {
            user_id: 'u1',
            version: 2,
            trained_at: latest?.info.trained_at,
            pairs: 6,
            metrics: metrics2,
          },
          weights: weights2,
        });
        assert.match(latest!.info.trained_at, ISO);
        const list = await store.plannerModels.list('u1');
        assert.deepEqual(
          list.map(({ trained_at: _t, ...info }) => info),
          [
            { user_id: 'u1', version: 1, pairs: 4, metrics: metrics() },
            { user_id: 'u1', version: 2, pairs: 6, metrics: metrics2 },
          ],
        );
        assert.deepEqual(list[1], latest!.info);
      });

      test('save is all or nothing: a failed save consumes no feedback', async (t) => {
        const { store } = await setup(t);
        await store.users.upsert(profile('u1'));
        await store.runs.insert(run('run-1', 'u1'));
        const f1 = await store.feedback.enqueue(entry('run-1', 'u1', 'one'));
        await assert.rejects(store.plannerModels.save('ghost', {}, 1, metrics(), [f1.id]));
        assert.deepEqual(await store.feedback.pending('u1'), [f1]);
        assert.equal(await store.plannerModels.latestVersion('ghost'), 0);
      });
    });

    describe('completeStage', () => {
      test('stores the artefacts as new versions and patches the run as it was stored', async (t) => {
        const { store } = await setup(t);
        await store.users.upsert(profile('u1'));
        await store.runs.insert(
          run('run-1', 'u1', { status: 'running', stages_completed: ['ideation'] }),
        );
        await store.artefacts.save('run-1', 'planning', 'blueprint', { v: 1 });
        await store.runs.update('run-1', { last_summary: 'seen by the patch' });
        let seen: RunRecord | undefined;
        const updated = await store.completeStage(
          'run-1',
          'planning',
          { blueprint: { v: 2 }, ideation: { v: 1 } },
          (latest) => {
            seen = latest;
            return {
              stages_completed: [...latest.stages_completed, 'planning'],
              current_stage: 'planning',
              last_summary: `${latest.last_summary}, then planned`,
            };
          },
        );
        assert.equal(seen?.last_summary, 'seen by the patch');
        assert.deepEqual(updated.stages_completed, ['ideation', 'planning']);
        assert.equal(updated.last_summary, 'seen by the patch, then planned');
        assert.equal(updated.current_stage, 'planning');
        assert.match(updated.updated_at, ISO);
        assert.deepEqual(await store.runs.get('run-1'), updated);
        const blueprint = await store.artefacts.latest('run-1', 'blueprint');
        assert.deepEqual(
          [blueprint?.version, blueprint?.stage, blueprint?.data],
          [2, 'planning', { v: 2 }],
        );
        assert.equal((await store.artefacts.latest('run-1', 'ideation'))?.stage, 'planning');
      });

      test('is atomic: when the patch fails, nothing is stored', async (t) => {
        const { store } = await setup(t);
        await store.users.upsert(profile('u1'));
        await store.runs.insert(run('run-1', 'u1'));
        const before = await store.runs.get('run-1');
        await assert.rejects(
          store.completeStage('run-1', 'ideation', { ideation: { v: 1 } }, () => {
            throw new Error('patch failed');
          }),
          /patch failed/,
        );
        assert.equal(await store.artefacts.latest('run-1', 'ideation'), undefined);
        assert.deepEqual(await store.runs.get('run-1'), before);
      });

      test('of an unknown run fails with run_not_found and stores nothing', async (t) => {
        const { store } = await setup(t);
        await assert.rejects(
          store.completeStage('run-none', 'ideation', {}, () => ({})),
          (err) => {
            assert.ok(err instanceof ResearchError);
            assert.equal(err.code, 'run_not_found');
            return true;
          },
        );
        assert.deepEqual(await store.artefacts.latestAll('run-none'), []);
      });
    });

    describe('database', () => {
      test('reachable is true while open and false (not an error) once closed', async (t) => {
        const { store } = await setup(t);
        assert.equal(await store.reachable(), true);
        await store.close();
        assert.equal(await store.reachable(), false);
      });

      test('reopening keeps the data', async (t) => {
        const { store, open } = await setup(t);
        await store.users.upsert(profile('u1'));
        await store.close();
        const reopened = await open();
        assert.deepEqual(await reopened.users.listIds(), ['u1']);
      });

      test('a database whose schema is newer than this build is refused: store_version_unsupported', async (t) => {
        const { db, store, open } = await setup(t);
        await store.close();
        await db.setSchemaVersion(9999);
        await assert.rejects(open(), (err) => {
          assert.ok(err instanceof ResearchError);
          assert.equal(err.code, 'store_version_unsupported');
          assert.match(err.message, /9999/);
          return true;
        });
      });
    });
  });
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Waits until `condition` holds (polling), failing after a few seconds. */
export async function until(condition: () => boolean, what: string, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) assert.fail(`timed out waiting: ${what}`);
    await nextTurn();
    await sleep(2);
  }
}

function profile(userId: string, fields: Partial<UserProfile> = {}): UserProfile {
  return UserProfile.parse({ user_id: userId, ...fields });
}

function runState(): RunState {
  return {
    schema_version: 1,
    pause_after: [],
    pending_revision: null,
    answered_pauses: [],
    revised: [],
    usage: {},
  };
}

function run(runId: string, userId: string, fields: Partial<RunRecord> = {}): RunRecord {
  return {
    run_id: runId,
    user_id: userId,
    topic: `topic of ${runId}`,
    project_id: `proj-${runId}`,
    status: 'pending',
    current_stage: null,
    stages_completed: [],
    last_summary: '',
    started_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    error: null,
    state: runState(),
    ...fields,
  };
}

function entry(runId: string, userId: string, text: string) {
  return { run_id: runId, user_id: userId, stage: 'ideation' as const, text };
}

function skill(name: string, procedure: string, description = `how to ${name.toLowerCase()}`) {
  return { name, description, procedure, stage: 'planning', source_run_id: null };
}

function memory(content: string, kind: 'fact' | 'preference' | 'outcome' = 'fact') {
  return { kind, content, source_run_id: null };
}

function metrics(): PlannerMetrics {
  return {
    train_accuracy: 0.75,
    accuracy_before: 0.5,
    loss_before: 0.69,
    loss_after: 0.41,
    epochs: 20,
    duration_ms: 12,
    feedback_used: 1,
    feedback_consumed: 1,
    rules: { explicit: 2 },
  };
}

function ideation(question: string): IdeationArtefacts {
  return {
    research_question: question,
    hypotheses: [
      {
        id: 'h1',
        title: 'A hypothesis',
        statement: 'Something holds',
        rationale: 'Because',
        novelty: 0.5,
        feasibility: 0.75,
      },
    ],
    selected_id: 'h1',
    selection_reason: 'the only one',
  };
}

function ids(rows: ({ skill_id: string } | { memory_id: string })[]): string[] {
  return rows.map((r) => ('skill_id' in r ? r.skill_id : r.memory_id));
}

/** The text of a narration event. */
function text(event: RunEvent): string {
  return (event.data as { text: string }).text;
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}
