import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isEnglishWord } from './english-words.ts';
import {
  gazetteer,
  inLexicons,
  isField,
  isRoleWord,
  lexiconWordClass,
  suffixOf,
} from './gazetteer.ts';
import { fieldAdjectives } from './lexicons/fields.ts';
import { fieldRoles } from './lexicons/roles.ts';
import { tokenize } from './tokens.ts';

function marksOf(text: string): Record<string, string[]> {
  const tokens = tokenize(text);
  const marks = gazetteer(tokens);
  return Object.fromEntries(tokens.map((t, i) => [t.raw, marks[i]!]));
}

test('multi-word fields and roles are marked where they start and inside', () => {
  const marks = marksOf("I'm a PhD student in condensed matter physics");
  assert.ok(marks.PhD!.includes('role=B'));
  assert.ok(marks.student!.includes('role=I'));
  assert.ok(marks.condensed!.includes('field=B'));
  assert.ok(marks.matter!.includes('field=I'));
  assert.ok(marks.physics!.includes('field=I'));
  assert.ok(marks.physics!.includes('field:word'));
  assert.ok(!marks.in!.some((m) => m.startsWith('field') || m.startsWith('role')));
});

test('role forms of fields are roles: a biostatistician, an entomologist, a physicist', () => {
  for (const role of ['biostatistician', 'entomologist', 'physicist', 'economist', 'historian']) {
    assert.ok(marksOf(role)[role]!.includes('role:word'), role);
  }
  assert.ok(fieldRoles('statistics').includes('statistician'));
  assert.ok(fieldRoles('chemistry').includes('chemist'));
  assert.ok(fieldRoles('geography').includes('geographer'));
  assert.ok(fieldRoles('linguistics').includes('linguist'));
});

test('adjectives of fields qualify a field: ecological, economic, chemical', () => {
  assert.ok(fieldAdjectives('ecology').includes('ecological'));
  assert.ok(fieldAdjectives('economics').includes('economic'));
  assert.ok(fieldAdjectives('chemistry').includes('chemical'));
  assert.ok(marksOf('ecological modelling').ecological!.includes('field:mod'));
});

test('fields and roles in French, Spanish and Arabic', () => {
  assert.ok(marksOf('chercheuse en sociologie').chercheuse!.includes('role:word'));
  assert.ok(marksOf('chercheuse en sociologie').sociologie!.includes('field:word'));
  assert.ok(marksOf('estudiante de economía').economía!.includes('field:word'));
  assert.ok(marksOf('أنا باحثة').باحثة!.includes('role:word'));
});

test('a name is not an English word; a feeling is', () => {
  assert.equal(isEnglishWord('bored'), true);
  assert.equal(isEnglishWord('biostatistician'), true);
  assert.equal(isEnglishWord('eli'), false);
  assert.ok(marksOf("i'm eli").eli!.includes('noeng'));
  assert.ok(marksOf("i'm grumpy").grumpy!.includes('eng'));
  // Command words have their own classes and are not marked.
  assert.deepEqual(marksOf('start').start, []);
});

test('suffixes that mark a field or a person', () => {
  assert.equal(suffixOf('glaciology'), 'ology');
  assert.equal(suffixOf('glaciologist'), 'ologist');
  assert.equal(suffixOf('mathematician'), 'ician');
  assert.equal(suffixOf('robotics'), 'ics');
  assert.equal(suffixOf('cat'), undefined);
});

test('the classifier sees a role or a field as a class', () => {
  const tokens = tokenize("I'm a biostatistician in ecology");
  const marks = gazetteer(tokens);
  assert.equal(lexiconWordClass(marks[2]!), 'profession');
  assert.equal(lexiconWordClass(marks[4]!), 'subject');
  assert.equal(inLexicons('epidemiology'), true);
  assert.equal(inLexicons('sandwich'), false);
});

test('a German compound that ends on a role or a field is one', () => {
  assert.equal(isRoleWord('informatikstudent'), true);
  assert.equal(isRoleWord('juniorprofessorin'), true);
  assert.equal(isField('molekularbiologie'), true);
  assert.equal(isField('umweltokonomie'), true);
  // a role of a field is no field, and the bare ending alone is neither
  assert.equal(isField('agrarwissenschaftlerin'), false);
  assert.equal(isField('kunde'), false);
});

test('listed names are marked, apart when they are ordinary words too', () => {
  const marks = marksOf('priya kowalski and tyler brooks, José Fernández, محمد, Rosa Paz');
  assert.ok(marks.priya!.includes('name:given'));
  assert.ok(marks.kowalski!.includes('name:family'));
  assert.ok(marks.tyler!.includes('name:given+word'), 'an English word too');
  assert.ok(marks.brooks!.some((m) => m.startsWith('name:') && m.endsWith('+word')));
  assert.ok(marks.Rosa!.includes('name:given+word'), 'a Spanish word too');
  assert.ok(marks.Paz!.some((m) => m.startsWith('name:') && m.endsWith('+word')));
  assert.ok(marks['José']!.includes('name:given'), 'accents are folded');
  assert.ok(marks['Fernández']!.includes('name:family'));
  assert.ok(marks['محمد']!.includes('name:given'));
  // Words of the command vocabulary are never names, whatever the lists hold.
  assert.ok(!marks.and!.some((m) => m.startsWith('name:')));
});
