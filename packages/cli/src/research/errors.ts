import { ResearchApiError } from '@hikma/research-client';
import { CliError, EXIT } from '../errors.ts';

/** The client's failure as the terminal reports it: what happened, what to do, an exit code. */
export function researchFailure(err: unknown, url: string): unknown {
  if (!(err instanceof ResearchApiError)) return err;
  if (err.code === 'network_error') {
    return new CliError(
      'unreachable',
      `${err.detail} (is it running? npm run research; or give its address with --url or HIKMA_RESEARCH_URL)`,
      EXIT.unreachable,
    );
  }
  if (err.code === 'aborted') return new CliError('aborted', err.detail, EXIT.failure);
  const where = `the research service at ${url}`;
  if (err.status >= 400 && err.status < 500) {
    return new CliError(err.code, `${where} answered ${err.status}: ${err.detail}`, EXIT.usage);
  }
  return new CliError(err.code, `${where} failed (${err.status}): ${err.detail}`, EXIT.service);
}
