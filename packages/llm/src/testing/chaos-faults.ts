// The built-in faults of the chaos server: how a sloppy model spoils a tidy JSON answer,
// and the transport faults of a busy gateway, with the rates they happen at by default.

/** Ways a model spoils the JSON of a structured answer. */
export type JsonFaultKind =
  | 'fenced'
  | 'prose'
  | 'trailing_commas'
  | 'single_quotes'
  | 'missing_field'
  | 'wrong_type'
  | 'empty_object'
  | 'truncated_length'
  | 'huge_string';

/** Ways the transport fails. */
export type TransportFaultKind = 'rate_limited' | 'server_error' | 'stream_cut' | 'stall';

/**
 * Default probability of each JSON fault per structured request (21 % in all): wrappers and
 * syntax slips are the common ones, a lost field or a wrong type next, an answer cut at the
 * token limit now and then, an empty or runaway answer rarely.
 */
export const DEFAULT_JSON_FAULT_RATES: Readonly<Record<JsonFaultKind, number>> = Object.freeze({
  fenced: 0.05,
  prose: 0.03,
  trailing_commas: 0.02,
  single_quotes: 0.01,
  missing_field: 0.03,
  wrong_type: 0.03,
  empty_object: 0.01,
  truncated_length: 0.02,
  huge_string: 0.01,
});

/** Default probability of each transport fault per request (8 % in all). */
export const DEFAULT_TRANSPORT_FAULT_RATES: Readonly<Record<TransportFaultKind, number>> =
  Object.freeze({
    rate_limited: 0.03,
    server_error: 0.02,
    stream_cut: 0.02,
    stall: 0.01,
  });

/** Length of the string a `huge_string` fault puts into a string field. */
export const HUGE_STRING_CHARS = 200 * 1024;

/** A spoiled answer; `length` says it was cut at the token limit. */
export interface FaultedAnswer {
  text: string;
  finishReason?: 'length';
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const PROSE_BEFORE = [
  'Sure! Here is the {name} you asked for:\n\n',
  "Here's the result:\n",
  'Certainly. Below is the JSON object for {name}.\n\n',
  'Based on the information provided, here is my answer:\n\n',
];
const PROSE_AFTER = [
  '\n\nLet me know if you need any changes.',
  '\n\nI hope this helps!',
  '\n\nNote: some values are estimates.',
  '',
];

/**
 * Spoils a tidy JSON answer in the way `kind` names, or returns null when the fault does not
 * fit it (e.g. no string field for `huge_string`). `required` are the schema's required keys.
 */
export function applyJsonFault(
  kind: JsonFaultKind,
  tidy: string,
  schemaName: string | null,
  required: string[],
  rng: () => number,
): FaultedAnswer | null {
  if (kind === 'truncated_length') {
    if (tidy.length < 8) return null;
    const cut = Math.floor(tidy.length * (0.2 + 0.6 * rng()));
    return { text: tidy.slice(0, cut), finishReason: 'length' };
  }
  let value: Json;
  try {
    value = JSON.parse(tidy) as Json;
  } catch {
    return null;
  }
  switch (kind) {
    case 'fenced':
      return {
        text: `\`\`\`${rng() < 0.8 ? 'json' : ''}\n${JSON.stringify(value, null, 2)}\n\`\`\``,
      };
    case 'prose': {
      const before = pick(PROSE_BEFORE, rng).replaceAll('{name}', schemaName ?? 'JSON');
      return { text: `${before}${JSON.stringify(value, null, 2)}${pick(PROSE_AFTER, rng)}` };
    }
    case 'trailing_commas':
      return { text: withTrailingCommas(value, '') };
    case 'single_quotes':
      return { text: pythonRepr(value) };
    case 'missing_field': {
      if (!isObject(value)) return null;
      const key = pickKey(value, required, rng, () => true);
      if (key === undefined) return null;
      const rest = { ...value };
      delete rest[key];
      return { text: JSON.stringify(rest) };
    }
    case 'wrong_type': {
      if (!isObject(value)) return null;
      const key = pickKey(value, required, rng, (v) => v !== null);
      if (key === undefined) return null;
      return { text: JSON.stringify({ ...value, [key]: retyped(value[key] as Json) }) };
    }
    case 'empty_object':
      return isObject(value) && Object.keys(value).length > 0 ? { text: '{}' } : null;
    case 'huge_string': {
      const paths = stringPaths(value, []);
      if (paths.length === 0) return null;
      const path = pick(paths, rng);
      const seed = String(getAt(value, path) || 'All work and no play makes a long answer.');
      const huge = `${seed} `.repeat(Math.ceil(HUGE_STRING_CHARS / (seed.length + 1)));
      return { text: JSON.stringify(setAt(value, path, huge.slice(0, HUGE_STRING_CHARS))) };
    }
  }
}

function pick<T>(items: readonly T[], rng: () => number): T {
  return items[Math.min(items.length - 1, Math.floor(rng() * items.length))] as T;
}

function isObject(value: Json): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A key of `value`, a required one when there is one that `fits`. */
function pickKey(
  value: JsonObject,
  required: string[],
  rng: () => number,
  fits: (v: Json) => boolean,
): string | undefined {
  const keys = Object.keys(value).filter((k) => fits(value[k] as Json));
  const preferred = keys.filter((k) => required.includes(k));
  const pool = preferred.length > 0 ? preferred : keys;
  return pool.length > 0 ? pick(pool, rng) : undefined;
}

/** The same content as a plausible wrong type: `3` → `"3"`, `["a","b"]` → `"a, b"`, … */
function retyped(value: Json): Json {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return [value];
  if (Array.isArray(value))
    return value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ');
  return JSON.stringify(value);
}

type Path = (string | number)[];

function stringPaths(value: Json, path: Path): Path[] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringPaths(v, [...path, i]));
  if (isObject(value))
    return Object.entries(value).flatMap(([k, v]) => stringPaths(v, [...path, k]));
  return [];
}

