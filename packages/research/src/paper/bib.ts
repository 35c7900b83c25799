import type { Reference } from '../domain/artefacts.ts';
import { escapeLatex, plainAscii } from './escape.ts';

/** The key shape BibTeX and \cite accept (the Reference schema's own rule). */
export const REFERENCE_KEY = /^[A-Za-z0-9_:-]+$/;

/**
 * The references that can be cited, by lower-cased key: valid keys only, first one wins
 * among keys that differ only in case (BibTeX would report a repeated entry).
 */
export function citableReferences(references: readonly Reference[]): Map<string, Reference> {
  const byKey = new Map<string, Reference>();
  for (const ref of references) {
    const lower = ref.key.toLowerCase();
    if (REFERENCE_KEY.test(ref.key) && !byKey.has(lower)) byKey.set(lower, ref);
  }
  return byKey;
}

/**
 * An http(s) URL safe to place in \url{...} inside a .bib field: characters that could
 * end the argument or upset BibTeX are percent-encoded; other schemes are refused.
 */
export function sanitizeUrl(url: string): string | null {
  const trimmed = url.trim();
  if (!/^https?:\/\/[^\s/]/i.test(trimmed)) return null;
  let out = '';
  for (const ch of trimmed) {
    if (/[A-Za-z0-9\-._~:/?#=&+,;@!*'()]/.test(ch)) out += ch;
    else if (ch === '%') out += '%25';
    else
      for (const byte of new TextEncoder().encode(ch))
        out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  // A valid %XX escape was encoded as %25XX above; restore it.
  return out.replace(/%25([0-9A-Fa-f]{2})/g, '%$1');
}

function field(name: string, value: string): string {
  return `  ${name} = {${value}},`;
}

/** BibTeX splits names on the word "and"; a name containing it is kept whole. */
function bibName(name: string): string {
  const escaped = escapeLatex(name.trim());
  return /\sand\s/i.test(escaped) ? `{${escaped}}` : escaped;
}

function entry(ref: Reference): string {
  const authors = ref.authors.map((a) => a.trim()).filter((a) => a !== '');
  const url = ref.url === null ? null : sanitizeUrl(ref.url);
  const venue = ref.venue?.trim() ? escapeLatex(ref.venue.trim()) : null;
  const title = escapeLatex(ref.title.trim()) || 'Untitled';
  const lines = [
    `@${venue === null ? 'misc' : 'article'}{${ref.key},`,
    // The sort key keeps plain.bst from warning about (and mis-sorting) anonymous works.
    authors.length > 0
      ? field('author', authors.map(bibName).join(' and '))
      : field('key', plainAscii(ref.title).slice(0, 20) || 'anonymous'),
    // Double braces keep the title's capitalisation: plain.bst would lower-case it.
    field('title', `{${title}}`),
    ...(venue === null ? [] : [field('journal', venue)]),
    ...(ref.year === null ? [] : [field('year', String(ref.year))]),
    ...(url === null ? [] : [field(venue === null ? 'howpublished' : 'note', `\\url{${url}}`)]),
  ];
  return `${lines.join('\n')}\n}`;
}

/** The .bib file for the cited references, in the order they appear in `references`. */
export function renderBibliography(
  references: readonly Reference[],
  cited: ReadonlySet<string>,
): string {
  const entries = [...citableReferences(references).values()]
    .filter((ref) => cited.has(ref.key))
    .map(entry);
  return entries.length === 0 ? '' : `${entries.join('\n\n')}\n`;
}
