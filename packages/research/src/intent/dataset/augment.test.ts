import { test } from 'node:test';
import assert from 'node:assert/strict';
import { augment, readFillers } from './augment.ts';
import { FILLERS_PATH, parseExamples } from './dataset.ts';

test('a profile field written inside a run topic is not composed with it: every composed span stays unambiguous', () => {
  const examples = parseExamples(
    [
      {
        text: 'write a paper on the economics of fishing',
        session: 'ready',
        action: 'start_run',
        slots: { topic: 'the economics of fishing' },
      },
      {
        text: 'start a run about coral bleaching',
        session: 'ready',
        action: 'start_run',
        slots: { topic: 'coral bleaching' },
      },
      {
        text: 'I work in economics',
        session: 'ready',
        action: 'update_profile',
        slots: { domain: 'economics' },
      },
      { text: "I'm Chen", session: 'anon', action: 'create_user', slots: { name: 'Chen' } },
    ]
      .map((e) => JSON.stringify(e))
      .join('\n'),
  );
  const options = {
    copies: 1,
    compositions: 40,
    lowercase: 0,
    typo: 0,
    lexiconShare: 0,
    slotTypo: 0,
    pausedCommands: 0,
  };
  for (const seed of [1, 2, 3, 4, 5]) {
    const out = augment(examples, readFillers(FILLERS_PATH), { ...options, seed });
    const composed = out.filter((e) => e.action === 'start_run' && e.slots?.domain);
    assert.ok(composed.length > 0, 'runs with a field are still composed');
    const inside = composed.filter((e) =>
      e.slots!.topic!.toLowerCase().includes(e.slots!.domain!.toLowerCase()),
    );
    assert.deepEqual(inside, []);
    // Every example, composed or copied, still aligns its spans with its text.
    const lines = out.map(({ text, session, action, slots }) =>
      JSON.stringify({ text, session, action, slots }),
    );
    assert.equal(parseExamples(lines.join('\n')).length, out.length);
  }
});

test('commands that mean the same while a run waits for feedback are copied into that session', () => {
  const examples = parseExamples(
    [
      { text: 'status?', session: 'running', action: 'status' },
      { text: 'list users', session: 'ready', action: 'list_users' },
      { text: 'make it shorter', session: 'paused', action: 'submit_feedback' },
      { text: 'thanks!', session: 'ready', action: 'chitchat' },
    ]
      .map((e) => JSON.stringify(e))
      .join('\n'),
  );
  const options = {
    copies: 0,
    compositions: 0,
    lowercase: 0,
    typo: 0,
    lexiconShare: 0,
    slotTypo: 0,
    pausedCommands: 1,
    seed: 1,
  };
  const paused = augment(examples, readFillers(FILLERS_PATH), options)
    .filter((e) => e.session === 'paused')
    .map((e) => `${e.text} → ${e.action}`);
  assert.deepEqual(paused.sort(), [
    'list users → list_users',
    'make it shorter → submit_feedback',
    'status? → status',
  ]);
});
