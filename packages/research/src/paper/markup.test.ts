import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderBlocks, renderInline, type MarkupContext, type MathMode } from './markup.ts';

function context(math: MathMode = 'auto'): MarkupContext {
  return {
    references: new Map([
      ['smith2020', 'smith2020'],
      ['doe:2019', 'Doe:2019'],
    ]),
    labels: new Map([
      ['tab:results', 'tab:results'],
      ['fig:loss', 'fig:loss'],
    ]),
    cited: new Set(),
    referenced: new Set(),
    math,
  };
}

test('citations become \\cite only for known keys; unknown keys are dropped', () => {
  const ctx = context();
  assert.equal(renderInline('as shown [@smith2020].', ctx), 'as shown~\\cite{smith2020}.');
  assert.equal(
    renderInline('prior work [@smith2020; @nobody; @doe:2019]', ctx),
    'prior work~\\cite{smith2020,Doe:2019}',
  );
  assert.equal(renderInline('made up [@nobody].', ctx), 'made up.');
  assert.equal(renderInline('case [@SMITH2020]', ctx), 'case~\\cite{smith2020}');
  assert.equal(
    renderInline('tex style \\cite{smith2020,ghost}', ctx),
    'tex style~\\cite{smith2020}',
  );
  assert.equal(renderInline('tex ghost \\cite{ghost}.', ctx), 'tex ghost.');
  assert.equal(
    renderInline('@smith2020 showed; mail me@x.org or @someone', ctx),
    '\\cite{smith2020} showed; mail me@x.org or @someone',
  );
  assert.deepEqual([...ctx.cited], ['smith2020', 'Doe:2019']);
});

test('table and figure references resolve to \\ref for known labels only', () => {
  const ctx = context();
  assert.equal(
    renderInline('See @tab:results and @fig:loss.', ctx),
    'See Table~\\ref{tab:results} and Figure~\\ref{fig:loss}.',
  );
  assert.equal(renderInline('Also @fig:unknown.', ctx), 'Also @fig:unknown.');
  assert.equal(renderInline('In \\ref{tab:results}', ctx), 'In Table~\\ref{tab:results}');
  assert.deepEqual([...ctx.referenced], ['tab:results', 'fig:loss']);
});

test('bold, italic, code and escaped literals', () => {
  const ctx = context();
  assert.equal(
    renderInline('**bold** and *it* and `snake_case`', ctx),
    '\\textbf{bold} and \\emph{it} and \\texttt{snake\\_case}',
  );
  assert.equal(
    renderInline('**bold with *nested* [@smith2020]**', ctx),
    '\\textbf{bold with \\emph{nested}~\\cite{smith2020}}',
  );
  assert.equal(renderInline('2 * 3 * 4 and a*b*c', ctx), '2 * 3 * 4 and a*b*c');
  assert.equal(renderInline('up 5\\% and \\$3 \\& \\#1', ctx), 'up 5\\% and \\$3 \\& \\#1');
});

test('inline math is kept when safe and shown as text otherwise', () => {
  assert.equal(renderInline('rate $\\eta = 0.1$ here', context()), 'rate $\\eta = 0.1$ here');
  assert.equal(
    renderInline('bad $\\input{/etc/passwd}$', context()),
    'bad \\$\\textbackslash{}input\\textbraceleft{}/etc/passwd\\textbraceright{}\\$',
  );
  assert.equal(renderInline('costs $5 and $10', context()), 'costs \\$5 and \\$10');
  assert.equal(renderInline('rate $\\eta$', context('text')), 'rate \\$\\textbackslash{}eta\\$');
});

test('renderBlocks renders paragraphs, lists and headings', () => {
  const body = [
    '## Method',
    '',
    'First paragraph',
    'continues here.',
    '',
    'We find:',
    '- one [x]',
    '- two',
    '  still two',
    '',
    '1. first',
    '2) second',
    '',
    '### Details',
    'Last.',
  ].join('\n');
  assert.equal(
    renderBlocks(body, context(), 'Method'),
    [
      'First paragraph continues here.',
      'We find:',
      '\\begin{itemize}\n  \\item one {[}x{]}\n  \\item two still two\n\\end{itemize}',
      '\\begin{enumerate}\n  \\item first\n  \\item second\n\\end{enumerate}',
      '\\subsection{Details}',
      'Last.',
    ].join('\n\n'),
  );
});

test('renderBlocks never lets a paragraph break into an argument', () => {
  const out = renderBlocks('# Heading\nwith text\n\n- item\n\n\n\nend', context());
  assert.equal(
    out,
    '\\subsection{Heading}\n\nwith text\n\n\\begin{itemize}\n  \\item item\n\\end{itemize}\n\nend',
  );
});
