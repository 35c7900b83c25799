import type { ChatMessage, ChatRequest, ToolSpec } from '../types.ts';
import { sentences } from '../text/sentences.ts';

/** What the offline provider decided to answer to a plain chat request. */
export type OfflineReply = { text: string } | { toolCall: { name: string; arguments: string } };

const STOP_WORDS = new Set(
  'the a an and or of to in on for at by with from is are was be this that it its get set use tool function returns return given'.split(
    ' ',
  ),
);
const ARGUMENT_LEAD =
  /\b(?:in|for|at|about|of|to|called|named|on)\s+(.+?)(?=\s+(?:in|for|at|about|of|to|called|named|on)\s|[.,;!?]|$)/gi;
const ARABIC = /[\u0600-\u06FF]/;

/**
 * Deterministic chat behaviour without a model:
 * - after a tool result, it reports what the tool returned;
 * - if a tool's name words (or two description words) occur in the user's last message, it
 *   calls that tool, filling arguments from the message (see `argumentsFor`);
 * - with retrieved passages in `context.passages`, it answers from the best one;
 * - otherwise it repeats what it heard, in Arabic when the message is Arabic.
 */
export function offlineChatReply(request: ChatRequest): OfflineReply {
  const last = request.messages.at(-1);
  if (last?.role === 'tool') return { text: describeToolResult(request.messages, last) };
  const userText = lastUserText(request.messages);
  if (last?.role === 'user' && request.tools?.length) {
    const tool = chooseTool(request.tools, userText);
    if (tool) {
      return {
        toolCall: {
          name: tool.function.name,
          arguments: JSON.stringify(argumentsFor(tool, userText)),
        },
      };
    }
  }
  const passages = request.context?.passages;
  if (Array.isArray(passages) && passages.length > 0) {
    const first = passages[0] as { text?: unknown; source?: unknown };
    const sentence = sentences(String(first.text ?? ''))[0] ?? '';
    const source = first.source ? ` (${String(first.source)})` : '';
    return { text: `From the knowledge base${source}: ${sentence}` };
  }
  if (!userText) return { text: 'Hello. How can I help?' };
  if (ARABIC.test(userText)) return { text: `سمعتك تقول: ${userText}` };
  return { text: `I heard you say: ${userText}.` };
}

function lastUserText(messages: ChatMessage[]): string {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (m?.role === 'user') return m.content.trim().replace(/[.!?]+$/, '');
  }
  return '';
}

function words(text: string): string[] {
  return text
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 2 && !STOP_WORDS.has(w));
}

/** Picks the tool whose name (weight 2) and description (weight 1) words best match the text. */
export function chooseTool(tools: ToolSpec[], text: string): ToolSpec | undefined {
  const said = new Set(words(text));
  let best: { tool: ToolSpec; score: number } | undefined;
  for (const tool of tools) {
    const nameWords = new Set(words(tool.function.name));
    const descWords = new Set(
      words(tool.function.description ?? '').filter((w) => !nameWords.has(w)),
    );
    let score = 0;
    for (const w of nameWords) if (said.has(w)) score += 2;
    for (const w of descWords) if (said.has(w)) score += 1;
    if (score >= 2 && (!best || score > best.score)) best = { tool, score };
  }
  return best?.tool;
}

/**
 * Fills a tool's parameters from the user's words: enums by the value mentioned, numbers by
 * the first number, booleans true, strings by the phrase after "in/for/about/…" (else the
 * whole message). Only required parameters and those with an obvious value are filled.
 */
export function argumentsFor(tool: ToolSpec, text: string): Record<string, unknown> {
  const params = tool.function.parameters ?? {};
  const properties = (params.properties ?? {}) as Record<string, Record<string, unknown>>;
  const required = new Set(Array.isArray(params.required) ? (params.required as string[]) : []);
  const enumWords = new Set(
    Object.values(properties).flatMap((p) =>
      Array.isArray(p.enum) ? p.enum.map((v) => String(v).toLowerCase()) : [],
    ),
  );
  const phrases = [...text.matchAll(ARGUMENT_LEAD)]
    .map((m) => (m[1] ?? '').trim())
    .filter((p) => p && !enumWords.has(p.toLowerCase()));
  const number = /-?\d+(?:\.\d+)?/.exec(text)?.[0];
  const out: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(properties)) {
    const type = schema.type;
    if (Array.isArray(schema.enum)) {
      const lower = text.toLowerCase();
      const hit = schema.enum.find((v) => lower.includes(String(v).toLowerCase()));
      if (hit !== undefined || required.has(name)) out[name] = hit ?? schema.enum[0];
    } else if (type === 'number' || type === 'integer') {
      if (number !== undefined)
        out[name] = type === 'integer' ? Math.round(Number(number)) : Number(number);
      else if (required.has(name)) out[name] = 0;
    } else if (type === 'boolean') {
      if (required.has(name)) out[name] = true;
    } else if (type === 'string' || type === undefined) {
      const phrase = phrases[0];
      if (phrase || required.has(name)) out[name] = phrase || text;
    }
  }
  return out;
}

function describeToolResult(messages: ChatMessage[], result: ChatMessage): string {
  let toolName = 'tool';
  for (const m of messages) {
    const call = m.toolCalls?.find((c) => c.id === result.toolCallId);
    if (call) toolName = call.name;
  }
  let summary = result.content.trim();
  try {
    const value: unknown = JSON.parse(summary);
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      summary = Object.entries(value as Record<string, unknown>)
        .map(
          ([k, v]) =>
            `${k.replace(/_/g, ' ')} ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`,
        )
        .join(', ');
    } else {
      summary = String(value);
    }
  } catch {
    // not JSON: report the text as it is
  }
  return `The ${toolName.replace(/_/g, ' ')} tool returned ${summary}.`;
}
