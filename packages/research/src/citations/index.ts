// Citations from real sources: scholarly search APIs and the user's own stored references.
export type { CitationLogger, CitationProvider, CitationSearchOptions } from './types.ts';
export {
  HttpCitationProvider,
  parseRetryAfter,
  type HttpProviderOptions,
  type SearchOutcome,
} from './http-provider.ts';
export { OpenAlexProvider, OPENALEX_BASE_URL, type OpenAlexOptions } from './openalex.ts';
export {
  SemanticScholarProvider,
  SEMANTIC_SCHOLAR_BASE_URL,
  type SemanticScholarOptions,
} from './semantic-scholar.ts';
export { CombinedCitationProvider } from './combined.ts';
export { CircuitBreaker, type CircuitBreakerOptions } from './circuit-breaker.ts';
export { assignKeys, citationKey } from './keys.ts';
export { mergeReferences, referenceDoi } from './merge.ts';
export { citationsFromMemories } from './memories.ts';
export { assertCitationsExist, bibKeys, citedKeys } from './check.ts';
