import { test } from 'node:test';
import assert from 'node:assert/strict';
import { routeLearned } from './learned-router.ts';
import { SESSIONS } from './dataset/dataset.ts';

const topicOf = (text: string) => routeLearned({ text, session: SESSIONS.ready }).intent.topic;

test('a topic runs on over its commas and brackets to the end of its sentence', () => {
  assert.equal(
    topicOf(
      'research: sepsis mortality in rural hospitals (2010-2020), comparing teaching hospitals',
    ),
    'sepsis mortality in rural hospitals (2010-2020), comparing teaching hospitals',
  );
  assert.equal(
    topicOf(
      'please research corrosion of offshore wind foundations (monopiles, jackets) and how coatings age',
    ),
    'corrosion of offshore wind foundations (monopiles, jackets) and how coatings age',
  );
  assert.equal(
    topicOf('recherche sur la pêche artisanale au Sénégal, surtout les pirogues'),
    'pêche artisanale au Sénégal, surtout les pirogues',
  );
  // over a name the tagger took for a level
  assert.equal(
    topicOf(
      'Research please on: graph neural networks for predicting crystal band gaps ' +
        '(perovskites, spinels), compared with DFT',
    ),
    'graph neural networks for predicting crystal band gaps (perovskites, spinels), compared with DFT',
  );
});

test('a topic stops where its sentence turns to the writer, the reader or a setting', () => {
  // or to the news that prompts it
  assert.equal(
    topicOf(
      'otra: los deberes en primaria, ahora que los han limitado en Cataluña, ¿qué dice la evidencia?',
    ),
    'los deberes en primaria',
  );
  assert.equal(
    topicOf('research urban heat islands in Cairo, I am a geographer'),
    'urban heat islands in Cairo',
  );
  assert.equal(
    topicOf('research urban heat islands in Cairo, thanks a lot'),
    'urban heat islands in Cairo',
  );
  assert.equal(
    topicOf('research urban heat islands in Cairo, and keep the ideas very safe'),
    'urban heat islands in Cairo',
  );
});

test('a short question after the topic, or what the run is for, is no part of it', () => {
  assert.equal(
    topicOf('faz um estudo sobre adubação verde no cerrado, funciona mesmo?'),
    'adubação verde no cerrado',
  );
  assert.equal(
    topicOf('research desalination costs in the Gulf, for a feature due Thursday'),
    'desalination costs in the Gulf',
  );
});

test('a formal German request leaves its "Sie", "bitte" and article out of the topic', () => {
  assert.equal(
    topicOf('Recherchieren Sie bitte die Lebensdauer von Holzbrücken'),
    'Lebensdauer von Holzbrücken',
  );
});

test('a topic runs on after a spaced dash to the message’s end, unless a request follows it', () => {
  assert.equal(
    topicOf(
      'Run another: gout flare prophylaxis duration after starting allopurinol — 3 vs 6 months',
    ),
    'gout flare prophylaxis duration after starting allopurinol — 3 vs 6 months',
  );
  assert.equal(
    topicOf(
      'Could you run something on trauma-informed training for foster parents — does it reduce placement breakdowns?',
    ),
    'trauma-informed training for foster parents — does it reduce placement breakdowns',
  );
  assert.equal(
    topicOf('microplastic shedding from synthetic clothing during washing — write that up'),
    'microplastic shedding from synthetic clothing during washing',
  );
  assert.equal(topicOf("research soil erosion — I'm a geographer"), 'soil erosion');
  // nor an aside, or a short question about it
  assert.equal(
    topicOf('queue one on supply risk for Chinese graphite export controls — saw it in the FT'),
    'supply risk for Chinese graphite export controls',
  );
  assert.equal(
    topicOf('Neues Thema: Zustandsbewertung von Brücken mit Drohnen – taugt das was?'),
    'Zustandsbewertung von Brücken mit Drohnen',
  );
});
