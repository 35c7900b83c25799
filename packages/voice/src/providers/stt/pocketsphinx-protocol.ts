import type { PocketSphinxModelConfig } from './pocketsphinx-ffi.ts';
import type { HeardWord } from './stt.ts';

/** Data a decoder worker starts with. */
export interface WorkerInit {
  model: PocketSphinxModelConfig;
  /** Audio between two partial hypotheses, in ms; 0 disables partials. */
  partialIntervalMs: number;
}

/** Messages to a decoder worker; `utt` numbers the utterance so stale replies can be dropped. */
export type ToWorker =
  | { type: 'start'; utt: number }
  | { type: 'audio'; utt: number; pcm: Uint8Array }
  /** The best hypothesis over the audio sent so far, now (answered with `hypothesis`). */
  | { type: 'hypothesis'; utt: number; id: number }
  | { type: 'end'; utt: number }
  | { type: 'cancel'; utt: number };

/** Messages from a decoder worker. */
export type FromWorker =
  | { type: 'ready'; loadMs: number }
  | { type: 'partial'; utt: number; text: string }
  | {
      type: 'hypothesis';
      utt: number;
      id: number;
      text: string;
      /**
       * The words of the lattice's best path; [] when no lattice could be built, null when
       * nothing was heard.
       */
      words: HeardWord[] | null;
    }
  | { type: 'final'; utt: number; text: string; audioMs: number; decodeMs: number }
  | { type: 'error'; utt: number | null; message: string; code: string };
