import { after, describe, it, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { PostgresStore, type PostgresStoreOptions } from './store.ts';
import { MAX_GROUP, StaleWriterError } from './events.ts';
import { transaction } from './sql.ts';
import { until } from '../conformance.ts';
import type { RunEvent } from '../../domain/events.ts';
import { postgresSkipReason, startPostgres, type TestPostgres } from '../../testing/postgres.ts';

// What only the Postgres store does (the contract is held by conformance.postgres.test.ts):
// several instances on one database, and riding out a Postgres restart.

const skip = postgresSkipReason();
let cluster: Promise<TestPostgres> | undefined;
let databases = 0;
after(async () => {
  await (await cluster)?.stop();
});

/** Runs one statement on its own connection. */
async function admin(url: string, sql: string): Promise<void> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A fresh database; `open` opens instances on it, all closed after the test. */
async function setup(t: TestContext) {
  cluster ??= startPostgres();
  const postgres = await cluster;
  const name = `store_${process.pid}_${++databases}`;
  await admin(postgres.url, `CREATE DATABASE ${name}`);
  const url = postgres.urlOf(name);
  const opened: PostgresStore[] = [];
  const errors: unknown[] = [];
  const open = async (options: PostgresStoreOptions = {}) => {
    const store = await PostgresStore.open(url, {
      onBackgroundError: (err) => void errors.push(err),
      ...options,
    });
    opened.push(store);
    return store;
  };
  t.after(async () => {
    for (const store of opened) await store.close().catch(() => {});
    await admin(postgres.url, `DROP DATABASE ${name} WITH (FORCE)`);
  });
  return { postgres, url, open, errors };
}

const narration = (text: string) => ({ text });
const profile = (userId: string) => ({
  user_id: userId,
  archetype: 'a',
  domain: 'd',
  risk_preference: 'r',
  baseline_strictness: 'b',
  persona_brief: '',
});
const seqs = (events: RunEvent[]) => events.map((e) => e.seq);

/** Retries `attempt` until it resolves (a pool connection may fail once after a restart). */
async function eventually<T>(attempt: () => Promise<T>, what: string): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      return await attempt();
    } catch (err) {
      if (Date.now() > deadline) throw new Error(`${what}: ${String(err)}`);
      await sleep(50);
    }
  }
}

