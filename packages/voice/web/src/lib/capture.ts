/** Served from `public/`, so it is a file of our own origin (the page's CSP allows only that). */
const WORKLET_URL = '/capture-worklet.js';

export interface CaptureFrame {
  /** 20 ms of PCM16LE mono at 16 kHz (640 bytes). */
  pcm: ArrayBuffer;
  /** RMS of the frame, 0..1. */
  level: number;
}

export interface Capture {
  /** The device's sample rate before resampling. */
  readonly inputRate: number;
  stop(): void;
}

/**
 * Opens the microphone with the browser's echo cancellation, noise suppression and gain
 * control, and delivers 16 kHz PCM16 frames from an AudioWorklet (off the main thread).
 */
export async function startCapture(
  context: AudioContext,
  onFrame: (frame: CaptureFrame) => void,
): Promise<Capture> {
  const stream = await navigator.mediaDevices.getUserMedia({
    audio: {
      channelCount: 1,
      echoCancellation: true,
      noiseSuppression: true,
      autoGainControl: true,
    },
  });
  try {
    await context.audioWorklet.addModule(WORKLET_URL);
  } catch (err) {
    for (const track of stream.getTracks()) track.stop();
    throw err;
  }
  const source = context.createMediaStreamSource(stream);
  const node = new AudioWorkletNode(context, 'capture-processor', {
    numberOfInputs: 1,
    numberOfOutputs: 1,
    outputChannelCount: [1],
    channelCount: 1,
    channelCountMode: 'explicit',
  });
  // The worklet outputs silence; linking it to the destination keeps the graph pulling it
  // in every browser, and the zero gain keeps the microphone out of the speakers.
  const mute = new GainNode(context, { gain: 0 });
  node.port.onmessage = (event: MessageEvent<CaptureFrame>) => onFrame(event.data);
  source.connect(node).connect(mute).connect(context.destination);
  return {
    inputRate: context.sampleRate,
    stop() {
      node.port.postMessage({ type: 'stop' });
      node.port.onmessage = null;
      source.disconnect();
      node.disconnect();
      mute.disconnect();
      for (const track of stream.getTracks()) track.stop();
    },
  };
}
