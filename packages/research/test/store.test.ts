import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Store } from '../src/store/store.ts';
import { MIGRATIONS, migrate } from '../src/store/migrations.ts';
import { decayedUses } from '../src/store/fts.ts';

async function freshStore(): Promise<Store> {
  const store = Store.open(':memory:');
  await store.users.upsert({
    user_id: 'u',
    archetype: 'a',
    domain: 'd',
    risk_preference: 'medium',
    baseline_strictness: 'medium',
    persona_brief: '',
  });
  return store;
}

test('skills: de-duplicated, retrieved by relevance, counted as used', async () => {
  const store = await freshStore();
  const add = (name: string, procedure: string) =>
    store.skills.add('u', {
      name,
      description: name,
      procedure,
      stage: 'planning',
      source_run_id: null,
    });
  const a = await add(
    'Power analysis for field surveys',
    'Estimate sample size from pilot variance before sampling plots.',
  );
  await add(
    'Bootstrap confidence intervals',
    'Resample the measurements with replacement to get intervals.',
  );
  await add('Ablation design', 'Remove one component at a time and compare with the full method.');
  assert.equal(a.created, true);
  assert.match(a.skill.skill_id, /^skill-[0-9a-f]{12}$/);
  const again = await add(
    'power analysis for FIELD surveys!',
    'Estimate sample size from pilot variance before sampling plots',
  );
  assert.equal(again.created, false, 'same name and procedure up to case and punctuation');
  assert.equal(again.skill.skill_id, a.skill.skill_id);
  assert.equal((await store.skills.list('u')).length, 3);

  const hits = await store.skills.retrieve('u', 'how many plots should the survey sample', 2);
  assert.equal(hits[0]!.name, 'Power analysis for field surveys');
  assert.equal(hits.length, 2, 'topped up to k by the fallback order');
  assert.equal(
    (await store.skills.list('u')).find((s) => s.skill_id === a.skill.skill_id)!.uses,
    1,
  );
  assert.deepEqual(await store.skills.retrieve('u', 'anything', 0), []);
  assert.deepEqual(await store.skills.retrieve('other-user', 'plots', 3), []);
});

test('memories: retrieval by BM25 with a recency fallback', async () => {
  const store = await freshStore();
  await store.memories.add('u', {
    kind: 'preference',
    content: 'Prefers Bayesian models over frequentist tests.',
    source_run_id: null,
  });
  await store.memories.add('u', {
    kind: 'fact',
    content: 'Works on coral reef bleaching.',
    source_run_id: null,
  });
  const dup = await store.memories.add('u', {
    kind: 'fact',
    content: 'works on coral reef bleaching',
    source_run_id: null,
  });
  assert.equal(dup.created, false);
  assert.equal(
    (await store.memories.retrieve('u', 'bayesian model choice', 1))[0]!.kind,
    'preference',
  );
  assert.equal(
    (await store.memories.retrieve('u', '', 5)).length,
    2,
    'an empty query falls back to the most recent',
  );
});

test('the schema version is recorded and a newer database is refused', () => {
  const store = Store.open(':memory:');
  assert.equal(store.db.pragma('user_version', { simple: true }), MIGRATIONS.length);
  migrate(store.db); // up to date: nothing to do
  store.db.pragma(`user_version = ${MIGRATIONS.length + 1}`);
  assert.throws(() => migrate(store.db), /newer than this build knows/);
});

test('near-duplicate skills and memories are not stored twice; usage fades with time unused', async () => {
  const store = await freshStore();
  const first = await store.skills.add('u', {
    name: 'Bootstrap confidence intervals',
    description: 'd',
    procedure: 'Resample the measured values with replacement and report percentile intervals.',
    stage: 'analysis',
    source_run_id: null,
  });
  const reworded = await store.skills.add('u', {
    name: 'Confidence intervals by bootstrap',
    description: 'd',
    procedure: 'Resample measured values with replacement, then report the percentile intervals.',
    stage: 'analysis',
    source_run_id: null,
  });
  assert.equal(reworded.created, false);
  assert.equal(reworded.skill.skill_id, first.skill.skill_id);
  const different = await store.skills.add('u', {
    name: 'Bootstrap the sample size',
    description: 'd',
    procedure: 'Simulate surveys of growing size until the interval is narrow enough.',
    stage: 'planning',
    source_run_id: null,
  });
  assert.equal(different.created, true);
  assert.equal(
    (
      await store.memories.add('u', {
        kind: 'fact',
        content: 'Works on coral reef bleaching in the Red Sea.',
        source_run_id: null,
      })
    ).created,
    true,
  );
  assert.equal(
    (
      await store.memories.add('u', {
        kind: 'fact',
        content: 'works on the coral reef bleaching in Red Sea',
        source_run_id: null,
      })
    ).created,
    false,
  );

  const [hit] = await store.skills.retrieve('u', 'percentile intervals', 1);
  assert.equal(hit!.skill_id, first.skill.skill_id);
  const stored = (await store.skills.list('u')).find((s) => s.skill_id === first.skill.skill_id)!;
  assert.equal(stored.uses, 1);
  assert.ok(stored.last_used_at && Date.now() - Date.parse(stored.last_used_at) < 5000);

  const now = Date.parse('2026-06-01T00:00:00Z');
  assert.equal(decayedUses(8, '2026-06-01T00:00:00Z', '2026-01-01T00:00:00Z', now), 8);
  assert.equal(
    decayedUses(8, '2026-05-02T00:00:00Z', '2026-01-01T00:00:00Z', now),
    4,
    'half after 30 days',
  );
  assert.equal(
    decayedUses(8, null, '2026-04-02T00:00:00Z', now),
    2,
    'never used: counted from creation',
  );
});
