import type { z } from 'zod';
import { ClientMessage } from '../protocol/client-messages.ts';
import { ServerMessage } from '../protocol/server-messages.ts';

/** `session.update` → `SessionUpdate`; `input_audio.timeout_triggered` → `InputAudioTimeoutTriggered`. */
export function pascalCase(type: string): string {
  return type
    .split(/[._]/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
}

type MessageSchema = z.ZodObject<{ type: z.ZodLiteral<string> }>;

function byName(prefix: string, options: readonly MessageSchema[]): Record<string, MessageSchema> {
  return Object.fromEntries(
    options.map((schema) => [`${prefix}${pascalCase(schema.shape.type.value)}`, schema]),
  );
}

/**
 * The socket's messages under the names both documents give them: `ClientEvent<Type>` for each
 * message a client sends and `ServerEvent<Type>` for each the server sends, taken from the
 * protocol's unions, so a new message type is published without a list to update.
 */
export const CLIENT_EVENTS = byName(
  'ClientEvent',
  ClientMessage.options as readonly MessageSchema[],
);
export const SERVER_EVENTS = byName(
  'ServerEvent',
  ServerMessage.options as readonly MessageSchema[],
);

/** The `type` of each message schema, by component name. */
export function messageType(schema: MessageSchema): string {
  return schema.shape.type.value;
}
