// Faults in the LaTeX a model writes: in the prose of a paper (which the renderer escapes)
// and in the whole document a LaTeX fix request returns (which tex-safety checks and TeX
// compiles). Each inserts what a sloppy or hostile model might send.
import type { ContentFault, ContentFaultRequest } from './fault-types.ts';

interface LatexFault {
  /** Text added to a section of the paper's prose. */
  prose: string;
  /** The whole document a fix request returns, broken; null leaves such requests alone. */
  document: ((tex: string) => string | null) | null;
}

/** Inserts `text` just before \end{document}. */
const beforeEnd =
  (text: string) =>
  (tex: string): string | null =>
    tex.includes('\\end{document}')
      ? tex.replace('\\end{document}', `${text}\n\\end{document}`)
      : null;

const FAULTS: Record<string, LatexFault> = {
  unescaped_specials: {
    prose: 'About 50% of cases & most runs_with #3 cost $5 more.',
    document: beforeEnd('About 50% of cases & most runs_with #3 cost $5 more.'),
  },
  unbalanced_braces: {
    prose: 'The effect {was clear in \\textbf{every run.',
    document: beforeEnd('The effect {was clear in \\textbf{every run.'),
  },
  undefined_command: {
    prose: 'The \\resultsmacro{trend} holds.',
    document: beforeEnd('The \\resultsmacro{trend} holds.'),
  },
  input_passwd: {
    prose: '\\input{/etc/passwd}',
    document: beforeEnd('\\input{/etc/passwd}'),
  },
  write18: {
    prose: '\\immediate\\write18{touch /tmp/chaos-pwned}',
    document: beforeEnd('\\immediate\\write18{touch /tmp/chaos-pwned}'),
  },
  missing_end_document: {
    prose: '\\begin{document} The rest of the paper follows.',
    document: (tex) =>
      tex.includes('\\end{document}') ? tex.replace('\\end{document}', '') : null,
  },
  missing_figure: {
    prose: 'See \\includegraphics[width=\\linewidth]{results_plot.png} for the trend.',
    document: beforeEnd(
      '\\begin{figure}\\centering\\includegraphics{results_plot.png}\\caption{Trend}\\end{figure}',
    ),
  },
  unknown_citation: {
    prose: 'This agrees with earlier work [@smith2020ghost] \\cite{doe2019missing}.',
    document: beforeEnd('This agrees with earlier work~\\cite{doe2019missing}.'),
  },
};

/** The LaTeX fault kinds, in a stable order. */
export const LATEX_FAULT_KINDS = Object.keys(FAULTS);

/** One content fault per LaTeX fault kind, at `rate` on paper and paper-fix answers. */
export function latexFaults(
  rates: Partial<Record<string, number>> = {},
  rate = 0.03,
): ContentFault[] {
  return LATEX_FAULT_KINDS.map((kind) => ({
    kind: `latex.${kind}`,
    family: 'latex',
    rate: rates[kind] ?? rate,
    apply(request: ContentFaultRequest, tidy: string, rng: () => number): string | null {
      const fault = FAULTS[kind]!;
      let value: Record<string, unknown>;
      try {
        value = JSON.parse(tidy) as Record<string, unknown>;
      } catch {
        return null;
      }
      if (request.schemaName === 'fixed_latex' && typeof value.tex === 'string') {
        const tex = fault.document?.(value.tex) ?? null;
        return tex === null ? null : JSON.stringify({ tex });
      }
      if (request.schemaName !== 'paper_text' || !Array.isArray(value.sections)) return null;
      const sections = value.sections as { heading: string; body: string }[];
      const section = sections[Math.floor(rng() * sections.length)];
      if (!section) return null;
      section.body = `${section.body}\n\n${fault.prose}`;
      return JSON.stringify(value);
    },
  }));
}
