// The final check that a paper cites only sources its bibliography holds.

/** TeX source without comments (a `%` not escaped by a backslash ends the line's text). */
function stripComments(tex: string): string {
  return tex.replace(/(^|[^\\])((?:\\\\)*)%.*$/gm, '$1$2');
}

/** Every key cited with \cite, \citep, \citet, \nocite (with optional [..] arguments), in order. */
export function citedKeys(tex: string): string[] {
  const keys: string[] = [];
  const pattern = /\\(?:no)?cite[a-zA-Z]*\*?\s*(?:\[[^\]]*\]\s*){0,2}\{([^{}]*)\}/g;
  for (const m of stripComments(tex).matchAll(pattern)) {
    for (const key of (m[1] ?? '').split(',')) {
      const k = key.trim();
      // \nocite{*} means "all entries", not a key.
      if (k !== '' && k !== '*' && !keys.includes(k)) keys.push(k);
    }
  }
  return keys;
}

/** The entry keys a .bib file defines (`@article{key,` ...), except @string/@preamble/@comment. */
export function bibKeys(bib: string): string[] {
  const keys: string[] = [];
  for (const m of bib.matchAll(/@\s*([A-Za-z]+)\s*[{(]\s*([^,\s{}()]+)\s*,/g)) {
    const type = (m[1] ?? '').toLowerCase();
    if (type === 'string' || type === 'preamble' || type === 'comment') continue;
    keys.push(m[2] ?? '');
  }
  return keys;
}

/**
 * The keys cited in `tex` that `bib` does not define, in order of first citation ([] when
 * every citation resolves). BibTeX compares keys case-insensitively, and so does this.
 */
export function assertCitationsExist(tex: string, bib: string): string[] {
  const defined = new Set(bibKeys(bib).map((k) => k.toLowerCase()));
  return citedKeys(tex).filter((k) => !defined.has(k.toLowerCase()));
}
