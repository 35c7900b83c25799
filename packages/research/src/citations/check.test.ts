import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderLatex } from '../paper/render.ts';
import { sampleDraft } from '../paper/testing.ts';
import { assertCitationsExist, bibKeys, citedKeys } from './check.ts';

test('every cited key must be in the .bib', () => {
  const tex = [
    'As shown~\\cite{vaswani2017,Smith2020} and \\citep[p.~3]{jones}.',
    '% \\cite{commented}',
    '50\\% \\cite{ghost} \\nocite{*} \\citet{Vaswani2017}',
  ].join('\n');
  const bib = '@article{vaswani2017,\n title={A}}\n@misc{ smith2020 ,\n}\n@string{jones = "x"}\n';
  assert.deepEqual(citedKeys(tex), ['vaswani2017', 'Smith2020', 'jones', 'ghost', 'Vaswani2017']);
  assert.deepEqual(bibKeys(bib), ['vaswani2017', 'smith2020']);
  assert.deepEqual(assertCitationsExist(tex, bib), ['jones', 'ghost']);
});

test("the renderer's output always passes", () => {
  const draft = sampleDraft();
  draft.abstract += ' [@ghost] \\cite{nope}';
  const { tex, bib } = renderLatex(draft);
  assert.deepEqual(assertCitationsExist(tex, bib), []);
  assert.deepEqual(citedKeys(tex), ['vaswani2017']);
});
