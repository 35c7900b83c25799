import { existsSync } from 'node:fs';
import { join } from 'node:path';
import koffi from 'koffi';
import { VoiceError } from '../../errors.ts';
import type { HeardWord } from './stt.ts';

/** Where Debian's `pocketsphinx-en-us` puts the US English model. */
export const DEFAULT_POCKETSPHINX_MODEL_DIR = '/usr/share/pocketsphinx/model/en-us';

/** Model files and decoder flags of a PocketSphinx decoder. */
export interface PocketSphinxModelConfig {
  /** Directory with `en-us/` (acoustic model), `en-us.lm.bin` and `cmudict-en-us.dict`. */
  modelDir?: string;
  /** Overrides: acoustic model dir, language model, dictionary. */
  hmm?: string;
  lm?: string;
  dict?: string;
  /** Further decoder flags, e.g. `{ '-beam': '1e-60' }`. */
  flags?: Record<string, string>;
  /** Shared library names tried in order. */
  libraries?: { pocketsphinx: string[]; sphinxbase: string[] };
}

// The 5prealpha C API that Debian 12 ships (libpocketsphinx.so.3 + libsphinxbase.so.3).
interface Bindings {
  psArgs: () => unknown;
  cmdLnParse: (inout: null, defn: unknown, argc: number, argv: string[], strict: number) => unknown;
  cmdLnFree: (config: unknown) => number;
  psInit: (config: unknown) => unknown;
  psFree: (ps: unknown) => number;
  psStartUtt: (ps: unknown) => number;
  psProcessRaw: (
    ps: unknown,
    data: Int16Array,
    n: number,
    noSearch: number,
    fullUtt: number,
  ) => number;
  psEndUtt: (ps: unknown) => number;
  psGetHyp: (ps: unknown, score: number[]) => string | null;
  psGetLattice: (ps: unknown) => unknown;
  psGetLm: (ps: unknown, name: string) => unknown;
  psGetLogmath: (ps: unknown) => unknown;
  latticeBestpath: (dag: unknown, lmset: unknown, lwf: number, ascale: number) => unknown;
  latticePosterior: (dag: unknown, lmset: unknown, ascale: number) => number;
  latticeSegIter: (dag: unknown, link: unknown, lwf: number) => unknown;
  segNext: (seg: unknown) => unknown;
  segWord: (seg: unknown) => string | null;
  segProb: (seg: unknown, ascr: number[], lscr: number[], lback: number[]) => number;
  segFree: (seg: unknown) => void;
  segFrames: (seg: unknown, sf: number[], ef: number[]) => void;
  logmathExp: (lmath: unknown, logb: number) => number;
  cmdLnFloat: (config: unknown, name: string) => number;
}

let bindings: Bindings | undefined;

function loadFirst(names: string[]): ReturnType<typeof koffi.load> {
  const errors: string[] = [];
  for (const name of names) {
    try {
      return koffi.load(name);
    } catch (err) {
      errors.push(`${name}: ${(err as Error).message}`);
    }
  }
  throw new VoiceError(
    'stt_unavailable',
    `PocketSphinx is not installed (apt-get install pocketsphinx pocketsphinx-en-us): ${errors.join('; ')}`,
  );
}

