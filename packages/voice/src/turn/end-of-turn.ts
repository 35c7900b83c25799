// The semantic end-of-turn model: logistic regression over hashed features of the transcript
// (see features.ts), small enough to run as plain code in microseconds. Trained by
// training/train.ts on training/dataset/; the weights ship as end-of-turn-en.json.

import { readFileSync } from 'node:fs';
import { featureRows, FEATURE_SET } from './features.ts';
import { normalizeTranscript } from './normalize.ts';

export const END_OF_TURN_SCHEMA = 'hikma.end-of-turn';
/** Bumped when the file's layout changes; a file of another version is refused. */
export const END_OF_TURN_SCHEMA_VERSION = 1;
/** The model shipped with the package (English). */
export const DEFAULT_END_OF_TURN_MODEL = new URL('./end-of-turn-en.json', import.meta.url);

/** What a transcript with no English words to read gets: no evidence either way. */
export const NO_EVIDENCE_PROBABILITY = 0.5;

/** The model file: weights as base64 little-endian arrays, quantised to int16. */
export interface EndOfTurnModelFile {
  schema: typeof END_OF_TURN_SCHEMA;
  version: number;
  language: string;
  /** The feature set the weights belong to (features.ts `FEATURE_SET`). */
  features: string;
  /** The weight table has `2^bits` rows; only the non-zero ones are stored. */
  bits: number;
  rows: number;
  /** Multiply an int16 weight by this to get the weight. */
  scale: number;
  /** Row numbers, uint32. */
  keys: string;
  /** Weights of those rows, int16. */
  weights: string;
  training: {
    sourceSha256: string;
    examples: number;
    seed: number;
    epochs: number;
    learningRate: number;
    l2: number;
  };
}

/** Thrown when a model file cannot be used; `code` says why. */
export class EndOfTurnModelError extends Error {
  constructor(
    readonly code: 'unsupported_version' | 'invalid_model',
    message: string,
  ) {
    super(message);
    this.name = 'EndOfTurnModelError';
  }
}

function bytes(base64: string): Uint8Array {
  // A fresh copy is aligned for typed views of any width.
  return new Uint8Array(Buffer.from(base64, 'base64'));
}

function invalid(message: string): never {
  throw new EndOfTurnModelError('invalid_model', message);
}

const cache = new Map<string, EndOfTurnModel>();

/** Gives the probability that the user has finished their turn, from the transcript so far. */
export class EndOfTurnModel {
  private constructor(
    readonly language: string,
    private readonly bits: number,
    private readonly table: Float32Array,
  ) {}

  /** Loads (once per process and path) the shipped model, or the file at `path`. */
  static load(path: string | URL = DEFAULT_END_OF_TURN_MODEL): EndOfTurnModel {
    const key = String(path);
    let model = cache.get(key);
    if (!model) {
      model = EndOfTurnModel.fromJSON(JSON.parse(readFileSync(path, 'utf8')) as unknown);
      cache.set(key, model);
    }
    return model;
  }

  /** Builds a model from a parsed model file; refuses other schema versions and bad shapes. */
  static fromJSON(file: unknown): EndOfTurnModel {
    const f = file as Partial<EndOfTurnModelFile> | null;
    if (!f || typeof f !== 'object' || f.schema !== END_OF_TURN_SCHEMA) {
      invalid(`not an end-of-turn model (schema ${JSON.stringify(f?.schema)})`);
    }
    if (f.version !== END_OF_TURN_SCHEMA_VERSION) {
      throw new EndOfTurnModelError(
        'unsupported_version',
        `end-of-turn model version ${JSON.stringify(f.version)} is not supported (this code reads version ${END_OF_TURN_SCHEMA_VERSION}); retrain with npm run train:end-of-turn`,
      );
    }
    if (f.features !== FEATURE_SET) {
      invalid(`model was trained on features ${f.features}, this code computes ${FEATURE_SET}`);
    }
    const { bits, rows, scale } = f;
    if (!Number.isInteger(bits) || bits! < 8 || bits! > 24) invalid(`bad bits ${bits}`);
    if (!Number.isInteger(rows) || typeof scale !== 'number' || !(scale > 0)) {
      invalid('bad rows or scale');
    }
    const keyBytes = bytes(f.keys ?? '');
    const weightBytes = bytes(f.weights ?? '');
    if (keyBytes.length !== rows! * 4 || weightBytes.length !== rows! * 2) {
      invalid('keys and weights do not match the row count');
    }
    const keys = new Uint32Array(keyBytes.buffer, 0, rows);
    const weights = new Int16Array(weightBytes.buffer, 0, rows);
    const size = 2 ** bits!;
    const table = new Float32Array(size);
    for (let i = 0; i < rows!; i++) {
      if (keys[i]! >= size) invalid(`row ${keys[i]} outside a table of ${size}`);
      table[keys[i]!] = weights[i]! * scale;
    }
    return new EndOfTurnModel(f.language ?? 'en', bits!, table);
  }

  /** Probability (0–1) that a transcript so far is a finished turn; punctuation and case are ignored. */
  probabilityFinished(transcript: string): number {
    return this.probabilityOfWords(normalizeTranscript(transcript));
  }

  /** The same for words already normalised (normalize.ts). */
  probabilityOfWords(words: readonly string[]): number {
    if (!words.some((w) => /[a-z]/.test(w))) return NO_EVIDENCE_PROBABILITY;
    let z = 0;
    for (const row of featureRows(words, this.bits)) z += this.table[row]!;
    return 1 / (1 + Math.exp(-z));
  }
}

/** Loads the shipped English end-of-turn model (cached). */
export function loadEndOfTurnModel(path?: string | URL): EndOfTurnModel {
  return EndOfTurnModel.load(path);
}
