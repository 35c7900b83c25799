import type { Reference } from '../domain/artefacts.ts';

export interface CitationSearchOptions {
  /** Results wanted at most; providers clamp it to what their API allows. Default 5. */
  limit?: number;
  /** Aborting rejects the search with the signal's reason (it is not reported as "no results"). */
  signal?: AbortSignal;
}

/**
 * A source of real references. A search never invents one: on any failure it resolves to []
 * (and logs why); only cancellation rejects. Keys are BibTeX keys, unique within a result.
 */
export interface CitationProvider {
  readonly name: string;
  search(query: string, options?: CitationSearchOptions): Promise<Reference[]>;
}

/** The part of the service's logger the citation code uses (pino-compatible). */
export interface CitationLogger {
  warn(obj: object, msg?: string): void;
}

export const SILENT_LOGGER: CitationLogger = { warn: () => {} };
