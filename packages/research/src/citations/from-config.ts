import type { ResearchConfig } from '../config.ts';
import type { CitationLogger, CitationProvider } from './types.ts';
import { OpenAlexProvider } from './openalex.ts';
import { SemanticScholarProvider } from './semantic-scholar.ts';
import { CombinedCitationProvider } from './combined.ts';

/** The citation provider the configuration asks for; null when none is configured (no network). */
export function citationProviderFromConfig(
  settings: ResearchConfig['citations'],
  logger?: CitationLogger,
): CitationProvider | null {
  const openalex = () =>
    new OpenAlexProvider({
      ...(settings.openalexMailto ? { mailto: settings.openalexMailto } : {}),
      ...(settings.openalexBaseUrl ? { baseUrl: settings.openalexBaseUrl } : {}),
      ...(logger ? { logger } : {}),
    });
  const semanticScholar = () =>
    new SemanticScholarProvider({
      ...(settings.semanticScholarApiKey ? { apiKey: settings.semanticScholarApiKey } : {}),
      ...(settings.semanticScholarBaseUrl ? { baseUrl: settings.semanticScholarBaseUrl } : {}),
      ...(logger ? { logger } : {}),
    });
  switch (settings.provider) {
    case 'none':
      return null;
    case 'openalex':
      return openalex();
    case 'semantic_scholar':
      return semanticScholar();
    case 'both':
      return new CombinedCitationProvider([openalex(), semanticScholar()]);
  }
}
