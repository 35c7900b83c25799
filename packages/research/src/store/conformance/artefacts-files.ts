import { describe } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { ISO, profile, run, ideation, sha256 } from './fixtures.ts';
import type { SuiteContext } from './context.ts';

/** Artefacts and run files. */
export function artefactsAndFiles({ test, setup }: SuiteContext): void {
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
}
