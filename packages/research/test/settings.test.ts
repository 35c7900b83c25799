import { settingsConformance } from '@hikma/service-kit/testing';
import { loadConfig, researchSettings } from '../src/config.ts';

const machine = { cores: 2, freeMemoryBytes: 8 * 1024 ** 3 };

settingsConformance({
  title: 'Research service settings',
  settings: researchSettings(),
  readmeUrl: new URL('../README.md', import.meta.url),
  envExampleUrl: new URL('../.env.example', import.meta.url),
  mustName: [
    'RESEARCH_RUN_TOKEN_BUDGET',
    'RESEARCH_PAPER_MAX_PAGES',
    'RESEARCH_CITATIONS',
    'RESEARCH_OPENALEX_MAILTO',
    'RESEARCH_SEMANTIC_SCHOLAR_API_KEY',
    'LOG_FORMAT',
    'OTEL_EXPORTER_OTLP_ENDPOINT',
  ],
  configFrom: (env) => loadConfig(env, machine),
});