function bind(libraries: NonNullable<PocketSphinxModelConfig['libraries']>): Bindings {
  if (bindings) return bindings;
  const sb = loadFirst(libraries.sphinxbase);
  const ps = loadFirst(libraries.pocketsphinx);
  bindings = {
    psArgs: ps.func('void *ps_args(void)'),
    cmdLnParse: sb.func(
      'void *cmd_ln_parse_r(void *inout, void *defn, int argc, const char **argv, int strict)',
    ),
    cmdLnFree: sb.func('int cmd_ln_free_r(void *config)'),
    psInit: ps.func('void *ps_init(void *config)'),
    psFree: ps.func('int ps_free(void *ps)'),
    psStartUtt: ps.func('int ps_start_utt(void *ps)'),
    psProcessRaw: ps.func(
      'int ps_process_raw(void *ps, const int16_t *data, size_t n, int no_search, int full_utt)',
    ),
    psEndUtt: ps.func('int ps_end_utt(void *ps)'),
    psGetHyp: ps.func('const char *ps_get_hyp(void *ps, _Out_ int32_t *score)'),
    psGetLattice: ps.func('void *ps_get_lattice(void *ps)'),
    psGetLm: ps.func('void *ps_get_lm(void *ps, const char *name)'),
    psGetLogmath: ps.func('void *ps_get_logmath(void *ps)'),
    latticeBestpath: ps.func(
      'void *ps_lattice_bestpath(void *dag, void *lmset, float lwf, float ascale)',
    ),
    latticePosterior: ps.func('int32_t ps_lattice_posterior(void *dag, void *lmset, float ascale)'),
    latticeSegIter: ps.func('void *ps_lattice_seg_iter(void *dag, void *link, float lwf)'),
    segNext: ps.func('void *ps_seg_next(void *seg)'),
    segWord: ps.func('const char *ps_seg_word(void *seg)'),
    segProb: ps.func(
      'int32_t ps_seg_prob(void *seg, _Out_ int32_t *ascr, _Out_ int32_t *lscr, _Out_ int32_t *lback)',
    ),
    segFree: ps.func('void ps_seg_free(void *seg)'),
    segFrames: ps.func('void ps_seg_frames(void *seg, _Out_ int *sf, _Out_ int *ef)'),
    logmathExp: sb.func('double logmath_exp(void *lmath, int logb_p)'),
    cmdLnFloat: sb.func('double cmd_ln_float_r(void *config, const char *name)'),
  };
  return bindings;
}

/**
 * One PocketSphinx decoder through the C library. Every call is synchronous and CPU-bound
 * (loading takes ~0.3 s, decoding ~0.15 s per second of audio), so it lives in a worker thread.
 */
export class PocketSphinxDecoder {
  private readonly lib: Bindings;
  private ps: unknown;
  private config: unknown;
  private inUtterance = false;

  constructor(options: PocketSphinxModelConfig = {}) {
    const modelDir = options.modelDir ?? DEFAULT_POCKETSPHINX_MODEL_DIR;
    const files = {
      '-hmm': options.hmm ?? join(modelDir, 'en-us'),
      '-lm': options.lm ?? join(modelDir, 'en-us.lm.bin'),
      '-dict': options.dict ?? join(modelDir, 'cmudict-en-us.dict'),
    };
    for (const path of Object.values(files)) {
      if (!existsSync(path)) {
        throw new VoiceError(
          'stt_unavailable',
          `PocketSphinx model file missing: ${path} (apt-get install pocketsphinx-en-us)`,
        );
      }
    }
    this.lib = bind(
      options.libraries ?? {
        pocketsphinx: ['libpocketsphinx.so.3'],
        sphinxbase: ['libsphinxbase.so.3'],
      },
    );
    const flags: Record<string, string> = { ...files, '-logfn': '/dev/null', ...options.flags };
    const argv = Object.entries(flags).flat();
    this.config = this.lib.cmdLnParse(null, this.lib.psArgs(), argv.length, argv, 1);
    if (!this.config)
      throw new VoiceError('stt_unavailable', `PocketSphinx rejected its flags: ${argv.join(' ')}`);
    this.ps = this.lib.psInit(this.config);
    if (!this.ps)
      throw new VoiceError('stt_unavailable', 'PocketSphinx decoder failed to initialise');
  }

  /** Starts a new utterance (ending one that is still open). */
  start(): void {
    if (this.inUtterance) this.lib.psEndUtt(this.ps);
    if (this.lib.psStartUtt(this.ps) < 0)
      throw new VoiceError('stt_unavailable', 'ps_start_utt failed');
    this.inUtterance = true;
  }

