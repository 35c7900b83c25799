import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  transition,
  type ConversationEvent,
  type ConversationState,
} from '../src/session/state-machine.ts';

const run = (state: ConversationState, ...events: ConversationEvent['type'][]) => {
  let s = state;
  const effects: string[] = [];
  for (const type of events) {
    const t = transition(s, { type } as ConversationEvent);
    s = t.state;
    effects.push(
      ...t.effects.map((e) => (e.type === 'cancel_response' ? `cancel:${e.reason}` : e.type)),
    );
  }
  return { state: s, effects };
};

test('a spoken turn: listen → user speaking → thinking → agent speaking → listen (spec §3)', () => {
  assert.deepEqual(run('listening', 'speech_started'), {
    state: 'user_speaking',
    effects: ['send_speech_started'],
  });
  assert.deepEqual(run('user_speaking', 'speech_stopped'), {
    state: 'thinking',
    effects: ['send_speech_stopped', 'end_utterance'],
  });
  assert.deepEqual(run('thinking', 'first_audio'), { state: 'agent_speaking', effects: [] });
  assert.deepEqual(run('agent_speaking', 'audio_done'), {
    state: 'listening',
    effects: ['send_audio_done'],
  });
  assert.deepEqual(run('thinking', 'response_done'), { state: 'listening', effects: [] });
  assert.equal(
    run(
      'listening',
      'speech_started',
      'speech_stopped',
      'first_audio',
      'audio_done',
      'response_done',
    ).state,
    'listening',
  );
});

test('barge-in during playback cancels with barge_in and the user is speaking', () => {
  assert.deepEqual(run('agent_speaking', 'barge_in_confirmed'), {
    state: 'user_speaking',
    effects: ['cancel:barge_in', 'send_speech_started'],
  });
  // Raw speech start during playback is not a barge-in until confirmed.
  assert.deepEqual(run('agent_speaking', 'speech_started'), {
    state: 'agent_speaking',
    effects: [],
  });
});

test('speech while thinking drops the pending response without barge-in', () => {
  assert.deepEqual(run('thinking', 'speech_started'), {
    state: 'user_speaking',
    effects: ['cancel:interrupted', 'send_speech_started'],
  });
});

test('commit forces the end of an utterance, even without VAD speech', () => {
  assert.deepEqual(run('user_speaking', 'commit'), {
    state: 'thinking',
    effects: ['send_speech_stopped', 'end_utterance'],
  });
  assert.deepEqual(run('listening', 'commit'), { state: 'thinking', effects: ['end_utterance'] });
  assert.deepEqual(run('agent_speaking', 'commit'), { state: 'agent_speaking', effects: [] });
});

test('client cancel and text requests', () => {
  assert.deepEqual(run('agent_speaking', 'cancel'), {
    state: 'listening',
    effects: ['cancel:client_cancelled'],
  });
  assert.deepEqual(run('thinking', 'cancel'), {
    state: 'listening',
    effects: ['cancel:client_cancelled'],
  });
  assert.deepEqual(run('listening', 'cancel'), { state: 'listening', effects: [] });
  assert.deepEqual(run('listening', 'response_requested'), {
    state: 'thinking',
    effects: ['start_response'],
  });
  assert.deepEqual(run('user_speaking', 'response_requested'), {
    state: 'user_speaking',
    effects: [],
  });
});

test('events that do not apply change nothing', () => {
  const states: ConversationState[] = ['listening', 'user_speaking', 'thinking', 'agent_speaking'];
  for (const s of states) {
    assert.equal(run(s, 'audio_done').state, s === 'agent_speaking' ? 'listening' : s);
  }
  assert.deepEqual(run('listening', 'speech_stopped'), { state: 'listening', effects: [] });
  assert.deepEqual(run('user_speaking', 'speech_started'), { state: 'user_speaking', effects: [] });
});
