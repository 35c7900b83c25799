import { OUTPUT_SAMPLE_RATE } from '@hikma/voice-client';

interface Scheduled {
  node: AudioBufferSourceNode;
  streamId: number;
  end: number;
}

/**
 * Plays the service's 24 kHz PCM16 frames gaplessly, each as an AudioBufferSourceNode
 * scheduled right after the previous one (the browser resamples to the device rate).
 * Playback starts `jitterMs` after the first frame of a run, so a late frame does not
 * leave a gap; when the queue runs dry the next frame starts a new run with the same delay.
 */
export class Playback {
  private readonly scheduled = new Set<Scheduled>();
  private readonly cancelled = new Set<number>();
  private nextStart = 0;

  constructor(
    private readonly context: AudioContext,
    private readonly jitterMs = 100,
    private readonly onIdle: () => void = () => {},
  ) {}

  /** Queues a frame; frames of a stream dropped earlier are ignored (late frames after a cancel). */
  enqueue(streamId: number, pcm: Int16Array): boolean {
    if (this.cancelled.has(streamId) || pcm.length === 0) return false;
    const buffer = this.context.createBuffer(1, pcm.length, OUTPUT_SAMPLE_RATE);
    const samples = new Float32Array(pcm.length);
    for (let i = 0; i < pcm.length; i++) samples[i] = pcm[i]! / 0x8000;
    buffer.copyToChannel(samples, 0);
    const node = new AudioBufferSourceNode(this.context, { buffer });
    node.connect(this.context.destination);
    const now = this.context.currentTime;
    if (this.nextStart < now + 0.005) this.nextStart = now + this.jitterMs / 1000;
    const entry: Scheduled = { node, streamId, end: this.nextStart + buffer.duration };
    node.start(this.nextStart);
    this.nextStart = entry.end;
    this.scheduled.add(entry);
    node.onended = () => {
      this.scheduled.delete(entry);
      if (this.scheduled.size === 0) this.onIdle();
    };
    return true;
  }

  /** Stops a stream at once (barge-in, cancelled response) and ignores its late frames. */
  drop(streamId: number): void {
    this.cancelled.add(streamId);
    for (const entry of this.scheduled) {
      if (entry.streamId !== streamId) continue;
      entry.node.onended = null;
      entry.node.stop();
      entry.node.disconnect();
      this.scheduled.delete(entry);
    }
    let last = 0;
    for (const entry of this.scheduled) last = Math.max(last, entry.end);
    this.nextStart = last;
    if (this.scheduled.size === 0) this.onIdle();
  }

  /** Stops everything that is queued. */
  dropAll(): void {
    for (const id of new Set([...this.scheduled].map((e) => e.streamId))) this.drop(id);
  }

  /** Audio queued but not yet heard, in milliseconds. */
  bufferedMs(): number {
    return Math.max(0, (this.nextStart - this.context.currentTime) * 1000);
  }

  get playing(): boolean {
    return this.scheduled.size > 0;
  }
}
