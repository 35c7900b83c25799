import { test } from 'node:test';
import assert from 'node:assert/strict';
import { filesOutside } from './tex-reads.ts';

test('a recorder file is checked against the run directory and the TeX trees', () => {
  const fls = [
    'PWD /data/runs/r1/paper',
    'INPUT /usr/share/texlive/texmf-dist/tex/latex/base/article.cls',
    'INPUT paper.tex',
    'INPUT ./fig-curves.csv',
    'OUTPUT paper.log',
    'INPUT /etc/passwd',
    'INPUT ../../r2/paper/paper.tex',
    'OUTPUT /tmp/x.txt',
    'INPUT /etc/passwd',
  ].join('\n');
  assert.deepEqual(filesOutside(fls, '/data/runs/r1/paper', ['/usr/share/texlive']), [
    '/etc/passwd',
    '/data/runs/r2/paper/paper.tex',
    '/tmp/x.txt',
  ]);
  assert.deepEqual(filesOutside('', '/d', []), []);
});
