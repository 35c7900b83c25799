import ort from 'onnxruntime-node';

/** Sample rate the VAD runs at. */
export const VAD_SAMPLE_RATE = 16000;
/** Samples per VAD window at 16 kHz (32 ms). */
export const VAD_FRAME_SAMPLES = 512;
/** Duration of one VAD window in milliseconds. */
export const VAD_FRAME_MS = (VAD_FRAME_SAMPLES / VAD_SAMPLE_RATE) * 1000;
/** Silero v5 sees the last 64 samples of the previous window in front of each new one. */
export const CONTEXT_SAMPLES = 64;
/** Floats of recurrent state per stream and layer; a stream keeps [2, 128]. */
export const STATE_SIZE = 128;
/** Floats of model input per window: the context, then the window. */
export const INPUT_SAMPLES = CONTEXT_SAMPLES + VAD_FRAME_SAMPLES;

/** One batched call: `input` is [batch, 576], `state` is [2, batch, 128]. */
export interface SileroBatch {
  batch: number;
  input: Float32Array;
  state: Float32Array;
}

/** What a batched call returns: a probability per window and the new state, [2, batch, 128]. */
export interface SileroOutput {
  output: Float32Array;
  stateN: Float32Array;
}

/** Opens the model with one intra-op thread (one call must not take every core). */
export function openSileroSession(
  modelPath: string,
  intraOpNumThreads = 1,
): Promise<ort.InferenceSession> {
  return ort.InferenceSession.create(modelPath, {
    intraOpNumThreads,
    interOpNumThreads: 1,
    executionProviders: ['cpu'],
  });
}

const SAMPLE_RATE_TENSOR = new ort.Tensor(
  'int64',
  BigInt64Array.from([BigInt(VAD_SAMPLE_RATE)]),
  [],
);

/** Runs one batch through the model (the same code on the main thread and in the worker). */
export async function runSilero(
  session: ort.InferenceSession,
  { batch, input, state }: SileroBatch,
): Promise<SileroOutput> {
  const result = await session.run({
    input: new ort.Tensor('float32', input, [batch, INPUT_SAMPLES]),
    state: new ort.Tensor('float32', state, [2, batch, STATE_SIZE]),
    sr: SAMPLE_RATE_TENSOR,
  });
  const output = result['output']?.data;
  const stateN = result['stateN']?.data;
  if (!(output instanceof Float32Array) || !(stateN instanceof Float32Array))
    throw new Error('unexpected Silero outputs');
  return { output, stateN };
}
