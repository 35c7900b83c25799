import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  arabicNameStart,
  nameAfterTitle,
  nameFromCue,
  nameFromPlace,
  signedName,
  switchTarget,
  withoutNonNames,
} from './name-fallback.ts';
import { markSpan, slotWords, TAGS } from './model/tags.ts';
import { tokenize } from './model/tokens.ts';

/** The name read from its place in a message the tagger found no name in. */
function named(text: string): string {
  const tokens = tokenize(text);
  const tags = nameFromPlace(
    tokens,
    tokens.map(() => 0),
  );
  return slotWords(tokens, tags, 'name');
}

test('a name where requests put it: after "switch to", "as", "for", "como", or first', () => {
  assert.equal(named('switch me to hope pls'), 'hope');
  assert.equal(named('could you make a profile for Raj'), 'Raj');
  assert.equal(named('Inicia sesión como pedro por favor'), 'pedro');
  assert.equal(named('Hope signing in'), 'Hope');
  assert.equal(named('ok. Call me Jo. I teach'), 'Jo');
  assert.equal(named('First time here. I go by Mo.'), 'Mo');
  assert.equal(named('grace again, sign me in'), 'grace');
  assert.equal(named('yo its mike mcdonald lol sign me up'), 'mike mcdonald');
  assert.equal(named("hi, I'm Kwame"), 'Kwame');
});

test('no name from words that stand there without being one', () => {
  assert.equal(named('create an account for me'), '');
  assert.equal(named("I'd like to sign up please"), '');
  assert.equal(named("I'm interested in joining"), '');
  assert.equal(named('switch to another user'), '');
  // a greeting or a set phrase before a comma is no name
  assert.equal(named('Boa tarde, quero criar uma conta'), '');
  assert.equal(named('Tudo bem, sign me up'), '');
  assert.equal(named('Buonasera, vorrei iscrivermi'), '');
});

test('a full name that opens the message before a stop, a comma or a dash, or before "hier"', () => {
  assert.equal(named('Michael Chang. Log me in'), 'Michael Chang');
  assert.equal(named('Prof. Anneliese Varga — how do I start?'), 'Anneliese Varga');
  assert.equal(named('Servus, Dominik Huber hier'), 'Dominik Huber');
});

test('a "name" that is a role, a span of time or a lower-case English word is none', () => {
  const kept = (text: string, first: number, last: number) => {
    const tokens = tokenize(text);
    const tags = tokens.map(() => 0);
    markSpan(tags, 'name', first, last);
    return withoutNonNames(tokens, tags).some((t) => t !== 0);
  };
  assert.equal(kept('Michael Chang. Log me in, I am between shifts', 10, 10), false);
  assert.equal(kept('Ho insegnato per 35 anni. Franca.', 4, 4), false);
  assert.equal(kept('Retraitée de la banque. Monique.', 0, 0), false);
  // after "I'm" any word may be one
  assert.equal(kept("I'm Dev, I do computer vision", 1, 1), true);
  assert.equal(kept("Hi! I'm rose", 3, 3), true);
  // greetings the classifier does not know as such: "Allô", "Moin", "Oi"
  assert.equal(kept("Allô, c'est Max, connecte-moi", 0, 0), false);
  assert.equal(kept('Moin, brauche einen Zugang', 0, 0), false);
  assert.equal(kept('Grüß Gott, Huber Andreas, bitte einloggen', 1, 1), false);
});

test('a name does not end on a particle, nor on "again", nor is it a year of study', () => {
  const named = (text: string, first: number, last: number) => {
    const tokens = tokenize(text);
    const tags = tokens.map(() => 0);
    markSpan(tags, 'name', first, last);
    return withoutNonNames(tokens, tags).flatMap((t, i) => (t ? [tokens[i]!.raw] : []));
  };
  assert.deepEqual(named('Hola, soy Lucía de nuevo, entrá a mi cuenta', 3, 4), ['Lucía']);
  assert.deepEqual(named('مساء الخير، دي أميرة حسن تاني', 4, 6), ['أميرة', 'حسن']);
  // a year of study is no name, whatever its ordinal
  assert.deepEqual(named('studente di ingegneria al terzo anno', 4, 5), []);
});

