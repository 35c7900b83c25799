// The package ships no types; this is the part of its Emscripten module we use.
declare module '@echogarden/rnnoise-wasm' {
  /** The RNNoise C API compiled to WebAssembly, with the Emscripten heap. */
  export interface RNNoiseModule {
    HEAPF32: Float32Array;
    _malloc(bytes: number): number;
    _free(pointer: number): void;
    _rnnoise_get_frame_size(): number;
    /** `model` 0 is the built-in model. */
    _rnnoise_create(model: number): number;
    _rnnoise_destroy(state: number): void;
    /** Denoises one frame (`in` to `out`, floats in the int16 range); returns the voice probability. */
    _rnnoise_process_frame(state: number, out: number, input: number): number;
  }
  const createRNNoise: (moduleArg?: Record<string, unknown>) => Promise<RNNoiseModule>;
  export default createRNNoise;
}
