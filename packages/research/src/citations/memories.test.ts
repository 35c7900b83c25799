import { test } from 'node:test';
import assert from 'node:assert/strict';
import { citationsFromMemories } from './memories.ts';

test('stored references with a DOI or URL and a title become references', () => {
  const refs = citationsFromMemories([
    {
      content:
        'Always cite "Attention Is All You Need" (Vaswani et al., 2017) doi:10.48550/arXiv.1706.03762.',
    },
    {
      content:
        'Paper: Adam: A Method for Stochastic Optimization https://arxiv.org/abs/1412.6980 (2014)',
    },
    { content: 'Prefers concise writing and short abstracts.' },
    { content: 'Dataset lives at https://example.org/data' },
    { content: 'See also https://doi.org/10.48550/ARXIV.1706.03762 "Attention is all you need"' },
  ]);
  assert.deepEqual(refs, [
    {
      key: 'vaswani2017attention',
      title: 'Attention Is All You Need',
      authors: ['Vaswani'],
      year: 2017,
      venue: null,
      url: 'https://doi.org/10.48550/arXiv.1706.03762',
    },
    {
      key: 'anon2014adam',
      title: 'Adam: A Method for Stochastic Optimization',
      authors: [],
      year: 2014,
      venue: null,
      url: 'https://arxiv.org/abs/1412.6980',
    },
  ]);
});

test('no link or no title: nothing is made up', () => {
  assert.deepEqual(
    citationsFromMemories([
      { content: 'The user likes "Attention Is All You Need".' },
      { content: 'https://example.org/x' },
      { content: '' },
    ]),
    [],
  );
});

test('a bare DOI with the title around it', () => {
  const [ref] = citationsFromMemories([
    {
      content:
        'Reference - Optuna: A Next-generation Hyperparameter Optimization Framework, 10.1145/3292500.3330701 (KDD 2019)',
    },
  ]);
  assert.equal(ref?.title, 'Optuna: A Next-generation Hyperparameter Optimization Framework');
  assert.equal(ref?.url, 'https://doi.org/10.1145/3292500.3330701');
  assert.equal(ref?.year, 2019);
  assert.deepEqual(ref?.authors, [], 'KDD is not an author');
});