test('a name the tagger found is left as it is', () => {
  const tokens = tokenize('switch to Ana');
  const tags = [0, 0, TAGS.indexOf('B-name')];
  assert.deepEqual(nameFromPlace(tokens, tags), tags);
});

test('a request to switch users names the user after "switch to", not a setting or a mode', () => {
  const target = (text: string) => {
    const tokens = tokenize(text);
    return tokens[switchTarget(tokens)]?.raw;
  };
  assert.equal(target('no wait, wrong one, switch me to Hanako'), 'Hanako');
  assert.equal(target('yo, switch me over to the dmitri account'), 'dmitri');
  assert.equal(target('switch to bold ideas'), undefined);
  assert.equal(target('switch my field to ecology'), undefined);
  assert.equal(target('switch to light mode'), undefined);
});

/** The name a rule reads, given the tagger's name span (as token indexes), if any. */
function read(
  rule: (tokens: ReturnType<typeof tokenize>, tags: readonly number[]) => number[],
  text: string,
  tagged?: [number, number],
): string {
  const tokens = tokenize(text);
  const tags = tokens.map(() => 0);
  if (tagged) markSpan(tags, 'name', tagged[0], tagged[1]);
  return slotWords(tokens, rule(tokens, tags), 'name');
}

test('a name introduced by a naming verb wins over one the tagger read elsewhere', () => {
  // "… Universidade do Minho, chamo-me Inês Pereira": the tagger read "Minho"
  const minho = 'Sou bolseira na Universidade do Minho, chamo-me Inês Pereira.';
  assert.equal(read(nameFromCue, minho, [4, 4]), 'Inês Pereira');
  assert.equal(read(nameFromCue, 'Meine Frau ist Chirurgin. Ich heiße Stefan.', [3, 3]), 'Stefan');
  assert.equal(read(nameFromCue, 'Policy analyst. Name: Lindiwe Dube.'), 'Lindiwe Dube');
  assert.equal(read(nameFromCue, 'أنا متقاعد، كنت طيار. اسمي سعود', [1, 1]), 'سعود');
  // the verb read with the name is not part of it
  assert.equal(read(nameFromCue, 'Boa tarde. Chamo-me Nuno.', [3, 4]), 'Nuno');
  // after the verb, an English word in a message typed in lower case is the name too
  assert.equal(read(nameFromCue, 'bin lehrerin, mathe und physik, heiß anna', [4, 5]), 'anna');
  assert.equal(read(nameFromCue, 'ana esmi omar w ana phd student', undefined), 'omar');
  // a long name runs on over its particles; a name may come before "is my name"
  const long = 'Me llamo José Luis Fernández de la Torre, soy catedrático';
  assert.equal(read(nameFromCue, long, [2, 4]), 'José Luis Fernández de la Torre');
  const before = 'greetings, Eleanor de Vries-Bakker is my name';
  assert.equal(read(nameFromCue, before, undefined), 'Eleanor de Vries-Bakker');
  assert.equal(read(nameFromCue, 'I work in ecology', undefined), '');
});

test('a name signed at the end, after a full stop, a dash or regards', () => {
  assert.equal(read(signedName, "I'm an economics professor. — Ruth Adeyemi"), 'Ruth Adeyemi');
  assert.equal(read(signedName, "I'm a patent attorney. Deborah Stein."), 'Deborah Stein');
  assert.equal(read(signedName, 'I work on surveys. Kind regards, Helen Marsh'), 'Helen Marsh');
  assert.equal(read(signedName, 'Je suis chercheuse. Amélie Roux, enchantée.'), 'Amélie Roux');
  // a word, a place after a comma, or a name the tagger read already are not signatures
  assert.equal(read(signedName, 'I study bees. Thanks.'), '');
  // (a given name alone that is an English word too is a name: "horst" is a ridge)
  assert.equal(read(signedName, 'Ich war Chemielehrer, bin aber lange raus. Horst.'), 'Horst');
  assert.equal(read(signedName, 'Data scientist, Lisbon'), '');
  assert.equal(read(signedName, "I'm Ada. — Ruth", [1, 1]), 'Ada');
  // written small, a full name of listed names only
  assert.equal(read(signedName, 'new account please. kofi mensah'), 'kofi mensah');
  assert.equal(read(signedName, 'log me in. will do it later'), '');
  assert.equal(read(signedName, 'sign me up. rose'), '');
});

