// How a careful model answers a LaTeX fix request: the smallest change that addresses the
// compiler's error. It knows a few common errors; for the rest it drops the line TeX stopped
// on, as an editor short of ideas would.
import { capture } from './wire.ts';

const STRUCTURAL = /\\(documentclass|begin\{document\}|end\{document\})/;

/** The corrected document for a fix prompt ("The compiler failed with: ... Return the whole corrected document."). */
export function fixLatexLikeAModel(prompt: string): string {
  const error = capture(
    prompt,
    /The compiler failed with:\n([\s\S]*?)\n\nReturn the whole corrected document\./,
  );
  const marker = 'Return the whole corrected document.\n\n';
  let tex = prompt.slice(prompt.indexOf(marker) + marker.length);
  if (!tex.includes('\\end{document}')) return `${tex.trimEnd()}\n\\end{document}\n`;

  const missing = capture(error, /File `([^']+)' not found/);
  if (missing) {
    return tex
      .split('\n')
      .filter((l) => !l.includes(missing))
      .join('\n');
  }
  if (error.includes('Undefined control sequence')) {
    // TeX breaks the context line right after the undefined command.
    const name = capture(error, /^l\.\d+ .*(\\[A-Za-z]+)\s*$/m);
    if (name) return tex.split(name).join('');
  }
  const line = Number(capture(error, /^l\.(\d+)/m, '0'));
  const lines = tex.split('\n');
  if (line > 0 && line <= lines.length && !STRUCTURAL.test(lines[line - 1]!)) {
    lines.splice(line - 1, 1);
    tex = lines.join('\n');
  }
  return tex;
}
