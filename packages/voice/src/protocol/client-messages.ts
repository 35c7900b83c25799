import { z } from 'zod';
import { SessionConfigPatch } from './session-config.ts';

/** Every message a client may send as a text frame (spec §4, plus `response.create`). */
export const ClientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('session.update'), session: SessionConfigPatch }),
  z.object({ type: z.literal('input_audio.append'), audio: z.string().max(4 * 1024 * 1024) }),
  z.object({ type: z.literal('input_audio.commit') }),
  z.object({ type: z.literal('response.cancel') }),
  z.object({ type: z.literal('response.create') }),
  z.object({
    type: z.literal('tool.result'),
    call_id: z.string().min(1).max(200),
    output: z.string().max(1024 * 1024),
  }),
  z.object({
    type: z.literal('conversation.item.create'),
    item: z.object({
      role: z.enum(['user', 'assistant', 'system']),
      content: z.string().min(1).max(20_000),
    }),
  }),
]);
export type ClientMessage = z.infer<typeof ClientMessage>;
export type ClientMessageType = ClientMessage['type'];

const KNOWN_TYPES = new Set<string>(ClientMessage.options.map((o) => o.shape.type.value));

/** Parses a text frame: JSON, then the message schema. Returns the message or a readable problem. */
export function parseClientMessage(
  text: string,
): { ok: true; message: ClientMessage } | { ok: false; problem: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, problem: 'the message is not valid JSON' };
  }
  if (!json || typeof json !== 'object' || Array.isArray(json)) {
    return { ok: false, problem: 'the message must be a JSON object with a "type" field' };
  }
  const type = (json as { type?: unknown }).type;
  if (typeof type !== 'string') return { ok: false, problem: 'the message has no "type" string' };
  if (!KNOWN_TYPES.has(type))
    return { ok: false, problem: `unknown message type "${type.slice(0, 64)}"` };
  const parsed = ClientMessage.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length ? issue.path.join('.') : 'message';
    return { ok: false, problem: `${type}: ${where}: ${issue.message}` };
  }
  return { ok: true, message: parsed.data };
}
