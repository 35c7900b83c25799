export { loadConfig, type ResearchConfig } from './config.ts';
export { createService, type ResearchService } from './service.ts';
