import { z } from 'zod';
import { jsonrepair } from 'jsonrepair';
import type { ChatMessage, ChatResult, LLM, Usage } from './types.ts';
import { collect, addUsage } from './complete.ts';
import { InvalidOutputError } from './errors.ts';
import type { InvalidOutputReason } from './errors.ts';

/** Default bound of one answer: far above any schema the services use, far below trouble. */
export const DEFAULT_MAX_OUTPUT_CHARS = 256 * 1024;
/** How much of an over-long answer is shown back to the model when asking again. */
const OVERLONG_ECHO_CHARS = 2_000;

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
  maxTokens?: number;
  /** Total attempts including the first (default 3). */
  maxAttempts?: number;
  /**
   * Longest answer read, in characters (default 256 KiB). Past it the stream is closed and
   * the model is asked again for a shorter answer.
   */
  maxOutputChars?: number;
  signal?: AbortSignal;
}

export interface GeneratedObject<T> {
  value: T;
  usage: Usage;
  attempts: number;
  /** The accepted JSON needed repair (code fence, prose, trailing commas, quotes…). */
  repaired: boolean;
}

type Verdict<T> =
  | { ok: true; value: T; repaired: boolean }
  | { ok: false; reason: InvalidOutputReason; problem: string };

/**
 * Asks the model for JSON matching `schema`, validates it, and on invalid output tells the
 * model what was wrong and asks again, up to `maxAttempts` times. Sloppy JSON is repaired
 * (see `parseJsonLoose`); an answer cut at the token limit is never repaired (closing its
 * brackets would hide the lost part) but asked again, shorter. A stream that breaks
 * mid-answer is retried by the provider, since nobody has seen the partial answer.
 */
export async function generateObject<T>(
  options: GenerateObjectOptions<T>,
): Promise<GeneratedObject<T>> {
  const maxAttempts = options.maxAttempts ?? 3;
  const maxOutputChars = options.maxOutputChars ?? DEFAULT_MAX_OUTPUT_CHARS;
  const jsonSchema = z.toJSONSchema(options.schema, { unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  const messages = [...options.messages];
  let usage: Usage = { promptTokens: 0, completionTokens: 0 };
  let lastOutput = '';
  let last: Verdict<T> = { ok: false, reason: 'invalid_json', problem: 'no answer' };

  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const { result, overflowed } = await collect(
      options.llm,
      {
        messages,
        model: options.model,
        temperature: options.temperature,
        maxTokens: options.maxTokens,
        task: options.task,
        context: options.context,
        responseFormat: { type: 'json_schema', name: options.name, schema: jsonSchema },
        signal: options.signal,
        restartable: true,
      },
      maxOutputChars,
    );
    usage = addUsage(usage, result.usage);
    lastOutput = result.text;
    last = judge(options.schema, result, overflowed, maxOutputChars);
    if (last.ok) return { value: last.value, usage, attempts: attempt, repaired: last.repaired };
    messages.push(
      {
        role: 'assistant',
        content: overflowed ? `${result.text.slice(0, OVERLONG_ECHO_CHARS)} […]` : result.text,
      },
      { role: 'user', content: feedback(last.reason, last.problem, options.name) },
    );
  }
  const reason = last.ok ? 'schema_mismatch' : last.reason;
  const problem = last.ok ? '' : last.problem;
  throw new InvalidOutputError(
    failureMessage(reason, problem, options.name, maxAttempts),
    maxAttempts,
    lastOutput,
    reason,
  );
}

function judge<T>(
  schema: z.ZodType<T>,
  result: ChatResult,
  overflowed: boolean,
  maxOutputChars: number,
): Verdict<T> {
  if (overflowed)
    return {
      ok: false,
      reason: 'too_long',
      problem: `the answer was longer than ${maxOutputChars} characters`,
    };
  if (result.finishReason === 'length')
    return {
      ok: false,
      reason: 'truncated',
      problem: 'the answer was cut off at the output token limit',
    };
  const parsed = parseJsonLoose(result.text);
  if (!parsed.ok) return { ok: false, reason: 'invalid_json', problem: parsed.error };
  const checked = schema.safeParse(parsed.value);
  if (!checked.success)
    return { ok: false, reason: 'schema_mismatch', problem: z.prettifyError(checked.error) };
  return { ok: true, value: checked.data, repaired: parsed.repaired };
}

function feedback(reason: InvalidOutputReason, problem: string, name: string): string {
  switch (reason) {
    case 'too_long':
    case 'truncated':
      return (
        `Your answer was cut off: ${problem}, so the JSON was incomplete. Reply again with ` +
        `only the JSON for "${name}", shorter: keep every required field and shorten long text.`
      );
    case 'invalid_json':
    case 'schema_mismatch':
      return `That output is not valid for the "${name}" schema:\n${problem}\nReply again with only the corrected JSON.`;
  }
}

function failureMessage(
  reason: InvalidOutputReason,
  problem: string,
  name: string,
  attempts: number,
): string {
  switch (reason) {
    case 'too_long':
    case 'truncated':
      return `the model's answer for "${name}" was still cut off after ${attempts} attempts (${problem}), even when asked for a shorter one`;
    case 'invalid_json':
      return `the model did not answer with readable JSON for "${name}" after ${attempts} attempts: ${problem}`;
    case 'schema_mismatch':
      return `model output did not match "${name}" after ${attempts} attempts: ${problem}`;
  }
}

/**
 * Parses a model's JSON answer. Strict `JSON.parse` first; failing that, the span from the
 * first `{`/`[` to the last `}`/`]` (the JSON inside prose or a code fence) is repaired with
 * `jsonrepair` (trailing commas, single quotes, Python's True/False/None, comments, unquoted
 * keys). `repaired` says which happened.
 */
export function parseJsonLoose(
  text: string,
): { ok: true; value: unknown; repaired: boolean } | { ok: false; error: string } {
  const trimmed = text.trim();
  if (!trimmed) return { ok: false, error: 'the answer was empty' };
  let error: string;
  try {
    return { ok: true, value: JSON.parse(trimmed), repaired: false };
  } catch (err) {
    error = `invalid JSON: ${(err as Error).message}`;
  }
  const start = trimmed.search(/[{[]/);
  const end = Math.max(trimmed.lastIndexOf('}'), trimmed.lastIndexOf(']'));
  // Without brackets jsonrepair would turn any prose into a JSON string.
  if (start < 0 || end <= start) return { ok: false, error: 'no JSON object or array found' };
  try {
    return {
      ok: true,
      value: JSON.parse(jsonrepair(trimmed.slice(start, end + 1))),
      repaired: true,
    };
  } catch {
    // The strict parser's message says more about the original text.
    return { ok: false, error };
  }
}
