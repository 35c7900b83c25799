import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  asksOfNews,
  asksWhatAppCovers,
  speaksOfOtherRisk,
  toldOfReading,
} from './told-or-asked.ts';
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

test('a question whether the assistant heard some news is small talk', () => {
  const news = (text: string) => asksOfNews(tokenize(text));
  assert.equal(news('did you hear the Voyager probe is sending data again? so cool'), true);
  assert.equal(news('omg did u see the eclipse pics from Mexico?'), true);
  assert.equal(news('¿Viste lo de la sequía en Uruguay? terrible'), true);
  assert.equal(news("T'as vu la nouvelle sur le glacier qui s'est effondré ?"), true);
  assert.equal(news('Hast du die Nachricht über das Erdbeben gelesen?'), true);
  assert.equal(news('hai visto la notizia sul ghiacciaio?'), true);
  assert.equal(news('viu a notícia sobre a seca no Nordeste?'), true);
  // the writer's or the app's things, a request after it, or no question: none
  assert.equal(news('did you see my new role? I switched to data science'), false);
  assert.equal(news('did you see the results of my last run?'), false);
  assert.equal(news('have you read about the Tonga eruption? write a paper on it please'), false);
  assert.equal(news('I heard the Tonga eruption was huge'), false);
});

test("a level said of the writer's money, diet, sport, coffee or weather is small talk", () => {
  const other = (text: string) => speaksOfOtherRisk(tokenize(text));
  assert.equal(other('I put a bit into a high-risk ETF, probably dumb'), true);
  assert.equal(other('La mia dieta è rigidissima in questo periodo'), true);
  assert.equal(other("Rugby's a brutal sport, my knees can confirm"), true);
  assert.equal(other('The weather in Oslo is wild today'), true);
  assert.equal(other('استثمرت في أسهم عالية المخاطر، الله يستر'), true);
  // not with no level word, a job, the research, or a wish that the app be so
  assert.equal(other("I'm a quant at a hedge fund"), false);
  assert.equal(other("I'm a rugby coach, be strict"), false);
  assert.equal(other('bold ideas, strong like my coffee'), false);
  assert.equal(other('be bold, like my coffee'), false);
});
