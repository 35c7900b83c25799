import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BaseSTTStream, type STTEvent, type UtteranceResult } from '../src/providers/stt/stt.ts';
import { VoiceError } from '../src/errors.ts';

/** A vendor double whose audio writes fail for chosen utterances. */
class FlakyStream extends BaseSTTStream {
  private count = 0;
  private bytes = 0;
  constructor(private readonly failing: Set<number>) {
    super('en-US');
  }
  protected async beginUtterance(): Promise<void> {
    this.count++;
    this.bytes = 0;
  }
  protected writeAudio(pcm: Buffer): void {
    if (this.failing.has(this.count))
      throw new VoiceError('stt_unavailable', `utterance ${this.count} broke`);
    this.bytes += pcm.length;
  }
  protected async endUtterance(): Promise<UtteranceResult> {
    return { text: `utterance ${this.count} with ${this.bytes} bytes` };
  }
  protected cancelUtterance(): void {}
}

test('a failure mid-utterance is reported at its flush, once, and the next utterance works', async () => {
  const stream = new FlakyStream(new Set([2]));
  const seen: STTEvent[] = [];
  const reading = (async () => {
    for await (const e of stream) seen.push(e);
  })();
  const reused = Buffer.alloc(640, 1);
  stream.pushAudio(reused);
  stream.flush();
  stream.pushAudio(reused); // utterance 2 fails while audio is still arriving
  stream.pushAudio(reused);
  await new Promise((r) => setTimeout(r, 20));
  assert.equal(seen.length, 1, 'the failure waits for the flush of its utterance');
  stream.pushAudio(reused);
  stream.flush();
  reused.fill(0); // the caller reuses its buffer; the stream kept its own copy
  stream.pushAudio(Buffer.alloc(320, 2));
  stream.flush();
  stream.endInput();
  await reading;
  const events = seen;
  assert.deepEqual(
    events.map((e) =>
      e.type === 'final' ? e.text : e.type === 'error' ? `error ${e.code}` : e.type,
    ),
    ['utterance 1 with 640 bytes', 'error stt_unavailable', 'utterance 3 with 320 bytes'],
  );
  assert.equal((events[1] as { recoverable: boolean }).recoverable, true);
});

/** A vendor double with partials but no decoding on request (as the Azure adapter). */
class PartialsOnly extends BaseSTTStream {
  written = 0;
  constructor() {
    super('en-GB');
  }
  protected async beginUtterance(): Promise<void> {}
  protected async writeAudio(pcm: Buffer): Promise<void> {
    await new Promise((r) => setTimeout(r, 5)); // a slow write: the answer waits for it
    this.written += pcm.length;
    this.emitPartial(`${this.written} bytes`);
  }
  protected async endUtterance(): Promise<UtteranceResult> {
    return { text: 'done' };
  }
  protected cancelUtterance(): void {}
}

test('a vendor that cannot decode on request answers with its last partial, after the audio before the ask', async () => {
  const stream = new PartialsOnly();
  assert.equal(await stream.hypothesis(), null, 'no utterance is open');
  stream.pushAudio(Buffer.alloc(320));
  stream.pushAudio(Buffer.alloc(320));
  const asked = stream.hypothesis();
  stream.pushAudio(Buffer.alloc(320));
  assert.deepEqual(await asked, { text: '640 bytes', language: 'en-GB', current: false });
  const later = stream.hypothesis();
  stream.close();
  assert.equal(await later, null, 'closing answers what is still asked');
});

/** A vendor double that decodes on request, and fails its second utterance. */
class Decoding extends BaseSTTStream {
  private heard = 0;
  private count = 0;
  constructor() {
    super('en-US');
  }
  protected async beginUtterance(): Promise<void> {
    this.count++;
    this.heard = 0;
    if (this.count === 2) throw new VoiceError('stt_unavailable', 'broken');
  }
  protected writeAudio(pcm: Buffer): void {
    this.heard += pcm.length;
  }
  protected override currentHypothesis(): Promise<{ text: string; confidence: number }> {
    return Promise.resolve({ text: `heard ${this.heard}`, confidence: 0.75 });
  }
  protected async endUtterance(): Promise<UtteranceResult> {
    return { text: 'done' };
  }
  protected cancelUtterance(): void {}
}

test('a vendor that decodes on request answers over the audio before the ask; a failed utterance gives null', async () => {
  const stream = new Decoding();
  const reading = (async () => {
    for await (const e of stream) void e;
  })();
  stream.pushAudio(Buffer.alloc(640));
  const asked = stream.hypothesis();
  stream.pushAudio(Buffer.alloc(640));
  assert.deepEqual(await asked, {
    text: 'heard 640',
    language: 'en-US',
    current: true,
    confidence: 0.75,
  });
  stream.flush();
  stream.pushAudio(Buffer.alloc(640));
  assert.equal(await stream.hypothesis(), null, 'the second utterance failed to begin');
  stream.flush();
  stream.endInput();
  await reading;
});
