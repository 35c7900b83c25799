import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { createSession, startVoice, VoiceClient } from './helpers/service.ts';
import { parseClientMessage } from '../src/protocol/client-messages.ts';

const KNOWN_CODES = new Set([
  'invalid_message',
  'invalid_audio',
  'frame_too_large',
  'rate_limited',
  'rag_index_not_found',
  'tool_timeout',
  'llm_unavailable',
  'tts_unavailable',
  'stt_unavailable',
  'speech_capacity_exceeded',
]);

/** Arbitrary client messages: valid ones, near-valid ones with wrong fields, and junk. */
const message = fc.oneof(
  fc.record({
    type: fc.constantFrom('session.update'),
    session: fc.dictionary(
      fc.constantFrom(
        'instructions',
        'languages',
        'voice',
        'model',
        'tools',
        'turn_detection',
        'rag',
        'analysis',
        'audio_codec',
        'junk',
      ),
      fc.anything(),
      { maxKeys: 3 },
    ),
  }),
  fc.record({
    type: fc.constant('input_audio.append'),
    audio: fc.oneof(
      fc.base64String({ maxLength: 400 }),
      fc.string({ maxLength: 50 }),
      fc.integer(),
    ),
  }),
  fc.record({ type: fc.constantFrom('input_audio.commit', 'response.cancel', 'response.create') }),
  fc.record({
    type: fc.constant('tool.result'),
    call_id: fc.oneof(fc.string(), fc.integer()),
    output: fc.oneof(fc.string(), fc.constant(null)),
  }),
  fc.record({
    type: fc.constant('conversation.item.create'),
    item: fc.oneof(
      fc.record({
        role: fc.constantFrom('user', 'system', 'assistant', 'robot'),
        content: fc.string({ maxLength: 40 }),
      }),
      fc.anything(),
    ),
  }),
  fc.anything(),
);

test('any sequence of client messages and frames: no crash, every refusal is a coded error, the session goes on', async () => {
  const voice = await startVoice({ VOICE_MAX_MESSAGES_PER_SECOND: '100000' });
  const before = process.memoryUsage().heapUsed;
  try {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            message.map((m) => ({ text: JSON.stringify(m) ?? 'null' })),
            fc.uint8Array({ maxLength: 2000 }).map((b) => ({ binary: Buffer.from(b) })),
            fc.string({ maxLength: 30 }).map((t) => ({ text: t })),
          ),
          { maxLength: 25 },
        ),
        async (sequence) => {
          const created = await createSession(voice.http);
          const client = await VoiceClient.connect(created.body);
          await client.waitFor('session.created');
          for (const item of sequence) {
            if ('binary' in item) client.sendAudio(item.binary);
            else client.send(item.text);
          }
          client.send({ type: 'response.cancel' });
          client.send('{"type":"ping-after-fuzz"}');
          await client.waitFor('error', (e) => /ping-after-fuzz/.test(e.message), 10_000);
          for (const e of client.of('error'))
            assert.ok(KNOWN_CODES.has(e.code), `unexpected code ${e.code}`);
          assert.equal(client.closeCode, null, 'the session is still open');
          client.close();
          await client.waitClosed();
        },
      ),
      { numRuns: 40, seed: 20261122 },
    );
    const health = await fetch(`${voice.http}/healthz`);
    assert.equal(health.status, 200);
    const grownMb = (process.memoryUsage().heapUsed - before) / 1e6;
    assert.ok(grownMb < 200, `heap grew ${grownMb.toFixed(0)} MB`);
  } finally {
    await voice.close();
  }
});

test('the message parser never throws and always explains a refusal', () => {
  fc.assert(
    fc.property(
      fc.oneof(
        fc.string(),
        fc.json(),
        message.map((m) => JSON.stringify(m) ?? ''),
      ),
      (text) => {
        const parsed = parseClientMessage(text);
        if (!parsed.ok) assert.ok(parsed.problem.length > 0);
      },
    ),
    { numRuns: 2000, seed: 7 },
  );
});
