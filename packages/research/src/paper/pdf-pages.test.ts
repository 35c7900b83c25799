import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deflateSync } from 'node:zlib';
import { countPdfPages, pagesFromLog } from './pdf-pages.ts';

/** A PDF-shaped buffer: plain objects, then optionally an object stream holding more. */
function pdf(plain: string[], packed: string[] = [], indirectLength = false): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.5\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  plain.forEach((body, i) => parts.push(Buffer.from(`${i + 1} 0 obj\n${body}\nendobj\n`)));
  if (packed.length > 0) {
    const data = deflateSync(Buffer.from(packed.join('\n')));
    const length = indirectLength ? '99 0 R' : String(data.length);
    parts.push(
      Buffer.from(`50 0 obj\n<< /Type /ObjStm /N ${packed.length} /First 10 /Length ${length} `),
      Buffer.from('/Filter /FlateDecode >>\nstream\n'),
      data,
      Buffer.from('\nendstream\nendobj\n'),
    );
  }
  parts.push(Buffer.from('trailer\n<< /Root 1 0 R >>\n%%EOF\n'));
  return Buffer.concat(parts);
}

const PAGES = '<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>';
const PAGE = '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>';

test('counts /Type /Page objects, not /Type /Pages', () => {
  assert.equal(countPdfPages(pdf(['<< /Type /Catalog >>', PAGES, PAGE, PAGE])), 2);
  assert.equal(countPdfPages(pdf([PAGES, '<</Type/Page/Parent 1 0 R>>'])), 1);
});

test('counts pages packed in compressed object streams', () => {
  assert.equal(countPdfPages(pdf(['<< /Type /Catalog >>'], [PAGES, PAGE, PAGE, PAGE])), 3);
  assert.equal(countPdfPages(pdf([PAGE], [PAGES, PAGE], true)), 2, 'indirect /Length');
});

test('not a PDF, or a damaged object stream: null, so the caller uses the log', () => {
  assert.equal(countPdfPages(Buffer.from('hello')), null);
  const broken = pdf([PAGE], [PAGE]);
  const at = broken.indexOf('stream\n') + 9;
  broken.fill(0, at, at + 4);
  assert.equal(countPdfPages(broken), null);
});

test('pagesFromLog reads TeX\'s "Output written" line', () => {
  assert.equal(pagesFromLog('...\nOutput written on paper.pdf (3 pages, 123456 bytes).\n'), 3);
  assert.equal(pagesFromLog('Output written on paper.pdf (1 page, 9 bytes).'), 1);
  assert.equal(pagesFromLog('No pages of output.'), null);
});
