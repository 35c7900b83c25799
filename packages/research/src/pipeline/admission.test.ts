import { test } from 'node:test';
import assert from 'node:assert/strict';
import { InProcessAdmission, type QueuePlace, type RunTicket } from './admission.ts';

/** An admission whose runs finish only when the test says so. */
function harness(limit: number) {
  const admission = new InProcessAdmission(limit);
  const started: string[] = [];
  const queued: [string, QueuePlace][] = [];
  const finishers = new Map<string, () => void>();
  const running = new Set<string>();
  admission.start({
    run: (ticket) => {
      started.push(ticket.run_id);
      running.add(ticket.run_id);
      return new Promise<void>((resolve) => finishers.set(ticket.run_id, resolve));
    },
    queued: (ticket, place) => void queued.push([ticket.run_id, place]),
  });
  let clock = 0;
  const post = (user: string, id: string) =>
    admission.submit({ run_id: id, user_id: user, since: String(clock++).padStart(6, '0') });
  const finish = async (id: string) => {
    finishers.get(id)!();
    running.delete(id);
    await new Promise((r) => setImmediate(r));
  };
  return { admission, started, running, queued, post, finish };
}

test('at most `limit` runs hold a slot; the rest wait and are told where they stand', async () => {
  const { admission, started, queued, post, finish } = harness(2);
  for (let i = 0; i < 4; i++) await post('ana', `a${i}`);
  assert.deepEqual(started, ['a0', 'a1']);
  assert.deepEqual(
    queued.map(([id, p]) => [id, p.position]),
    [
      ['a2', 1],
      ['a3', 2],
    ],
  );
  assert.deepEqual(admission.stats(), { waiting: 2, active: 2, limit: 2 });
  await finish('a0');
  assert.deepEqual(started, ['a0', 'a1', 'a2']);
  assert.equal(admission.place('a3')?.position, 1);
  assert.equal(admission.place('a1'), null, 'a run holding a slot is not waiting');
});

test('slots go round-robin between users; each user is served in posting order', async () => {
  const { started, post, finish, admission } = harness(1);
  await post('ana', 'a0'); // takes the slot
  for (let i = 1; i <= 19; i++) await post('ana', `a${i}`);
  await post('ben', 'b0');
  await post('cy', 'c0');
  await post('ben', 'b1');
  assert.equal(admission.place('b0')?.position, 2, 'ben is served after one more of ana');
  assert.equal(admission.place('c0')?.position, 3);
  assert.equal(admission.place('b1')?.position, 5, 'ana, ben, cy, ana, then ben again');
  for (let i = 0; i < 8; i++) await finish(started.at(-1)!);
  assert.deepEqual(started, ['a0', 'a1', 'b0', 'c0', 'a2', 'b1', 'a3', 'a4', 'a5']);
});

test('positions only go down while no one new arrives', async () => {
  const { admission, running, post, finish } = harness(2);
  for (let i = 0; i < 10; i++) await post(i % 3 === 0 ? 'ben' : 'ana', `r${i}`);
  const waiting = ['r9', 'r8', 'r5'];
  let last = waiting.map((id) => admission.place(id)!.position);
  while (admission.stats().waiting > 0) {
    await finish([...running][0]!);
    const now = waiting.map((id) => admission.place(id)?.position ?? 0);
    now.forEach((p, i) => assert.ok(p < last[i]! || p === 0, `${waiting[i]}: ${last[i]} → ${p}`));
    last = now;
  }
});

test('a run resumed after feedback goes before that user’s later runs, not before others', async () => {
  const { admission, started, post } = harness(1);
  await post('ana', 'a0');
  await post('ana', 'a1');
  await post('ben', 'b0');
  const resumed: RunTicket = { run_id: 'old', user_id: 'ana', since: '' };
  await admission.submit(resumed);
  assert.equal(
    admission.place('old')?.position,
    1,
    'ana’s turn comes first, and this is her oldest',
  );
  assert.equal(admission.place('a1')?.position, 3);
  assert.deepEqual(started, ['a0']);
});

test('stop admits nothing more; submitting a run twice queues it once', async () => {
  const { admission, started, post, finish } = harness(1);
  await post('ana', 'a0');
  await post('ana', 'a1');
  await admission.submit({ run_id: 'a1', user_id: 'ana', since: '000001' });
  assert.equal(admission.stats().waiting, 1);
  admission.stop();
  await finish('a0');
  assert.deepEqual(started, ['a0']);
  assert.equal(admission.stats().waiting, 1, 'the waiting run stays for the next start');
});
