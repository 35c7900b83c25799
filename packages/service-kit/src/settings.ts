// One story for a service's settings: the config schema says which variables exist and their
// defaults, the README's configuration table says what they mean, and `.env.example` is made
// from both (and checked against both by the services' tests).
import type { z } from 'zod';

/** One environment variable a service reads. */
export interface Setting {
  name: string;
  /** The default as it would be written in the environment; undefined: unset by default. */
  default?: string;
  /** May be given as `NAME_FILE` or a Key Vault reference. */
  secret?: boolean;
}

/** The variables of a zod object shape, each with the default the schema gives it. */
export function settingDefaults(shape: Record<string, z.ZodType>): Setting[] {
  return Object.entries(shape).map(([name, schema]) => {
    const parsed = schema.safeParse(undefined);
    const value = parsed.success ? parsed.data : undefined;
    return value === undefined ? { name } : { name, default: envText(value) };
  });
}

/** A service's settings: its schema's variables and the `extra` names, `secrets` marked. */
export function serviceSettings(
  shape: Record<string, z.ZodType>,
  extra: readonly string[],
  secrets: readonly string[],
): Setting[] {
  const secret = new Set(secrets);
  return [...settingDefaults(shape), ...extra.map((name) => ({ name }))].map((s) =>
    secret.has(s.name) ? { ...s, secret: true } : s,
  );
}

function envText(value: unknown): string {
  if (Array.isArray(value)) return value.join(',');
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}

/** A row of a README configuration table: the variables it names, and what it says. */
export interface ConfigRow {
  names: string[];
  defaultText: string;
  meaning: string;
}

const VARIABLE = /`([A-Z][A-Z0-9_]*[A-Z0-9])`/g;

/** The rows of the tables under the README's `## Configuration` heading. */
export function configTable(markdown: string): ConfigRow[] {
  const start = markdown.search(/^## Configuration\s*$/m);
  if (start < 0) return [];
  const rest = markdown.slice(start + 1);
  const end = rest.search(/^## /m);
  const section = end < 0 ? rest : rest.slice(0, end);
  const rows: ConfigRow[] = [];
  for (const line of section.split('\n')) {
    if (!line.startsWith('|')) continue;
    const cells = line
      .slice(1, line.trimEnd().endsWith('|') ? line.trimEnd().length - 1 : undefined)
      .split(/(?<!\\)\|/)
      .map((c) => c.trim());
    const names = [...(cells[0] ?? '').matchAll(VARIABLE)].map((m) => m[1] as string);
    if (names.length === 0) continue;
    rows.push({ names, defaultText: cells[1] ?? '', meaning: cells.slice(2).join(' | ') });
  }
  return rows;
}

/** Every variable named in the first column of the README's configuration table. */
export function configTableNames(markdown: string): Set<string> {
  return new Set(configTable(markdown).flatMap((row) => row.names));
}

/**
 * `.env.example` text: each setting commented out at its default (uncomment to change), under
 * its README row's meaning, in the README's order; settings the README lacks come last.
 */
export function renderEnvExample(options: {
  title: string;
  settings: readonly Setting[];
  readme: string;
}): string {
  const byName = new Map(options.settings.map((s) => [s.name, s]));
  const done = new Set<string>();
  const out: string[] = [
    `# ${options.title}`,
    '#',
    '# Generated from the config schema and the README table by `npm run env:example`;',
    '# a test checks it. Every line is commented out at its default: uncomment to change.',
    '# Secrets may also be given as <NAME>_FILE (a mounted file) or as a Key Vault reference.',
  ];
  const emit = (names: string[], meaning: string, defaultText = '') => {
    const settings = names.flatMap((n) => {
      const s = byName.get(n);
      return s && !done.has(n) ? [s] : [];
    });
    if (settings.length === 0) return;
    out.push('');
    const notes = [plainText(meaning)];
    // A default the schema cannot state (derived from the machine or another setting).
    const derived = plainText(defaultText);
    if (settings.some((s) => s.default === undefined) && derived && derived !== '—')
      notes.push(`Default: ${derived}.`);
    const secrets = settings.filter((s) => s.secret).map((s) => s.name);
    if (secrets.length > 0) notes.push(`Secret: ${secrets.join(', ')}.`);
    const text = notes.map((n, i) => (i < notes.length - 1 && !/[.!?]$/.test(n) ? `${n}.` : n));
    for (const line of wrap(text.join(' '), 96)) out.push(`# ${line}`);
    for (const s of settings) {
      done.add(s.name);
      out.push(`# ${s.name}=${s.default ?? ''}`);
    }
  };
  for (const row of configTable(options.readme)) emit(row.names, row.meaning, row.defaultText);
  for (const s of options.settings) emit([s.name], 'not described in the README');
  return `${out.join('\n')}\n`;
}

/** The `NAME=value` entries of a `.env.example`, commented out or not, in order. */
export function readEnvExample(text: string): { name: string; value: string }[] {
  const entries: { name: string; value: string }[] = [];
  for (const line of text.split('\n')) {
    const m = /^#?\s?([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (m) entries.push({ name: m[1] as string, value: m[2] as string });
  }
  return entries;
}

/** A table cell as plain text: links to their words, no code ticks or emphasis. */
function plainText(markdown: string): string {
  return markdown
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/[`*]/g, '')
    .replace(/\\\|/g, '|')
    .replace(/\s+/g, ' ')
    .trim();
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}
