import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extractBibtexErrors, extractTexErrors, outputTail } from './latex-log.ts';

const TEX_LOG = `This is pdfTeX, Version 3.141592653-2.6-1.40.24
(./paper.tex
LaTeX2e <2022-11-01>
! Undefined control sequence.
l.12 Some text \\foo
                    bar
The control sequence at the end of the top line
of your error message was never \\def'ed.

! LaTeX Error: File \`missing.sty' not found.

Type X to quit or <RETURN> to proceed,
or enter new name. (Default extension: sty)

Enter file name: 
! Emergency stop.
<read *> 
         
l.14 \\usepackage
                 {missing}^^M
!  ==> Fatal error occurred, no output PDF file produced!
`;

test('extractTexErrors keeps the ! lines and their l.<n> context', () => {
  assert.equal(
    extractTexErrors(TEX_LOG),
    [
      '! Undefined control sequence.\nl.12 Some text \\foo\n                    bar',
      "! LaTeX Error: File `missing.sty' not found.\nl.14 \\usepackage\n                 {missing}^^M",
    ].join('\n\n'),
  );
  assert.equal(extractTexErrors('no errors here\nOutput written on paper.pdf'), null);
});

test('extractBibtexErrors reports errors, not warnings', () => {
  const blg = [
    'Database file #1: refs.bib',
    'Warning--empty year in x',
    "I was expecting a `,' or a `}'---line 4 of file refs.bib",
    ' : title = {oops',
    '(There was 1 error message)',
  ].join('\n');
  assert.equal(
    extractBibtexErrors(blg),
    "I was expecting a `,' or a `}'---line 4 of file refs.bib\n: title = {oops\n(There was 1 error message)",
  );
  assert.equal(extractBibtexErrors('Warning--empty year in x\n(There was 1 warning)'), null);
});

test('outputTail keeps the last non-empty lines', () => {
  assert.equal(outputTail('a\n\nb\nc\n\n', 2), 'b\nc');
  assert.equal(outputTail('\n\n'), null);
});
