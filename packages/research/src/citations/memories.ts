import type { Reference } from '../domain/artefacts.ts';
import { doiUrl } from './http-provider.ts';
import { mergeReferences } from './merge.ts';
import { assignKeys } from './keys.ts';

const DOI =
  /\b(?:doi:\s*|https?:\/\/(?:dx\.)?doi\.org\/)?(10\.\d{4,9}\/[^\s"'<>,;]+[^\s"'<>,;.)\]])/i;
const URL = /\bhttps?:\/\/[^\s"'<>]+[^\s"'<>.,;:)\]]/i;
const QUOTED = /["“«]([^"”»]{3,300})["”»]/;
/** "(Vaswani et al., 2017)" or "(Vaswani, 2017)": a first author and a year. */
const AUTHOR_YEAR =
  /\((\p{Lu}[\p{L}'’-]*\p{Ll}[\p{L}'’-]*)(?:\s+et\s+al\.?)?,?\s+((?:19|20)\d{2})\)/u;
/** A parenthesised group with a year in it: "(2019)", "(KDD 2019)", "(Vaswani et al., 2017)". */
const YEAR_GROUP = /\([^()]*\b(?:19|20)\d{2}\b[^()]*\)/g;
const YEAR = /\b((?:19|20)\d{2})\b/;
const LABEL = /^\s*(?:cite|citation|reference|ref|paper|source|read)\s*[:\-–]\s*/i;

/**
 * The references a user stored as memories. Nothing is looked up: only what the user wrote is
 * used. A memory is a reference when it has
 * - a DOI (bare, `doi:...` or a doi.org link) and a title, or
 * - an http(s) URL and a title, and it is quoted or the memory starts with a label
 *   ("Paper:", "Cite:", "Reference:", ...), so "Dataset lives at https://..." is not one.
 * The title is the first quoted string, or else the text left once the link, the label, any
 * parenthesised group with a year ("(2019)", "(KDD 2019)") and edge punctuation are removed;
 * it needs at least two words. The year is the first 19xx/20xx outside the link; the author
 * comes only from an "(Author et al., Year)" group. Duplicates (same DOI, or title and year)
 * are kept once.
 */
export function citationsFromMemories(memories: readonly { content: string }[]): Reference[] {
  const found: Omit<Reference, 'key'>[] = [];
  for (const { content } of memories) {
    const text = content.replace(/\s+/g, ' ').trim();
    const doi = DOI.exec(text);
    const link = doi === null ? URL.exec(text) : null;
    const url = doi !== null ? doiUrl(doi[1]) : (link?.[0] ?? null);
    if (url === null) continue;
    const authorYear = AUTHOR_YEAR.exec(text);
    let title = QUOTED.exec(text)?.[1]?.trim() ?? '';
    if (title === '' && (doi !== null || LABEL.test(text))) {
      title = text
        .replace(doi?.[0] ?? link?.[0] ?? '', ' ')
        .replace(YEAR_GROUP, ' ')
        .replace(LABEL, '')
        .replace(/\s+/g, ' ')
        .replace(/^[\s\-–:;,.]+|[\s\-–:;,.(]+$/g, '')
        .trim();
    }
    if (title.split(' ').filter((w) => w !== '').length < 2 || title.length > 300) continue;
    const year = authorYear?.[2] ?? YEAR.exec(text.replace(doi?.[0] ?? link?.[0] ?? '', ' '))?.[1];
    found.push({
      title,
      authors: authorYear ? [authorYear[1]!] : [],
      year: year === undefined ? null : Number(year),
      venue: null,
      url,
    });
  }
  return mergeReferences([assignKeys(found)]);
}
