import { test } from 'node:test';
import assert from 'node:assert/strict';
import { asksWhatAppCovers, speaksOfOtherRisk, toldOfReading } from './told-or-asked.ts';
import { tokenize } from './model/tokens.ts';

test('a question about what subjects the app covers', () => {
  const covers = (text: string) => asksWhatAppCovers(tokenize(text));
  assert.equal(covers('can you do research on humanities stuff or just science?'), true);
  assert.equal(covers('Tu peux faire des recherches en droit ou seulement en sciences ?'), true);
  assert.equal(covers('Welche Fachgebiete deckst du ab?'), true);
  assert.equal(covers('شو نوع الأبحاث اللي بتقدر تعملها؟'), true);
  assert.equal(covers('do you support topics outside of STEM, e.g. art history?'), true);
  // a request with an alternative, and no question, are none
  assert.equal(covers('write a paper on protein folding or just on misfolding?'), false);
  assert.equal(covers('what kinds of research do you do'), false);
});

test('an aside about what the writer read or saw, asking nothing', () => {
  const told = (text: string) => toldOfReading(tokenize(text));
  assert.equal(told('read a fascinating paper on coral bleaching on the flight yesterday'), true);
  assert.equal(told('Ayer vi un documental sobre la deforestación en Borneo, qué tristeza'), true);
  assert.equal(told('Ho letto un articolo sulla crisi idrica in Sicilia, che disastro'), true);
  assert.equal(told('I wrote a paper on bees last year'), true);
  assert.equal(told('قرأت أمس مقالاً عن ذوبان الجليد في القطب الشمالي'), true);
  assert.equal(told('I read a paper on sleep, can you research that?'), false);
  assert.equal(told('read up on coral bleaching and write a paper'), false);
});

test('the risk of money or health is not a preference for ideas', () => {
  const other = (text: string) => speaksOfOtherRisk(tokenize(text));
  assert.equal(other('crypto is way too risky for me, I stick to index funds'), true);
  assert.equal(other('Aktien sind mir zu riskant, ich spar lieber aufs Tagesgeld'), true);
  assert.equal(other('الاستثمار في العملات الرقمية مخاطرة كبيرة برأيي'), true);
  assert.equal(other('bold ideas please, I invest in crypto for fun'), false);
  assert.equal(other('keep the ideas safe'), false);
});
