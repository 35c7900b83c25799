import { describe } from 'node:test';
import assert from 'node:assert/strict';
import { type RunRecord } from '../types.ts';
import { ResearchError } from '../../errors.ts';
import { ISO, profile, run, entry, metrics } from './fixtures.ts';
import type { SuiteContext } from './context.ts';

/** Planner models, completing a stage, and the database itself. */
export function plannerStagesDatabase({ test, setup }: SuiteContext): void {
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
}
