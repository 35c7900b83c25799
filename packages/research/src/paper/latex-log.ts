// Short, human-readable error excerpts from TeX and BibTeX logs, for compile_error.

const MAX_ERRORS = 3;
const MAX_EXCERPT_CHARS = 1_500;
/** How far after a "! ..." line TeX prints the "l.<n> ..." context. */
const CONTEXT_LINES = 12;
/** TeX's interactive help text, which says nothing about the document. */
const NOISE =
  /^(Type\s+[XH] |or enter new name|Enter file name:|See the .* (manual|documentation)|Try typing |You're in trouble|\(Press Enter|<read \*>|\s*$)/;

/** "! Emergency stop." and "! ==> Fatal error occurred" only restate the error before them. */
const RESTATED = /^!\s+(==> Fatal error|Emergency stop)/;

function clip(text: string): string {
  return text.length <= MAX_EXCERPT_CHARS ? text : `${text.slice(0, MAX_EXCERPT_CHARS - 3)}...`;
}

/**
 * The `! ...` error lines of a TeX .log with their `l.<n>` source context (the line number
 * and the text up to and after the error point), or null when the log has no error.
 */
export function extractTexErrors(log: string): string | null {
  const lines = log.replace(/\r\n?/g, '\n').split('\n');
  const excerpts: string[] = [];
  for (let i = 0; i < lines.length && excerpts.length < MAX_ERRORS; i++) {
    const line = lines[i] ?? '';
    if (!line.startsWith('! ') || RESTATED.test(line)) continue;
    const excerpt = [line];
    for (let j = i + 1; j < Math.min(lines.length, i + CONTEXT_LINES); j++) {
      const next = lines[j] ?? '';
      if (RESTATED.test(next)) continue;
      if (next.startsWith('! ')) break;
      if (/^l\.\d+/.test(next)) {
        excerpt.push(next);
        const after = lines[j + 1] ?? '';
        if (after.trim() !== '') excerpt.push(after);
        i = j;
        break;
      }
      if (!NOISE.test(next)) excerpt.push(next);
    }
    excerpts.push(excerpt.join('\n'));
  }
  if (excerpts.length === 0) {
    // Errors that stop TeX before its own error routine, e.g. a missing .sty in batch mode.
    const fatal = lines.find((l) => /^! /.test(l));
    return fatal ? clip(fatal) : null;
  }
  return clip(excerpts.join('\n\n'));
}

/** BibTeX's error lines from a .blg (errors, not warnings), or null when there are none. */
export function extractBibtexErrors(blg: string): string | null {
  const lines = blg.split('\n');
  const errors: string[] = [];
  lines.forEach((line, i) => {
    if (
      /^I couldn't open|^I found no|---line \d+ of file|^Repeated entry|error message/.test(line)
    ) {
      errors.push(line.trim());
      const next = lines[i + 1];
      if (/---line \d+ of file/.test(line) && next !== undefined) errors.push(next.trim());
    }
  });
  return errors.length > 0 ? clip(errors.slice(0, 8).join('\n')) : null;
}

/** The last few non-empty lines of a process's output, as a last-resort error. */
export function outputTail(output: string, lines = 12): string | null {
  const tail = output
    .split('\n')
    .map((l) => l.trimEnd())
    .filter((l) => l !== '')
    .slice(-lines);
  return tail.length > 0 ? clip(tail.join('\n')) : null;
}
