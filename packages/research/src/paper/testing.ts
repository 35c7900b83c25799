// Drafts shared by the paper tests: a realistic one and a hostile one.
import type { PaperDraft } from '../domain/artefacts.ts';

/** A complete draft: a table, a two-series figure and one cited reference. */
export function sampleDraft(): PaperDraft {
  return {
    title: 'Learning-Rate Warm-up Improves Small Transformers',
    authors: ['Ada Lovelace', 'Alan Turing'],
    abstract:
      'We study linear warm-up of the learning rate $\\eta$ for small transformers [@vaswani2017]. ' +
      'Warm-up improves accuracy by 2.1 points (@tab:results) and stabilises early training (@fig:loss).',
    sections: [
      {
        heading: 'Introduction',
        body:
          'Transformers [@vaswani2017] are sensitive to the learning rate early in training.\n\n' +
          'Our contributions:\n- a controlled comparison over 3 seeds;\n- curves of the loss per step.',
      },
      {
        heading: 'Method',
        body: 'We train with $\\eta_t = \\eta_{\\max} \\cdot \\min(1, t / T_w)$ and compare against a **constant** rate.',
      },
      {
        heading: 'Results',
        body: 'Table @tab:results lists the metrics; @fig:loss shows the training loss.',
      },
      { heading: 'Conclusion', body: 'Warm-up helps *consistently* in our setting.' },
    ],
    tables: [
      {
        label: 'tab:results',
        caption: 'Mean ± standard deviation over 3 seeds.',
        columns: ['Condition', 'accuracy', 'final loss'],
        rows: [
          ['constant', '0.812 ± 0.004', '0.61 ± 0.02'],
          ['warm_up', '0.833 ± 0.003', '0.55 ± 0.01'],
        ],
      },
    ],
    figures: [
      {
        label: 'fig:loss',
        caption: 'Training loss per step.',
        x_label: 'step',
        y_label: 'loss',
        series: [
          {
            name: 'constant',
            points: Array.from(
              { length: 20 },
              (_, i) => [i * 100, 2 / (1 + i * 0.3)] as [number, number],
            ),
          },
          {
            name: 'warm_up',
            points: Array.from(
              { length: 20 },
              (_, i) => [i * 100, 1.8 / (1 + i * 0.35)] as [number, number],
            ),
          },
        ],
      },
    ],
    references: [
      {
        key: 'vaswani2017',
        title: 'Attention Is All You Need',
        authors: ['Ashish Vaswani', 'Noam Shazeer'],
        year: 2017,
        venue: 'Advances in Neural Information Processing Systems',
        url: 'https://arxiv.org/abs/1706.03762',
      },
    ],
  };
}

/** Text that would break compilation, or run commands, if it were not escaped. */
export const HOSTILE_TEXT = [
  'Specials: \\ { } $ & # ^ _ % ~ [ ] < > | " \' ` @ and unbalanced { or } braces.',
  '\\input{/etc/hostname} \\include{/etc/hostname} \\immediate\\write18{touch pwned}',
  '\\openout1=pwned \\catcode`\\^^5c=0 ^^5cinput{/etc/hostname} ^^5c^^5cinput',
  '\\def\\x{\\x}\\x \\csname input\\endcsname{/etc/hostname} \\end{document} \\begin{verbatim}',
  'Math attempts: $\\input{/etc/hostname}$ $^^5cinput{/etc/hostname}$ $\\write18{touch pwned}$ $x % y$',
  '$\\def\\y{1}$ $\\left( x$ $\\frac{a}$ $x^$ $x^a^b$ $a & b$ $\\\\$ and costs $5 and $10.',
  '**unclosed bold and *unclosed italic `unclosed code [@unknown_key] @tab:nope \\cite{nope}',
].join('\n');
