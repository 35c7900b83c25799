// Worker threads do not inherit tsx's TypeScript loader, so the worker registers it itself
// before loading the inference loop.
import { register } from 'tsx/esm/api';

register();
await import('./silero-worker.ts');
