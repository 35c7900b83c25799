import { z } from 'zod';
import type { Reference } from '../domain/artefacts.ts';
import {
  cleanText,
  doiUrl,
  HttpCitationProvider,
  type HttpProviderOptions,
} from './http-provider.ts';

export const SEMANTIC_SCHOLAR_BASE_URL = 'https://api.semanticscholar.org/graph/v1';

export interface SemanticScholarOptions extends HttpProviderOptions {
  /** Sent as `x-api-key`; without one the shared (heavily rate-limited) pool is used. */
  apiKey?: string;
}

const Paper = z.object({
  title: z.string().nullish(),
  year: z.number().int().nullish(),
  authors: z.array(z.object({ name: z.string().nullish() })).nullish(),
  venue: z.string().nullish(),
  externalIds: z.record(z.string(), z.unknown()).nullish(),
  url: z.string().nullish(),
});
// With no match the API sends {"total": 0, "offset": 0} and no `data`.
const Search = z.object({ total: z.number().optional(), data: z.array(z.unknown()).optional() });

const FIELDS = 'title,year,authors,venue,externalIds,url';

/** Semantic Scholar Graph API paper search (`GET /paper/search?query=...`). */
export class SemanticScholarProvider extends HttpCitationProvider {
  readonly name = 'semantic_scholar';
  private readonly apiKey: string | undefined;

  constructor(options: SemanticScholarOptions = {}) {
    super(SEMANTIC_SCHOLAR_BASE_URL, options);
    this.apiKey = options.apiKey;
  }

  protected requestUrl(query: string, limit: number): URL {
    const url = new URL(`${this.baseUrl}/paper/search`);
    url.searchParams.set('query', query);
    url.searchParams.set('limit', String(limit));
    url.searchParams.set('fields', FIELDS);
    return url;
  }

  protected override requestHeaders(): Record<string, string> {
    return this.apiKey ? { 'x-api-key': this.apiKey } : {};
  }

  protected parse(body: unknown): Omit<Reference, 'key'>[] | null {
    const search = Search.safeParse(body);
    if (!search.success || (search.data.data === undefined && search.data.total === undefined)) {
      return null;
    }
    return (search.data.data ?? []).flatMap((item) => {
      const paper = Paper.safeParse(item);
      if (!paper.success) return [];
      const p = paper.data;
      const title = cleanText(p.title);
      if (title === '') return [];
      const venue = cleanText(p.venue);
      const doi = p.externalIds?.DOI;
      return [
        {
          title,
          authors: (p.authors ?? []).map((a) => cleanText(a.name)).filter((a) => a !== ''),
          year: p.year ?? null,
          venue: venue === '' ? null : venue,
          url:
            doiUrl(typeof doi === 'string' ? doi : null) ??
            (p.url && /^https?:\/\//.test(p.url) ? p.url : null),
        },
      ];
    });
  }
}
