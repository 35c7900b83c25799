/* global sampleRate, registerProcessor, AudioWorkletProcessor */
// Microphone capture for the voice console: the context's rate (usually 48 kHz) down to
// 16 kHz mono PCM16, posted to the page in 20 ms frames (640 bytes) with their RMS level.
//
// Resampling is a windowed-sinc (Kaiser) low-pass evaluated at each output instant, so it
// works for any input rate (48 kHz, 44.1 kHz, ...). The cutoff sits below the output
// Nyquist frequency so that what is above 8 kHz does not fold back into the speech band.

const OUT_RATE = 16000;
const FRAME_SAMPLES = 320; // 20 ms at 16 kHz
const CUTOFF_HZ = 0.44 * OUT_RATE; // 7040 Hz
const ZERO_CROSSINGS = 16; // per side of the kernel
const KAISER_BETA = 8;
const PHASES = 256; // sub-sample positions of the kernel table

function besselI0(x) {
  let sum = 1;
  let term = 1;
  for (let k = 1; k < 50; k++) {
    term *= (x / (2 * k)) ** 2;
    sum += term;
    if (term < 1e-12 * sum) break;
  }
  return sum;
}

/** Kernel taps for each of PHASES fractional offsets, normalised to unit DC gain. */
function kernelTable(inRate) {
  const fc = Math.min(CUTOFF_HZ, inRate / 2) / inRate; // cycles per input sample
  const half = Math.ceil(ZERO_CROSSINGS / (2 * fc)); // half-width, input samples
  const taps = 2 * half;
  const table = new Float32Array(PHASES * taps);
  const i0Beta = besselI0(KAISER_BETA);
  for (let p = 0; p < PHASES; p++) {
    const frac = p / PHASES;
    let sum = 0;
    for (let j = 0; j < taps; j++) {
      // Tap j multiplies input sample floor(t) - half + 1 + j; x is its distance from t.
      const x = j - half + 1 - frac;
      const u = x / half;
      const window = Math.abs(u) >= 1 ? 0 : besselI0(KAISER_BETA * Math.sqrt(1 - u * u)) / i0Beta;
      const arg = 2 * fc * x;
      const sinc = arg === 0 ? 1 : Math.sin(Math.PI * arg) / (Math.PI * arg);
      const h = 2 * fc * sinc * window;
      table[p * taps + j] = h;
      sum += h;
    }
    for (let j = 0; j < taps; j++) table[p * taps + j] /= sum;
  }
  return { table, half, taps };
}

class CaptureProcessor extends AudioWorkletProcessor {
  constructor() {
    super();
    const { table, half, taps } = kernelTable(sampleRate);
    this.table = table;
    this.half = half;
    this.taps = taps;
    this.step = sampleRate / OUT_RATE; // input samples per output sample
    // Input history; index 0 is absolute input sample `start`. It begins with `half` zeros
    // so the first outputs have the samples they need "before" the stream started.
    this.buf = new Float32Array(8192);
    this.start = -half;
    this.len = half;
    this.next = 0; // absolute input position of the next output sample
    this.frame = new Int16Array(FRAME_SAMPLES);
    this.filled = 0;
    this.energy = 0;
    this.stopped = false;
    this.port.onmessage = (event) => {
      if (event.data && event.data.type === 'stop') this.stopped = true;
    };
  }

  append(channels) {
    const n = channels[0].length;
    if (this.len + n > this.buf.length) {
      const bigger = new Float32Array(Math.max(this.buf.length * 2, this.len + n));
      bigger.set(this.buf.subarray(0, this.len));
      this.buf = bigger;
    }
    const scale = 1 / channels.length;
    for (let i = 0; i < n; i++) {
      let s = 0;
      for (let c = 0; c < channels.length; c++) s += channels[c][i];
      this.buf[this.len + i] = s * scale;
    }
    this.len += n;
  }

  emit(sample) {
    const clamped = Math.max(-1, Math.min(1, sample));
    this.frame[this.filled++] = clamped < 0 ? clamped * 0x8000 : clamped * 0x7fff;
    this.energy += clamped * clamped;
    if (this.filled === FRAME_SAMPLES) {
      const pcm = this.frame.buffer;
      const level = Math.sqrt(this.energy / FRAME_SAMPLES);
      this.port.postMessage({ pcm, level }, [pcm]);
      this.frame = new Int16Array(FRAME_SAMPLES);
      this.filled = 0;
      this.energy = 0;
    }
  }

  process(inputs) {
    if (this.stopped) return false;
    const channels = inputs[0];
    if (!channels || channels.length === 0) return true;
    this.append(channels);
    const { table, half, taps, buf } = this;
    const end = this.start + this.len; // first absolute index not yet received
    for (;;) {
      let base = Math.floor(this.next);
      let phase = Math.round((this.next - base) * PHASES);
      if (phase === PHASES) {
        phase = 0;
        base += 1;
      }
      if (base + half >= end) break;
      const row = phase * taps;
      const first = base - half + 1 - this.start;
      let acc = 0;
      for (let j = 0; j < taps; j++) acc += table[row + j] * buf[first + j];
      this.emit(acc);
      this.next += this.step;
    }
    // Keep only what the next outputs still need.
    const keepFrom = Math.floor(this.next) - half + 1 - this.start;
    if (keepFrom > 0) {
      buf.copyWithin(0, keepFrom, this.len);
      this.len -= keepFrom;
      this.start += keepFrom;
    }
    return true;
  }
}

registerProcessor('capture-processor', CaptureProcessor);