  /** Decodes 16 kHz samples of the open utterance. */
  process(samples: Int16Array): void {
    if (!this.inUtterance) throw new Error('no utterance is open');
    if (samples.length === 0) return;
    if (this.lib.psProcessRaw(this.ps, samples, samples.length, 0, 0) < 0) {
      throw new VoiceError('stt_unavailable', 'ps_process_raw failed');
    }
  }

  /** The best hypothesis so far ('' when none). */
  hypothesis(): string {
    return this.lib.psGetHyp(this.ps, [0]) ?? '';
  }

  /**
   * How sure the decoder is of the last word heard so far: its posterior probability (0–1) on
   * the word lattice of the audio decoded so far, as PocketSphinx computes it for a final
   * result, but mid-utterance. Null when no lattice can be built yet. Noise at the end of
   * speech decoded into a word ("subscription to" → "subscription ten") gets a low one.
   */
  lastWordPosterior(): number | null {
    return this.words()?.at(-1)?.confidence ?? null;
  }

  /**
   * The words of the best path through the lattice of the audio decoded so far, each with its
   * posterior probability (0–1) as its confidence, as PocketSphinx computes them for a final
   * result, but mid-utterance; fillers (<s>, <sil>, [NOISE]) are left out. Their times count back from the
   * end of the decoded audio (the path's last frame; the search trails the audio pushed by its
   * look-ahead, about 90 ms), because the lattice numbers frames from the decoder's creation,
   * not the utterance's start. Null when no lattice can be built yet.
   */
  words(): HeardWord[] | null {
    if (!this.inUtterance) return null;
    const lib = this.lib;
    const dag = lib.psGetLattice(this.ps);
    if (!dag) return null;
    // The weights PocketSphinx's own best-path search uses (ngram_search.c).
    const lwf = lib.cmdLnFloat(this.config, '-bestpathlw') / lib.cmdLnFloat(this.config, '-lw');
    const ascale = 1 / lib.cmdLnFloat(this.config, '-ascale');
    const lm = lib.psGetLm(this.ps, '_default');
    const link = lib.latticeBestpath(dag, lm, lwf, ascale);
    if (!link) return null;
    lib.latticePosterior(dag, lm, ascale);
    const logmath = lib.psGetLogmath(this.ps);
    const words: { text: string; confidence: number; sf: number; ef: number }[] = [];
    let lastFrame = 0;
    // The lattice and its links belong to the decoder; the iterator frees itself at its end.
    for (let seg = lib.latticeSegIter(dag, link, lwf); seg; seg = lib.segNext(seg)) {
      const sf = [0];
      const ef = [0];
      lib.segFrames(seg, sf, ef);
      lastFrame = Math.max(lastFrame, ef[0]!);
      const word = lib.segWord(seg) ?? '';
      if (word === '' || /^[<[+]/.test(word)) continue; // <s>, </s>, <sil>, [NOISE]
      const posterior = lib.logmathExp(logmath, lib.segProb(seg, [0], [0], [0]));
      words.push({
        text: word.replace(/\(\d+\)$/, ''), // "the(2)": the dictionary's second pronunciation
        confidence: Math.min(1, Math.max(0, posterior)),
        sf: sf[0]!,
        ef: ef[0]!,
      });
    }
    return words.map(({ sf, ef, ...w }) => ({
      ...w,
      startAgoMs: (lastFrame + 1 - sf) * 10,
      endAgoMs: (lastFrame - ef) * 10,
    }));
  }

  /** Ends the utterance and returns its final text. */
  end(): string {
    if (!this.inUtterance) return '';
    this.inUtterance = false;
    if (this.lib.psEndUtt(this.ps) < 0)
      throw new VoiceError('stt_unavailable', 'ps_end_utt failed');
    return this.hypothesis();
  }

  /** Frees the decoder. */
  free(): void {
    if (this.ps) this.lib.psFree(this.ps);
    if (this.config) this.lib.cmdLnFree(this.config);
    this.ps = this.config = undefined;
  }
}
