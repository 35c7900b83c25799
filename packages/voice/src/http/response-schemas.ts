import { z } from 'zod';
import { ERROR_CODES, type VoiceErrorCode } from '../errors.ts';

/** What the HTTP routes answer with, for the OpenAPI document. */

export const SessionHandle = z.object({
  session_id: z.string(),
  ws_url: z.string().meta({
    description: '`ws://` or `wss://` address of the voice socket, path `/v1/voice`.',
  }),
  token: z.string().meta({ description: 'JWT (HS256) for the socket; valid 5 minutes.' }),
  expires_at: z.number().int().meta({ description: "The token's expiry, in Unix seconds." }),
});
export type SessionHandle = z.infer<typeof SessionHandle>;

export const IndexList = z.object({ indexes: z.array(z.string()) });
export type IndexList = z.infer<typeof IndexList>;

export const DocumentsAdded = z.object({
  index_name: z.string(),
  documents: z.number().int().min(0),
  passages: z.number().int().min(0),
});
export type DocumentsAdded = z.infer<typeof DocumentsAdded>;

export const Health = z.object({
  status: z.literal('ok'),
  sessions: z.number().int().min(0).meta({ description: 'Sessions on this instance.' }),
  providers: z
    .record(z.string(), z.unknown())
    .meta({ description: 'Readiness of each provider (speech, LLM, VAD, …).' }),
  cluster: z
    .record(z.string(), z.unknown())
    .optional()
    .meta({ description: 'The instances sharing limits through Redis, when configured.' }),
});
export type Health = z.infer<typeof Health>;

export const Ready = z.object({ status: z.literal('ready'), sessions: z.number().int().min(0) });
export type Ready = z.infer<typeof Ready>;

export const NotReady = z.object({
  status: z.enum(['draining', 'shared_state_unavailable']),
});
export type NotReady = z.infer<typeof NotReady>;

/** Every HTTP error: a stable code and a readable message. */
export const ErrorResponse = z.object({
  error: z.object({
    code: z.enum(Object.keys(ERROR_CODES) as [VoiceErrorCode, ...VoiceErrorCode[]]),
    message: z.string(),
  }),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;