describe('Postgres store', { skip }, () => {
  describe('events', () => {
    it('append to a run not opened here throws', async (t) => {
      const { open } = await setup(t);
      const store = await open();
      assert.throws(
        () => store.events.append('run-1', 'narration', narration('x')),
        /run run-1 is not open for writing/,
      );
      await store.events.open('run-1');
      assert.equal(store.events.append('run-1', 'narration', narration('x')).seq, 1);
      await store.events.release('run-1');
      assert.throws(() => store.events.append('run-1', 'narration', narration('x')), /not open/);
    });

    it('a stale writer is told which run and what was dropped, and the run is closed for it', async (t) => {
      const { open, errors } = await setup(t);
      const a = await open();
      const b = await open();
      await a.events.open('run-1');
      a.events.append('run-1', 'narration', narration('a'));
      await a.events.flush();
      await b.events.open('run-1');
      b.events.append('run-1', 'narration', narration('b'));
      await b.events.flush();
      a.events.append('run-1', 'narration', narration('stale'));
      a.events.append('run-1', 'narration', narration('stale'));
      await a.events.flush(); // not a failure of the flush: reported in the background
      assert.equal(errors.length, 1);
      const err = errors[0];
      assert.ok(err instanceof StaleWriterError);
      assert.deepEqual(
        [err.runId, err.firstSeq, err.committedSeq, err.dropped],
        ['run-1', 2, 2, 2],
      );
      assert.equal(a.events.queued, 0);
      assert.throws(() => a.events.append('run-1', 'narration', narration('again')), /not open/);
    });

    it('a long burst is committed in groups, in order', async (t) => {
      const { open } = await setup(t);
      const store = await open();
      const published: number[] = [];
      store.events.onCommitted((e) => void published.push(e.seq));
      await store.events.open('run-1');
      const total = MAX_GROUP * 2 + 17;
      for (let i = 0; i < total; i++) store.events.append('run-1', 'narration', narration(`${i}`));
      await store.events.flush();
      const listed = await store.events.list('run-1');
      assert.deepEqual(
        seqs(listed),
        Array.from({ length: total }, (_, i) => i + 1),
      );
      await until(() => published.length === total, 'every event is published');
      assert.deepEqual(published, seqs(listed));
    });
  });

  describe('free text', () => {
    it('with NUL characters is stored with U+FFFD in their place, JSON exactly', async (t) => {
      const { open } = await setup(t);
      const store = await open();
      const nul = 'stderr: \u0000\u0000 end';
      const replaced = 'stderr: \uFFFD\uFFFD end';
      await store.users.upsert({ ...profile('u1'), persona_brief: nul });
      assert.equal((await store.users.get('u1'))?.persona_brief, nul, 'profiles are JSON');
      await store.runs.insert({
        run_id: 'run-1',
        user_id: 'u1',
        topic: nul,
        project_id: 'p',
        status: 'running',
        current_stage: null,
        stages_completed: [],
        last_summary: nul,
        started_at: '2026-01-01T00:00:00.000Z',
        updated_at: '2026-01-01T00:00:00.000Z',
        error: nul,
        state: {
          schema_version: 1,
          pause_after: [],
          pending_revision: { stage: 'ideation', feedback: nul },
          answered_pauses: [],
          revised: [],
          usage: {},
        },
      });
      const stored = await store.runs.get('run-1');
      assert.deepEqual(
        [
          stored?.topic,
          stored?.last_summary,
          stored?.error,
          stored?.state.pending_revision?.feedback,
        ],
        [replaced, replaced, replaced, nul],
      );
      const failed = await store.runs.update('run-1', { status: 'failed', error: nul });
      assert.equal(failed.error, replaced);
      const feedback = await store.feedback.enqueue({
        run_id: 'run-1',
        user_id: 'u1',
        stage: 'ideation',
        text: nul,
      });
      assert.equal(feedback.text, replaced);
      assert.deepEqual(await store.feedback.pending('u1'), [feedback]);
      const { skill } = await store.skills.add('u1', {
        name: nul,
        description: nul,
        procedure: nul,
        stage: 'planning',
        source_run_id: null,
      });
      assert.deepEqual(await store.skills.list('u1'), [skill]);
      assert.equal(skill.procedure, replaced);
      const { memory } = await store.memories.add('u1', {
        kind: 'fact',
        content: nul,
        source_run_id: null,
      });
      assert.deepEqual(await store.memories.list('u1'), [memory]);
      assert.equal(memory.content, replaced);
    });
  });

  describe('watching runs written by other instances', () => {
    it('delivers another instance’s events of a watched run, in order, once', async (t) => {
      const { open } = await setup(t);
      const writer = await open({ instanceId: 'writer' });
      const reader = await open({ instanceId: 'reader' });
      assert.equal(reader.instanceId, 'reader');
      const got: RunEvent[] = [];
      reader.events.onCommitted((e) => void got.push(e));
      await writer.events.open('run-1');
      await writer.events.open('run-2');
      writer.events.append('run-1', 'narration', narration('before the watch'));
      await writer.events.flush();
      const stop = reader.events.watch('run-1');
      // Watching then listing misses nothing between them.
      assert.equal((await reader.events.list('run-1')).length, 1);
      for (let i = 0; i < 5; i++) {
        writer.events.append('run-1', 'narration', narration(`${i}`));
        writer.events.append('run-2', 'narration', narration('not watched'));
        if (i % 2) await writer.events.flush();
      }
      await writer.events.flush();
      await until(() => got.length === 5, 'the five events after the watch');
      assert.deepEqual(
        got.map((e) => [e.run_id, e.seq]),
        [2, 3, 4, 5, 6].map((seq) => ['run-1', seq]),
      );
      assert.deepEqual(got, (await writer.events.list('run-1')).slice(1));
      stop();
      writer.events.append('run-1', 'narration', narration('after the watch'));
      await writer.events.flush();
      await sleep(100);
      assert.equal(got.length, 5);
    });

    it('watch then list misses nothing in between, while another instance writes', async (t) => {
      const { open } = await setup(t);
      const writer = await open();
      const reader = await open();
      for (let attempt = 0; attempt < 5; attempt++) {
        const runId = `run-${attempt}`;
        await writer.events.open(runId);
        let writing = true;
        const writes = (async () => {
          while (writing) {
            writer.events.append(runId, 'narration', narration('x'));
            await writer.events.flush();
          }
        })();
        await sleep(20);
        const got = new Set<number>();
        const stopListening = reader.events.onCommitted((e) => void got.add(e.seq));
        const stop = reader.events.watch(runId);
        for (const event of await reader.events.list(runId)) got.add(event.seq);
        await sleep(20);
        writing = false;
        await writes;
        const last = (await writer.events.list(runId)).length;
        await until(() => got.size === last, `every event of ${runId}, by one way or the other`);
        assert.deepEqual(
          [...got].sort((x, y) => x - y),
          Array.from({ length: last }, (_, i) => i + 1),
        );
        stop();
        stopListening();
      }
    });

    it('watch(runId, afterSeq) delivers what was committed after afterSeq, then what follows', async (t) => {
      const { open } = await setup(t);
      const writer = await open();
      const reader = await open();
      await writer.events.open('run-1');
      for (let i = 0; i < 4; i++) writer.events.append('run-1', 'narration', narration(`${i}`));
      await writer.events.flush();
      const got: number[] = [];
      reader.events.onCommitted((e) => void got.push(e.seq));
      const stopFirst = reader.events.watch('run-1', 2);
      const stopSecond = reader.events.watch('run-1', 2); // counted, not delivered twice
      await until(() => got.length === 2, 'events 3 and 4');
      writer.events.append('run-1', 'narration', narration('5'));
      await writer.events.flush();
      await until(() => got.length === 3, 'event 5');
      stopFirst();
      writer.events.append('run-1', 'narration', narration('6'));
      await writer.events.flush();
      await until(() => got.length === 4, 'event 6, still watched once');
      stopSecond();
      await sleep(50);
      assert.deepEqual(got, [3, 4, 5, 6]);
    });

    it('an instance watching the runs it writes delivers each event once', async (t) => {
      const { open } = await setup(t);
      const store = await open();
      const got: number[] = [];
      store.events.onCommitted((e) => void got.push(e.seq));
      await store.events.open('run-1');
      store.events.watch('run-1', 0);
      for (let i = 0; i < 6; i++) {
        store.events.append('run-1', 'narration', narration(`${i}`));
        if (i === 2) await store.events.flush();
      }
      await store.events.flush();
      await until(() => got.length === 6, 'six events');
      await sleep(100);
      assert.deepEqual(got, [1, 2, 3, 4, 5, 6]);
    });

    it('one commit of many runs is announced for each of them', async (t) => {
      const { open } = await setup(t);
      const writer = await open();
      const reader = await open();
      const runIds = Array.from({ length: 400 }, (_, i) => `run-${'x'.repeat(40)}-${i}`);
      const got: string[] = [];
      reader.events.onCommitted((e) => void got.push(e.run_id));
      for (const runId of [runIds[0]!, runIds[399]!]) reader.events.watch(runId, 0);
      for (const runId of runIds) await writer.events.open(runId);
      for (const runId of runIds) writer.events.append(runId, 'narration', narration('x'));
      await writer.events.flush();
      await until(() => got.length === 2, 'both watched runs');
      assert.deepEqual(got.sort(), [runIds[0], runIds[399]].sort());
    });
  });

  describe('instances starting together', () => {
    it('migrate a fresh database once', async (t) => {
      const { open } = await setup(t);
      const stores = await Promise.all([open(), open(), open(), open()]);
      assert.ok(await stores[0]!.reachable());
      await stores[1]!.users.upsert(profile('u1'));
      assert.deepEqual(await stores[3]!.users.listIds(), ['u1']);
    });
  });

  describe('the listening connection', () => {
    it('comes back by itself when dropped, and catches up what was committed meanwhile', async (t) => {
      const { url, open } = await setup(t);
      const writer = await open({ instanceId: 'writer' });
      const reader = await open({ instanceId: 'reader' });
      const got: number[] = [];
      reader.events.onCommitted((e) => void got.push(e.seq));
      reader.events.watch('run-1', 0);
      await writer.events.open('run-1');
      writer.events.append('run-1', 'narration', narration('1'));
      await writer.events.flush();
      await until(() => got.length === 1, 'the first event');
      await admin(
        url,
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'research-events reader'",
      );
      await until(() => !reader.events.listening, 'the reader notices');
      for (let i = 2; i <= 4; i++) writer.events.append('run-1', 'narration', narration(`${i}`));
      await writer.events.flush();
      assert.equal(
        reader.events.listening,
        false,
        'committed while nobody listened for the reader',
      );
      await until(() => got.length === 4, 'the events committed meanwhile');
      assert.equal(reader.events.listening, true);
      writer.events.append('run-1', 'narration', narration('5'));
      await writer.events.flush();
      await until(() => got.length === 5, 'and the next one');
      await sleep(100);
      assert.deepEqual(got, [1, 2, 3, 4, 5]);
    });
  });

  describe('a Postgres restart', () => {
    it('a connection lost in the middle of a transaction fails that transaction, not the process', async (t) => {
      const { url } = await setup(t);
      const pool = new pg.Pool({ connectionString: url, max: 1 });
      pool.on('error', () => {});
      t.after(() => pool.end());
      let resume!: () => void;
      const terminated = new Promise<void>((resolve) => (resume = resolve));
      let backend = 0;
      const inside = transaction(pool, async (client) => {
        const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
        backend = rows[0]!.pid;
        await terminated; // no query is running on the connection when it drops
        await client.query('SELECT 1');
      });
      await until(() => backend !== 0, 'the transaction has begun');
      await admin(url, `SELECT pg_terminate_backend(${backend})`);
      await sleep(200); // the connection has heard of its end
      resume();
      await assert.rejects(inside);
      const { rows } = await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      assert.notEqual(rows[0]!.pid, backend, 'the dropped connection went out of the pool');
    });

    it('reachable says false while it is down and true after; the pool serves queries again', async (t) => {
      const { postgres, open } = await setup(t);
      const store = await open();
      await store.users.upsert(profile('u1'));
      await postgres.kill();
      const started = Date.now();
      assert.equal(await store.reachable(), false);
      assert.ok(Date.now() - started < 1_500, 'reachable answers within about a second');
      await postgres.start();
      await eventually(async () => assert.equal(await store.reachable(), true), 'reachable again');
      assert.deepEqual(await eventually(() => store.users.listIds(), 'the pool reconnects'), [
        'u1',
      ]);
    });

    it('reachable says false within about a second while it hangs, and true once it answers', async (t) => {
      const { postgres, open } = await setup(t);
      const store = await open({ poolSize: 2 });
      assert.equal(await store.reachable(), true);
      postgres.pause();
      try {
        const started = Date.now();
        // More probes than connections: each gives its connection up when it times out.
        assert.deepEqual(await Promise.all([1, 2, 3, 4].map(() => store.reachable())), [
          false,
          false,
          false,
          false,
        ]);
        assert.ok(Date.now() - started < 1_500, 'within about a second');
      } finally {
        postgres.resume();
      }
      await eventually(async () => assert.equal(await store.reachable(), true), 'reachable again');
    });

    it('events appended while it is down stay queued in order and are committed, then published, once it is back', async (t) => {
      const { postgres, open, errors } = await setup(t);
      const store = await open();
      const published: number[] = [];
      store.events.onCommitted((e) => void published.push(e.seq));
      await store.events.open('run-1');
      store.events.append('run-1', 'narration', narration('1'));
      await store.events.flush();
      await until(() => published.length === 1, 'the first event');
      await postgres.kill();
      for (let i = 2; i <= 4; i++) store.events.append('run-1', 'narration', narration(`${i}`));
      await until(() => errors.length > 0, 'the failed background commit is reported');
      await assert.rejects(store.events.flush(), 'a flush someone awaits fails');
      assert.equal(store.events.queued, 3);
      store.events.append('run-1', 'narration', narration('5'));
      await sleep(100);
      assert.deepEqual(published, [1], 'nothing uncommitted is published');
      await sleep(3_300); // the background retries back off meanwhile, to seconds apart
      await postgres.start();
      await eventually(() => store.events.flush(), 'a flush once Postgres is back');
      await until(() => published.length === 5, 'the queued events after the restart');
      assert.deepEqual(published, [1, 2, 3, 4, 5]);
      assert.equal(store.events.queued, 0);
      // Back to committing at the end of each turn, not after the last backoff.
      const appended = Date.now();
      store.events.append('run-1', 'narration', narration('6'));
      await until(() => published.length === 6, 'the next event');
      assert.ok(Date.now() - appended < 500, `committed after ${Date.now() - appended} ms`);
      assert.deepEqual(
        (await store.events.list('run-1')).map((e) => (e.data as { text: string }).text),
        ['1', '2', '3', '4', '5', '6'],
      );
    });

    it('the listening connection comes back by itself and catches up what it missed', async (t) => {
      const { postgres, open } = await setup(t);
      const writer = await open({ instanceId: 'writer' });
      const reader = await open({ instanceId: 'reader' });
      const got: number[] = [];
      reader.events.onCommitted((e) => void got.push(e.seq));
      reader.events.watch('run-1', 0);
      await writer.events.open('run-1');
      writer.events.append('run-1', 'narration', narration('1'));
      await writer.events.flush();
      await until(() => got.length === 1, 'the first event');
      assert.equal(reader.events.listening, true);
      await postgres.kill();
      await until(() => !reader.events.listening, 'the reader notices');
      await postgres.start();
      // Written as soon as Postgres is back, most likely before the reader listens again.
      for (let i = 2; i <= 4; i++) writer.events.append('run-1', 'narration', narration(`${i}`));
      await eventually(() => writer.events.flush(), 'the writer commits after the restart');
      await until(() => reader.events.listening, 'the reader listens again', 20_000);
      await until(() => got.length === 4, 'the events committed meanwhile', 20_000);
      writer.events.append('run-1', 'narration', narration('5'));
      await writer.events.flush();
      await until(() => got.length === 5, 'and the next one');
      await sleep(100);
      assert.deepEqual(got, [1, 2, 3, 4, 5]);
    });
  });
});
