import { describe } from 'node:test';
import assert from 'node:assert/strict';
import { fingerprint, NEAR_DUPLICATE, similarity } from '../fts.ts';
import { ISO, profile, run, entry, skill, memory, ids } from './fixtures.ts';
import type { SuiteContext } from './context.ts';

/** The feedback queue, the skill bank and the memory module. */
export function feedbackSkillsMemories({ test, setup }: SuiteContext): void {
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
}
