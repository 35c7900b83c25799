import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assignKeys, citationKey, familyName } from './keys.ts';

const ref = (authors: string[], year: number | null, title: string) => ({
  title,
  authors,
  year,
  venue: null,
  url: null,
});

test('keys are firstauthorYearWord in ASCII', () => {
  const cases: [ReturnType<typeof ref>, string][] = [
    [
      ref(['Ashish Vaswani', 'Noam Shazeer'], 2017, 'Attention Is All You Need'),
      'vaswani2017attention',
    ],
    [ref(['He, Kaiming'], 2016, 'Deep Residual Learning'), 'he2016deep'],
    [ref(['Jürgen Schmidhuber'], 1997, 'Long Short-Term Memory'), 'schmidhuber1997long'],
    [ref(['Martin Luther King Jr.'], 1963, 'The Dream'), 'king1963dream'],
    [
      ref(['Laurens van der Maaten'], 2008, 'Visualizing Data using t-SNE'),
      'maaten2008visualizing',
    ],
    [ref([], null, 'On the Origin of Species'), 'anonndorigin'],
    [ref(['李明'], 2020, '深度学习'), 'anon2020'],
    [ref(["O'Neil, Cathy"], 2016, 'Weapons of Math Destruction'), 'oneil2016weapons'],
  ];
  for (const [input, key] of cases) {
    assert.equal(citationKey(input), key);
    assert.match(key, /^[A-Za-z0-9_:-]+$/);
  }
  assert.equal(familyName('Smith, John'), 'Smith');
});

test('assignKeys makes keys unique, case-insensitively, deterministically', () => {
  const refs = [
    ref(['A. Smith'], 2020, 'Deep nets'),
    ref(['B. Smith'], 2020, 'Deep trees'),
    ref(['C. SMITH'], 2020, 'deep forests'),
    ref(['D. Jones'], 2021, 'Other'),
  ];
  const keys = assignKeys(refs, ['jones2021other']).map((r) => r.key);
  assert.deepEqual(keys, ['smith2020deep', 'smith2020deepb', 'smith2020deepc', 'jones2021otherb']);
  assert.deepEqual(
    assignKeys(refs, ['jones2021other']).map((r) => r.key),
    keys,
    'same input, same keys',
  );
  const many = assignKeys(Array.from({ length: 40 }, () => ref(['X'], 2000, 'Same')));
  assert.equal(new Set(many.map((r) => r.key.toLowerCase())).size, 40);
  assert.equal(many[26]!.key, 'x2000same27');
});
