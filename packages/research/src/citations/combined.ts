import type { Reference } from '../domain/artefacts.ts';
import { mergeReferences } from './merge.ts';
import type { CitationProvider, CitationSearchOptions } from './types.ts';

/**
 * Searches several providers at once and merges their answers: results are interleaved by
 * rank (each provider's best first), duplicates (same DOI, or title and year) kept once.
 * A provider that fails contributes nothing; cancellation rejects.
 */
export class CombinedCitationProvider implements CitationProvider {
  readonly name: string;

  constructor(private readonly providers: readonly CitationProvider[]) {
    this.name = providers.map((p) => p.name).join('+') || 'none';
  }

  async search(query: string, options: CitationSearchOptions = {}): Promise<Reference[]> {
    const limit = options.limit ?? 5;
    const results = await Promise.all(this.providers.map((p) => p.search(query, options)));
    const interleaved: Reference[] = [];
    const longest = Math.max(0, ...results.map((r) => r.length));
    for (let i = 0; i < longest; i++) {
      for (const result of results) if (result[i] !== undefined) interleaved.push(result[i]!);
    }
    return mergeReferences([interleaved]).slice(0, limit);
  }
}
