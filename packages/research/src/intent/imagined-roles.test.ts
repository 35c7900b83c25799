import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hopedFor, imaginedSelf, onlyImagines } from './imagined-roles.ts';
import { tokenize } from './model/tokens.ts';

test('a self imagined or hoped for, in seven languages, is marked to the end of its clause', () => {
  const marked = (text: string) => {
    const tokens = tokenize(text);
    const out = imaginedSelf(tokens);
    return tokens
      .filter((_, i) => out[i])
      .map((t) => t.raw)
      .join(' ');
  };
  assert.equal(
    marked('If I were a physicist this would be easier'),
    'were a physicist this would be easier',
  );
  assert.equal(marked("Si j'étais physicien, je comprendrais"), 'étais physicien');
  assert.equal(
    marked('Vorrei diventare psicologo, per ora studio filosofia'),
    'diventare psicologo',
  );
  assert.equal(
    marked('Ich möchte irgendwann mal Data Scientist werden, mal sehen'),
    'Ich möchte irgendwann mal Data Scientist werden',
  );
  assert.equal(marked('لو كنت دكتور كنت فهمت'), 'كنت دكتور كنت فهمت');
  assert.equal(marked("I'm a physicist"), '');
  assert.equal(marked('I was a nurse'), '');
});

test('a message that only imagines a self says nothing of the writer', () => {
  const only = (text: string) => onlyImagines(tokenize(text));
  assert.equal(only('Se eu fosse físico entenderia isso tudo kkkkk'), true);
  assert.equal(only('Quero ser cientista de dados um dia, mas por enquanto sou só curioso'), true);
  // a field, or a name introduced, beside it is said of the writer
  assert.equal(only('Vorrei diventare psicologo, per ora studio filosofia'), false);
  assert.equal(
    only(
      'Quiero ser científica de datos algún día, de momento estudio estadística. Soy Valentina.',
    ),
    false,
  );
  assert.equal(only('أودّ أن أصبح عالم بيانات في المستقبل. اسمي ريم.'), false);
  assert.equal(only("I'm a physicist"), false);
  assert.equal(only("Someday I'd love to be a marine archaeologist"), true);
});

test('a field the writer hopes or plans to go into is marked as hoped for', () => {
  const hoped = (text: string, word: string) => {
    const tokens = tokenize(text);
    return hopedFor(tokens)[tokens.findIndex((t) => t.raw === word)];
  };
  assert.equal(hoped("I'm a paramedic hoping to move into public health", 'health'), true);
  assert.equal(hoped("i'm going to start a master's in ecology next fall", 'ecology'), true);
  assert.equal(hoped("J'espère faire une thèse en démographie", 'démographie'), true);
  assert.equal(hoped('quiero hacer un máster en bioestadística', 'bioestadística'), true);
  // what the writer is now, in another clause, is not
  assert.equal(hoped('I work in hydrology, hoping to switch someday', 'hydrology'), false);
  assert.equal(hoped('PhD student in ecology', 'ecology'), false);
  // thinking of it, or maybe switching to it; not "urban planning", nor past a new subject
  assert.equal(hoped("I'm thinking of going into data science", 'science'), true);
  assert.equal(hoped('I might switch to epidemiology next year', 'epidemiology'), true);
  assert.equal(hoped('I switched to urban planning last month', 'month'), false);
  assert.equal(
    hoped("I'm hoping to start a master's so I guess my field is science education", 'science'),
    false,
  );
});
