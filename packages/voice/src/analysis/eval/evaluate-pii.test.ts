// The labelled set is well formed and the detector keeps the figures docs/benchmarks.md
// reports for it (with a little slack, so a deliberate trade-off shows up here first).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { evaluate, loadCases } from './evaluate-pii.ts';

const CASES = fileURLToPath(new URL('./pii-cases.jsonl', import.meta.url));

test('the labelled set loads: English and Arabic, PII and near misses', () => {
  const cases = loadCases(CASES);
  assert.ok(cases.length >= 100, `${cases.length} cases`);
  assert.ok(
    cases.some((c) => /[\u0660-\u0669]/.test(c.text)),
    'Arabic-Indic digits',
  );
  assert.ok(cases.some((c) => /[\u0600-\u06FF]/.test(c.text) && c.pii.length === 0));
  assert.ok(cases.filter((c) => c.pii.length === 0).length >= 40, 'near misses');
});

test('phone and IBAN precision and recall on the labelled set', () => {
  const { scores } = evaluate(loadCases(CASES), true);
  const phone = scores.get('phone_number')!;
  const iban = scores.get('iban')!;
  const precision = (s: typeof phone) => s.tp / (s.tp + s.fp);
  const recall = (s: typeof phone) => s.tp / (s.tp + s.fn);
  assert.ok(precision(phone) >= 0.9, `phone precision ${precision(phone)}`);
  assert.ok(recall(phone) >= 0.95, `phone recall ${recall(phone)}`);
  assert.equal(precision(iban), 1);
  assert.equal(recall(iban), 1);
});

test('a malformed case is refused with its line number', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pii-cases-'));
  try {
    const file = join(dir, 'cases.jsonl');
    writeFileSync(
      file,
      '{"id":"a","languages":["en-US"],"text":"hi","pii":[]}\n' +
        '{"id":"b","languages":["en-US"],"text":"call 1","pii":[["phone_number","2"]]}\n',
    );
    assert.throws(() => loadCases(file), /cases\.jsonl:2: "2" not in the text/);
    writeFileSync(file, '{"id":"a","languages":[],"text":"hi","pii":[["fax","hi"]]}\n');
    assert.throws(() => loadCases(file), /cases\.jsonl:1: /);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
