import { describe } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import type { RunEvent } from '../../domain/events.ts';
import { ISO, until, profile, run, entry, skill, memory, metrics, text } from './fixtures.ts';
import type { SuiteContext } from './context.ts';

/** The audit trail: appends, group commits, reads, subscriptions. */
export function events({ test, setup }: SuiteContext): void {
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
}
