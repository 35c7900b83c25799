import { z } from 'zod';
import type { Reference } from '../domain/artefacts.ts';
import {
  cleanText,
  doiUrl,
  HttpCitationProvider,
  type HttpProviderOptions,
} from './http-provider.ts';

export const OPENALEX_BASE_URL = 'https://api.openalex.org';

export interface OpenAlexOptions extends HttpProviderOptions {
  /** An e-mail address for OpenAlex's "polite pool" (faster, more reliable service). */
  mailto?: string;
}

const Work = z.object({
  id: z.string().nullish(),
  doi: z.string().nullish(),
  display_name: z.string().nullish(),
  publication_year: z.number().int().nullish(),
  authorships: z
    .array(z.object({ author: z.object({ display_name: z.string().nullish() }).nullish() }))
    .nullish(),
  primary_location: z
    .object({ source: z.object({ display_name: z.string().nullish() }).nullish() })
    .nullish(),
});
const Works = z.object({ results: z.array(z.unknown()) });

/** The fields a search asks for: less to download and parse. */
const SELECT = 'id,doi,display_name,publication_year,authorships,primary_location';

/** OpenAlex works search (`GET /works?search=...`). */
export class OpenAlexProvider extends HttpCitationProvider {
  readonly name = 'openalex';
  private readonly mailto: string | undefined;

  constructor(options: OpenAlexOptions = {}) {
    super(OPENALEX_BASE_URL, options);
    this.mailto = options.mailto;
  }

  protected requestUrl(query: string, limit: number): URL {
    const url = new URL(`${this.baseUrl}/works`);
    url.searchParams.set('search', query);
    url.searchParams.set('per-page', String(limit));
    url.searchParams.set('select', SELECT);
    if (this.mailto) url.searchParams.set('mailto', this.mailto);
    return url;
  }

  protected parse(body: unknown): Omit<Reference, 'key'>[] | null {
    const works = Works.safeParse(body);
    if (!works.success) return null;
    return works.data.results.flatMap((item) => {
      const work = Work.safeParse(item);
      if (!work.success) return [];
      const w = work.data;
      const title = cleanText(w.display_name);
      if (title === '') return [];
      const venue = cleanText(w.primary_location?.source?.display_name);
      return [
        {
          title,
          authors: (w.authorships ?? [])
            .map((a) => cleanText(a.author?.display_name))
            .filter((a) => a !== ''),
          year: w.publication_year ?? null,
          venue: venue === '' ? null : venue,
          url: doiUrl(w.doi) ?? (w.id && /^https?:\/\//.test(w.id) ? w.id : null),
        },
      ];
    });
  }
}
