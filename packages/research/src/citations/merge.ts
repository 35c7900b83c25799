import type { Reference } from '../domain/artefacts.ts';
import { assignKeys } from './keys.ts';

/** The DOI in a reference's URL (`https://doi.org/...`), lower-cased (DOIs ignore case); else null. */
export function referenceDoi(ref: Pick<Reference, 'url'>): string | null {
  const m = /^https?:\/\/(?:dx\.)?doi\.org\/(10\.\d{4,9}\/\S+)$/i.exec(ref.url?.trim() ?? '');
  return m ? m[1]!.toLowerCase() : null;
}

function titleKey(ref: Pick<Reference, 'title' | 'year'>): string {
  const words = ref.title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
  return `${words}|${ref.year ?? ''}`;
}

/**
 * One list of distinct references from several: the same work (same DOI, or same title and
 * year) is kept once, at its first position, with fields it lacks filled from later copies.
 * Keys are assigned again so they are unique across the merged list.
 */
export function mergeReferences(lists: readonly (readonly Reference[])[]): Reference[] {
  const merged: Reference[] = [];
  const byDoi = new Map<string, number>();
  const byTitle = new Map<string, number>();
  for (const ref of lists.flat()) {
    const doi = referenceDoi(ref);
    const title = titleKey(ref);
    const at = (doi !== null ? byDoi.get(doi) : undefined) ?? byTitle.get(title);
    if (at === undefined) {
      merged.push({ ...ref, authors: [...ref.authors] });
      if (doi !== null) byDoi.set(doi, merged.length - 1);
      byTitle.set(title, merged.length - 1);
      continue;
    }
    const kept = merged[at]!;
    if (kept.authors.length === 0) kept.authors = [...ref.authors];
    kept.year ??= ref.year;
    kept.venue ??= ref.venue;
    // A DOI link is the most durable URL; prefer it.
    if (kept.url === null || (referenceDoi(kept) === null && doi !== null)) kept.url = ref.url;
    if (doi !== null) byDoi.set(doi, at);
    byTitle.set(title, at);
  }
  return assignKeys(merged);
}
