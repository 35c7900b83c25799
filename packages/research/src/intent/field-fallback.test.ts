import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fieldFromLexicon, teachesSubject } from './field-fallback.ts';
import { slotWords, TAGS } from './model/tags.ts';
import { tokenize } from './model/tokens.ts';

const fieldOf = (text: string, tags: number[]) => slotWords(tokenize(text), tags, 'domain');

/** The field the lexicon fallback reads in an untagged message. */
const fromLexicon = (text: string) => {
  const tokens = tokenize(text);
  return fieldOf(
    text,
    fieldFromLexicon(
      tokens,
      tokens.map(() => 0),
    ),
  );
};

test('a field word left out, with the words that qualify it around it', () => {
  assert.equal(
    fromLexicon('This is Declan from the chemistry dept, setting up an account'),
    'chemistry',
  );
  assert.equal(fromLexicon('I do computational linguistics'), 'computational linguistics');
  assert.equal(fromLexicon("I'm a nurse"), '');
  assert.equal(fromLexicon('Postdoc in der theoretischen Chemie'), 'theoretischen Chemie');
  // a capitalised word before is a noun, not the field's adjective
  assert.equal(fromLexicon('am Institut für Chemie'), 'Chemie');
  // an Arabic field with a preposition written on it ("in behavioural economics")
  assert.equal(fromLexicon('بس مهتم بالاقتصاد السلوكي'), 'بالاقتصاد السلوكي');
  // or a field's head noun with its article, and what qualifies it ("modern Arabic literature")
  assert.equal(fromLexicon('محاضرة في الأدب العربي الحديث بجامعة القاهرة'), 'الأدب العربي الحديث');
});

test('the plain words after "I research", "I study" or "I work on", to the clause end', () => {
  assert.equal(fromLexicon('I research sleep disorders'), 'sleep disorders');
  assert.equal(fromLexicon("I study bird migration, I'm a postdoc"), 'bird migration');
  assert.equal(fromLexicon('we work on coral bleaching and reef recovery'), 'coral bleaching');
  // no self before the verb, words that are no field's, or no clause end: nothing
  assert.equal(fromLexicon('research sleep disorders'), '');
  assert.equal(fromLexicon('I work on things'), '');
  assert.equal(fromLexicon('I study sleep disorders in a lab in Leeds'), '');
});

test('the words after a verb of interest or of work in any language, to a place or clause end', () => {
  assert.equal(
    fromLexicon("je m'intéresse à la iatrogénie chez les personnes âgées"),
    'iatrogénie',
  );
  assert.equal(fromLexicon('trabajo con anfibios en la Amazonía'), 'anfibios');
  assert.equal(fromLexicon('lavoro sui vulcani in Sicilia'), 'vulcani');
  assert.equal(
    fromLexicon('ich promoviere gerade in Volkswirtschaftslehre'),
    'Volkswirtschaftslehre',
  );
  assert.equal(fromLexicon('a junior dev learning about compilers'), 'compilers');
  assert.equal(fromLexicon('self-taught dev, been hacking on compilers for fun'), 'compilers');
  assert.equal(fromLexicon('I observe variable stars from Nagano'), 'variable stars');
  assert.equal(fromLexicon('soy periodista de datos, cubro temas de vivienda'), 'vivienda');
  assert.equal(
    fromLexicon('je me passionne pour la cartographie ancienne'),
    'cartographie ancienne',
  );
  assert.equal(fromLexicon('beschäftige mich mit Ornithologie'), 'Ornithologie');
  assert.equal(fromLexicon('interesso-me por criptografia'), 'criptografia');
  assert.equal(fromLexicon('I specialise in coastal erosion'), 'coastal erosion');
  // a verb of work needs its preposition; what follows must be plain words to a clause end
  assert.equal(fromLexicon('trabajo mucho'), '');
  assert.equal(fromLexicon('me interesa mucho'), '');
  assert.equal(fromLexicon('learning about it slowly'), '');
});

test('the words after "mainly", before a closing "mostly", in a role’s brackets', () => {
  assert.equal(
    fromLexicon('Dr. Ines Moreau here — cardiologist, mainly heart failure.'),
    'heart failure',
  );
  assert.equal(fromLexicon('a clinical data manager at a CRO now, vaccines mostly'), 'vaccines');
  assert.equal(fromLexicon('Middle school teacher (science), plus a part-time EdD'), 'science');
  assert.equal(fromLexicon('catedrático de Derecho Administrativo'), 'Derecho Administrativo');
  // "mostly" inside a clause, or brackets after no role, name none
  assert.equal(fromLexicon('I mostly read at night'), '');
  assert.equal(fromLexicon('hello (again)'), '');
});

test('a field left for another is no field, nor is a place of a kind', () => {
  assert.equal(fromLexicon("I'm a midwife now, switched careers from accounting"), '');
});

test('what the writer teaches is their field, two subjects joined by "and" one field', () => {
  assert.equal(fromLexicon('insegno storia e filosofia in un liceo'), 'storia e filosofia');
  assert.equal(fromLexicon("j'enseigne les SVT au collège"), 'SVT');
  assert.equal(fromLexicon('ich unterrichte Latein und Mathe'), 'Latein und Mathe');
  assert.equal(fromLexicon('enseño música en una escuela'), 'música');
  // "ensino" after an article is the noun, schooling: no verb of teaching
  assert.equal(fromLexicon('trabalho no ensino superior'), '');
  assert.ok(teachesSubject(tokenize('I teach statistics to nurses')));
  assert.ok(!teachesSubject(tokenize('I teach kids to swim')));
  assert.ok(!teachesSubject(tokenize('my brother teaches')));
});

test('what the writer adds to their fields is a field, whatever the lexicon knows', () => {
  assert.equal(fromLexicon('add pharmacoepidemiology to my fields pls'), 'pharmacoepidemiology');
  assert.equal(
    fromLexicon('ajoute la démographie historique à mon profil'),
    'démographie historique',
  );
  assert.equal(fromLexicon('add a reminder to my calendar'), '');
});

test('in a terse list, the clause after the role is the field', () => {
  /** The field read when the role is the message's first two words. */
  const afterRole = (text: string) => {
    const tokens = tokenize(text);
    const tags = tokens.map((_, i) =>
      i === 0 ? TAGS.indexOf('B-archetype') : i === 1 ? TAGS.indexOf('I-archetype') : 0,
    );
    return fieldOf(text, fieldFromLexicon(tokens, tags));
  };
  assert.equal(afterRole('structural engineer. offshore wind.'), 'offshore wind');
  assert.equal(
    afterRole('PhD student, 3rd year, palaeoclimate, wants bold ideas'),
    'palaeoclimate',
  );
  // not a city, a request in another language, how long, or an adjective of the role
  assert.equal(afterRole('clinical epidemiologist, Hamburg.'), '');
  assert.equal(afterRole('investigadora principal, actualízalo porfa'), '');
  assert.equal(afterRole('occupational therapist, pediatric, 9 years'), '');
  assert.equal(afterRole('ICU nurse. First time.'), '');
});
