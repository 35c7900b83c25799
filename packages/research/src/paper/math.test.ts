import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sanitizeMath } from './math.ts';

test('sanitizeMath keeps ordinary math', () => {
  const ok = [
    'x',
    '\\alpha \\leq 0.5',
    '\\eta_t = \\eta_{\\max} \\cdot \\min(1, t / T_w)',
    '\\frac{1}{n} \\sum_{i=1}^{n} x_i^2',
    '\\sqrt[3]{x} + \\hat{\\theta}',
    '\\left( \\frac{a}{b} \\right)^2',
    '\\mathbb{E}[X] = \\mu',
    'p < 0.05, \\; n = 10\\,000',
    'f(x) = 1 \\text{ if } x > 0',
    'x_i^2 + y^{a}_{b}',
    '\\{1, 2\\} \\cup \\emptyset',
    '\\operatorname{softmax}(z)',
  ];
  for (const src of ok) assert.equal(sanitizeMath(src), src, src);
});

test('sanitizeMath maps unicode symbols to math commands', () => {
  assert.equal(sanitizeMath('α ≤ β·γ'), '\\alpha \\leq \\beta \\cdot \\gamma ');
  assert.equal(sanitizeMath('x ± 2σ'), 'x \\pm 2\\sigma ');
  assert.equal(sanitizeMath('漢'), null);
});

test('sanitizeMath refuses dangerous commands and catcode tricks', () => {
  const dangerous = [
    '\\input{/etc/passwd}',
    '\\include{x}',
    '\\write18{rm -rf /}',
    '\\immediate\\write18{ls}',
    '\\openout1=x',
    '\\catcode`\\^^5c=0',
    '\\def\\x{\\x}\\x',
    '\\csname input\\endcsname',
    '\\expandafter x',
    '\\usepackage{x}',
    '\\read16 to \\x',
    '^^5cinput{/etc/passwd}',
    'x^^5c',
    '\\begin{array}{c}x\\end{array}',
    '\\text{\\input{x}}',
    '\\mathrm{\\write18{x}}',
  ];
  for (const src of dangerous) assert.equal(sanitizeMath(src), null, src);
});

test('sanitizeMath refuses math that would stop a -halt-on-error compile', () => {
  const broken = [
    '{x',
    'x}',
    '\\left( x',
    'x \\right)',
    '{\\left( x} \\right)',
    '\\left x \\right)',
    '\\frac{a}',
    '\\frac',
    '\\sqrt',
    'x^',
    'x_',
    'x^^',
    'x^a^b',
    'x_a_b',
    'x^a_b^c',
    'a & b',
    'x % comment',
    'a \\\\ b',
    '#1',
    'x\\',
    '\\text{a_b}',
    '',
    'x'.repeat(401),
  ];
  for (const src of broken) assert.equal(sanitizeMath(src), null, JSON.stringify(src));
});
