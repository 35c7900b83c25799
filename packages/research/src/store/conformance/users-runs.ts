import { describe } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { type RunRecord } from '../types.ts';
import type { RunStatus } from '../../domain/events.ts';
import { ResearchError } from '../../errors.ts';
import { ISO, profile, runState, run } from './fixtures.ts';
import type { SuiteContext } from './context.ts';

/** Users and runs: profiles, run records, their listing and updates. */
export function usersAndRuns({ test, setup }: SuiteContext): void {
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
      assert.equal(await store.runs.updateIf('run-1', 'running', { status: 'failed' }), undefined);
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
      assert.deepEqual((await store.runs.list('u2'))[0], run('run-c', 'u2', { started_at: at(3) }));
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
}
