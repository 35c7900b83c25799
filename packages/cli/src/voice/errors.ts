import { VoiceClientError } from '@hikma/voice-client';
import { CliError, EXIT } from '../errors.ts';

/** The client's failure as the terminal reports it: what happened, what to do, an exit code. */
export function voiceFailure(err: unknown, url: string): unknown {
  if (!(err instanceof VoiceClientError)) return err;
  switch (err.code) {
    case 'invalid_api_key':
      return new CliError(
        err.code,
        `the voice service at ${url} refused the API key: ${err.message} (give one with --api-key or HIKMA_VOICE_API_KEY)`,
        EXIT.refused,
      );
    case 'token_rejected':
      return new CliError(err.code, err.message, EXIT.refused);
    case 'network_error':
      return new CliError(
        'unreachable',
        `${err.message} (is it running? npm run voice; or give its address with --url or HIKMA_VOICE_URL)`,
        EXIT.unreachable,
      );
    case 'invalid_options':
      return new CliError(err.code, err.message, EXIT.usage);
    default:
      return new CliError(err.code, err.message, EXIT.service);
  }
}