test('a handle after "as", a colon or "its name is" is the name, whatever the tagger read', () => {
  assert.equal(read(nameFromCue, 'Entra como thiago.santos aí'), 'thiago.santos');
  assert.equal(read(nameFromCue, 'Entra como thiago.santos aí', [0, 0]), 'thiago.santos');
  assert.equal(read(nameFromCue, 'entra na minha conta por favor: thiago_m'), 'thiago_m');
  assert.equal(
    read(nameFromCue, 'حولني على حساب الصيدلية، اسمه pharma_omar', [4, 4]),
    'pharma_omar',
  );
  // not a title written with its ending
  assert.equal(
    read(nameFromCue, 'Iscrizione: dott.ssa Valentina Greco', [3, 4]),
    'Valentina Greco',
  );
});

test('a name after a title that opens a clause wins over one the tagger read elsewhere', () => {
  const schulz = 'Guten Tag, Dr. Petra Schulz, Oberärztin am Uniklinikum Köln.';
  assert.equal(read(nameAfterTitle, schulz, [10, 11]), 'Petra Schulz');
  assert.equal(read(nameAfterTitle, 'Hi, I am Dr. Elena Ruiz, a chemist', undefined), 'Elena Ruiz');
  // after "I'm", a family name alone will do
  assert.equal(read(nameAfterTitle, "Greetings, I'm Professor Adeyemi and I teach"), 'Adeyemi');
  assert.equal(read(nameAfterTitle, 'Greetings. Professor Adeyemi and I teach'), '');
  // not a title inside a clause, nor when a naming verb says the name
  assert.equal(read(nameAfterTitle, 'my advisor Dr. Smith Jones told me', undefined), '');
  assert.equal(read(nameAfterTitle, 'Prof. Ada Lee sent me. Me llamo Rui.', [9, 9]), 'Rui');
});

test('an Arabic name the tagger began on its second word begins on its first', () => {
  assert.equal(read(arabicNameStart, 'أنا سلمى الشامي، أريد حساباً', [2, 2]), 'سلمى الشامي');
  assert.equal(read(arabicNameStart, 'حساب جديد. هدى منصور، مهندسة', [4, 4]), 'هدى منصور');
  // not over a word that follows another one, nor over a naming word
  assert.equal(read(arabicNameStart, 'أريد حساب منصور', [2, 2]), 'منصور');
  assert.equal(read(arabicNameStart, 'اسمي منصور', [1, 1]), 'منصور');
  // "this is" in Egyptian
  assert.equal(read(arabicNameStart, 'مساء الخير، دي أميرة حسن', [5, 5]), 'أميرة حسن');
});

test('a name said before "here" wins over one the tagger read elsewhere', () => {
  const katrin = 'Guten Morgen, Katrin Vogel hier. Ich arbeite im Bundesumweltministerium.';
  assert.equal(read(nameFromPlace, katrin, [10, 10]), 'Katrin Vogel');
  // not a role or how new the writer is
  const lea = "Salut, journaliste pigiste ici, je couvre l'agriculture. Moi c'est Léa.";
  assert.equal(read(nameFromPlace, lea, [14, 14]), 'Léa');
  const mathis = "nouveau ici, moi c'est Mathis, je suis enseignant";
  assert.equal(read(nameFromPlace, mathis, [6, 6]), 'Mathis');
});
