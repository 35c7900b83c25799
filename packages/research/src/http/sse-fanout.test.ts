import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setImmediate as nextLoopTurn, setTimeout as sleep } from 'node:timers/promises';
import { Store } from '../store/store.ts';
import { RunEventHub } from '../pipeline/event-hub.ts';
import type { RunEvent } from '../domain/events.ts';
import { formatSse, SseFanout } from './sse-fanout.ts';

function setup(heartbeatMs?: number) {
  const store = Store.open(':memory:');
  const hub = new RunEventHub(store, () => null);
  const fanout = new SseFanout(hub, heartbeatMs);
  const subscriber = () => {
    const out = { chunks: [] as string[], ended: 0 };
    return {
      out,
      sink: { write: (text: string) => void out.chunks.push(text), end: () => void out.ended++ },
    };
  };
  return { store, hub, fanout, subscriber };
}

test('formatSse: the SSE message is byte-identical to the format clients already parse', () => {
  const event = {
    seq: 7,
    run_id: 'run-20261122T110950Z-d0052f',
    type: 'trajectory_event',
    ts: '2026-11-22T13:37:00.123Z',
    data: { kind: 'stage_started', label: 'Starting "coding"', detail: 'ü\n✓', metadata: {} },
  } as RunEvent;
  assert.equal(
    formatSse(event),
    'id: 7\nevent: trajectory_event\ndata: {"seq":7,"run_id":"run-20261122T110950Z-d0052f",' +
      '"type":"trajectory_event","ts":"2026-11-22T13:37:00.123Z","data":{"kind":"stage_started",' +
      '"label":"Starting \\"coding\\"","detail":"ü\\n✓","metadata":{}}}\n\n',
  );
});

test('fan-out: every subscriber gets the same bytes, and the event is formatted once', async () => {
  const { store, hub, fanout, subscriber } = setup();
  const subs = Array.from({ length: 50 }, () => subscriber());
  for (const s of subs) fanout.add('run-a', s.sink, 0).replayed([]);
  assert.equal(fanout.subscriberCount('run-a'), 50);
  assert.equal(hub.subscriberCount('run-a'), 1, 'one hub listener for the whole run');

  // toJSON runs once per JSON.stringify of the payload: once for the audit trail, once
  // for the SSE text, whatever the number of subscribers.
  let stringified = 0;
  const data = {
    kind: 'k',
    label: 'l',
    detail: 'd',
    metadata: {},
    toJSON() {
      stringified++;
      return { kind: 'k', label: 'l', detail: 'd', metadata: {} };
    },
  };
  hub.emit('run-a', 'trajectory_event', data);
  await nextLoopTurn();
  assert.equal(stringified, 2);
  const [event] = await store.events.list('run-a');
  const expected = formatSse(event!);
  for (const s of subs) assert.deepEqual(s.out.chunks, [expected]);
});

test('fan-out: live events during the replay are held back, de-duplicated and kept in order', async () => {
  const { hub, store, fanout, subscriber } = setup();
  hub.emit('run-a', 'status_changed', { status: 'running' });
  hub.emit('run-a', 'status_changed', { status: 'awaiting_feedback' });
  await nextLoopTurn();
  const s = subscriber();
  const sub = fanout.add('run-a', s.sink, 1);
  const replay = await store.events.list('run-a', 1);
  hub.emit('run-a', 'status_changed', { status: 'running' }); // arrives before the replay is sent
  await nextLoopTurn();
  assert.equal(s.out.chunks.length, 0, 'nothing is sent before the replay');
  sub.replayed([...replay, ...(await store.events.list('run-a', 1))]); // overlapping on purpose
  assert.deepEqual(
    s.out.chunks.map((c) => c.split('\n')[0]),
    ['id: 2', 'id: 3'],
  );
});

test('fan-out: stream_end ends each subscriber once; the last one leaving stops the run channel', async () => {
  const { hub, fanout, subscriber } = setup();
  const a = subscriber();
  const b = subscriber();
  const subA = fanout.add('run-a', { ...a.sink, end: () => (a.sink.end(), subA.remove()) }, 0);
  const subB = fanout.add('run-a', { ...b.sink, end: () => (b.sink.end(), subB.remove()) }, 0);
  subA.replayed([]);
  subB.replayed([]);
  hub.emit('run-a', 'stream_end', {});
  hub.emit('run-a', 'status_changed', { status: 'running' });
  await nextLoopTurn();
  assert.equal(a.out.ended, 1);
  assert.equal(b.out.ended, 1);
  assert.equal(a.out.chunks.length, 1, 'nothing after stream_end');
  assert.equal(fanout.subscriberCount('run-a'), 0);
  assert.equal(hub.subscriberCount('run-a'), 0);
});

test('fan-out: one heartbeat timer per run writes a keep-alive to every subscriber', async () => {
  const { fanout, subscriber } = setup(20);
  const subs = Array.from({ length: 3 }, () => subscriber());
  const handles = subs.map((s) => fanout.add('run-a', s.sink, 0));
  handles.forEach((h) => h.replayed([]));
  await sleep(70);
  for (const s of subs) {
    assert.ok(s.out.chunks.length >= 2, `${s.out.chunks.length} keep-alives`);
    assert.ok(s.out.chunks.every((c) => c === ': keep-alive\n\n'));
  }
  handles.forEach((h) => h.remove());
  const before = subs.map((s) => s.out.chunks.length);
  await sleep(50);
  assert.deepEqual(
    subs.map((s) => s.out.chunks.length),
    before,
    'the timer stops with the last subscriber',
  );
});

test('fan-out: the events of one turn go to each subscriber in one write, from where it is', async () => {
  const { hub, store, fanout, subscriber } = setup();
  const fresh = subscriber();
  fanout.add('run-a', fresh.sink, 0).replayed([]);
  hub.emit('run-a', 'status_changed', { status: 'running' });
  hub.emit('run-a', 'status_changed', { status: 'awaiting_feedback' });
  // A subscriber that already has seq 1 (from its replay) when the burst goes out.
  const behind = subscriber();
  const sub = fanout.add('run-a', behind.sink, 0);
  sub.replayed((await store.events.list('run-a', 0)).slice(0, 1));
  hub.emit('run-a', 'stream_end', {});
  await nextLoopTurn();
  const all = await store.events.list('run-a');
  assert.deepEqual(fresh.out.chunks, [all.map(formatSse).join('')], 'one write of all three');
  assert.equal(fresh.out.ended, 1);
  assert.deepEqual(behind.out.chunks, all.map(formatSse), 'replayed seq 1, then 2 and 3');
  assert.equal(behind.out.ended, 1);
});