function getAt(value: Json, path: Path): Json {
  let at: Json = value;
  for (const step of path) at = (at as Record<string | number, Json>)[step] as Json;
  return at;
}

function setAt(value: Json, path: Path, replacement: Json): Json {
  const [step, ...rest] = path;
  if (step === undefined) return replacement;
  if (Array.isArray(value))
    return value.map((v, i) => (i === step ? setAt(v, rest, replacement) : v));
  const obj = value as JsonObject;
  return { ...obj, [step]: setAt(obj[step] as Json, rest, replacement) };
}

/** Pretty-printed JSON with a comma after the last item of every non-empty array and object. */
function withTrailingCommas(value: Json, indent: string): string {
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((v) => `${inner}${withTrailingCommas(v, inner)},\n`).join('')}${indent}]`;
  }
  if (isObject(value)) {
    const entries = Object.entries(value);
    if (entries.length === 0) return '{}';
    const body = entries
      .map(([k, v]) => `${inner}${JSON.stringify(k)}: ${withTrailingCommas(v, inner)},\n`)
      .join('');
    return `{\n${body}${indent}}`;
  }
  return JSON.stringify(value);
}

/** The value as Python's `repr()` of the equivalent dict prints it. */
function pythonRepr(value: Json): string {
  if (value === null) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return JSON.stringify(value);
  if (typeof value === 'string') return pythonString(value);
  if (Array.isArray(value)) return `[${value.map(pythonRepr).join(', ')}]`;
  const entries = Object.entries(value).map(([k, v]) => `${pythonString(k)}: ${pythonRepr(v)}`);
  return `{${entries.join(', ')}}`;
}

function pythonString(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === '\\') out += '\\\\';
    else if (ch === quote) out += `\\${quote}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else out += ch;
  }
  return `${quote}${out}${quote}`;
}
