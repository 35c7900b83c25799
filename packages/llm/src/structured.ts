import { z } from 'zod';
import type { ChatMessage, LLM, Usage } from './types.ts';
import { complete, addUsage } from './complete.ts';
import { InvalidOutputError } from './errors.ts';

export interface GenerateObjectOptions<T> {
  llm: LLM;
  /** Zod schema the output must satisfy; its JSON Schema is sent to the model. */
  schema: z.ZodType<T>;
  /** Short name of the output shape, sent with the schema. */
  name: string;
  messages: ChatMessage[];
  task?: string;
  context?: Record<string, unknown>;
  model?: string;
  temperature?: number;
  /** Total attempts including the first (default 3). */
  maxAttempts?: number;
  signal?: AbortSignal;
}

export interface GeneratedObject<T> {
  value: T;
  usage: Usage;
  attempts: number;
}

/**
 * Asks the model for JSON matching `schema`, validates it, and on invalid output tells the
 * model what was wrong and asks again, up to `maxAttempts` times.
 */
export async function generateObject<T>(
  options: GenerateObjectOptions<T>,
): Promise<GeneratedObject<T>> {
  const maxAttempts = options.maxAttempts ?? 3;
  const jsonSchema = z.toJSONSchema(options.schema, { unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  const messages = [...options.messages];
  let usage: Usage = { promptTokens: 0, completionTokens: 0 };
  let lastOutput = '';
  let lastProblem = '';

  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const result = await complete(options.llm, {
      messages,
      model: options.model,
      temperature: options.temperature,
      task: options.task,
      context: options.context,
      responseFormat: { type: 'json_schema', name: options.name, schema: jsonSchema },
      signal: options.signal,
    });
    usage = addUsage(usage, result.usage);
    lastOutput = result.text;
    const parsed = parseJsonLoose(result.text);
    if (parsed.ok) {
      const checked = options.schema.safeParse(parsed.value);
      if (checked.success) return { value: checked.data, usage, attempts: attempt };
      lastProblem = z.prettifyError(checked.error);
    } else {
      lastProblem = parsed.error;
    }
    messages.push(
      { role: 'assistant', content: result.text },
      {
        role: 'user',
        content: `That output is not valid for the "${options.name}" schema:\n${lastProblem}\nReply again with only the corrected JSON.`,
      },
    );
  }
  throw new InvalidOutputError(
    `model output did not match "${options.name}" after ${maxAttempts} attempts: ${lastProblem}`,
    maxAttempts,
    lastOutput,
  );
}

/** Parses JSON that may be wrapped in a Markdown code fence or surrounded by prose. */
export function parseJsonLoose(
  text: string,
): { ok: true; value: unknown } | { ok: false; error: string } {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(text);
  const candidates = [text.trim()];
  if (fenced?.[1]) candidates.push(fenced[1].trim());
  const start = text.search(/[{[]/);
  const end = Math.max(text.lastIndexOf('}'), text.lastIndexOf(']'));
  if (start >= 0 && end > start) candidates.push(text.slice(start, end + 1));
  let error = 'no JSON value found';
  for (const candidate of candidates) {
    if (!candidate) continue;
    try {
      return { ok: true, value: JSON.parse(candidate) };
    } catch (err) {
      error = `invalid JSON: ${(err as Error).message}`;
    }
  }
  return { ok: false, error };
}
