import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  fieldAfterLabel,
  fieldAfterOpeningLabel,
  fieldBeforeLabel,
  fieldCaredAbout,
  fieldNarrowed,
  labelsField,
} from './field-labels.ts';
import { slotWords, TAGS } from './model/tags.ts';
import { tokenize } from './model/tokens.ts';

const fieldOf = (text: string, tags: number[]) => slotWords(tokenize(text), tags, 'domain');

test('a field after its label, to the end of the clause', () => {
  const read = (text: string) => {
    const tags = tokenize(text).map(() => 0);
    fieldAfterLabel(tokenize(text), tags);
    return fieldOf(text, tags);
  };
  assert.equal(read('run: prompt injection defenses. field = security'), 'security');
  assert.equal(read('Field: CS. Role: undergrad.'), 'CS');
  assert.equal(read('مجالي هو إدارة المخاطر'), 'إدارة المخاطر');
  // A word "field" without a label's separator, or a clause too long to be a field, is none.
  assert.equal(read('what field should I pick'), '');
  assert.equal(read('my field is something I would rather not talk about today'), '');
  // Research, interests and focus label a field only when said to be the writer's; the field
  // ends before whom or where it is studied, and opens on no verb.
  assert.equal(
    read('my research is on sign language acquisition in deaf children'),
    'sign language acquisition',
  );
  assert.equal(read('Il mio campo è il restauro di affreschi'), 'restauro di affreschi');
  assert.equal(
    read('My subspecialty is paediatric infectious diseases, with a special interest in …'),
    'paediatric infectious diseases',
  );
  assert.equal(read('my niche is medieval Persian poetry'), 'medieval Persian poetry');
  assert.equal(read('Soy agricultor. Lo mío es la fruticultura.'), 'fruticultura');
  assert.equal(read('Mein Schwerpunkt ist Verwaltungsrecht'), 'Verwaltungsrecht');
  assert.equal(read('research is on hold this week'), '');
  // a form's field label names all of its clause, whatever field was read elsewhere
  const form = 'Role: mechanical design engineer / Field: wind turbines / Risk: medium';
  const tags = tokenize(form).map((_, i) => (i === 2 ? TAGS.indexOf('B-domain') : 0));
  fieldAfterLabel(tokenize(form), tags);
  assert.equal(fieldOf(form, tags), 'wind turbines');
  assert.equal(read('my focus is on getting this paper out'), '');
  assert.equal(read('un campo e una casa'), '');
  // the writer's label takes its field from "now" on, whatever field was read before
  const arabic = 'درست الهندسة الزراعية، مجالي الآن الصحافة البيئية';
  const marked = tokenize(arabic).map((_, i) =>
    i === 1 || i === 5 ? TAGS.indexOf('B-domain') : i > 5 ? TAGS.indexOf('I-domain') : 0,
  );
  fieldAfterLabel(tokenize(arabic), marked);
  assert.equal(fieldOf(arabic, marked), 'الصحافة البيئية');
  // or from its head, when the tagger kept only what it is of
  const italian = 'Il mio campo è il restauro di affreschi';
  const object = tokenize(italian).map((t) =>
    t.raw === 'affreschi' ? TAGS.indexOf('B-domain') : 0,
  );
  fieldAfterLabel(tokenize(italian), object);
  assert.equal(fieldOf(italian, object), 'restauro di affreschi');
  // and words the tagger took for a role after the writer's label are the field
  const focus = 'hoje meu foco é manejo de solo e plantio direto';
  const asRole = tokenize(focus).map((_, i) =>
    i === 4 ? TAGS.indexOf('B-archetype') : i === 5 || i === 6 ? TAGS.indexOf('I-archetype') : 0,
  );
  fieldAfterLabel(tokenize(focus), asRole);
  assert.equal(fieldOf(focus, asRole), 'manejo de solo e plantio direto');
});

test('a message that labels a field as the writer’s, anywhere or in its opening words', () => {
  assert.ok(labelsField(tokenize('My interest is neonatal sepsis. Keep it practical')));
  assert.ok(labelsField(tokenize('my research is on kelp forests'), true));
  const late = tokenize('run: prompt injection defenses. field = security');
  assert.ok(labelsField(late));
  assert.ok(!labelsField(late, true));
  assert.ok(!labelsField(tokenize('research the history of my village')));
  // or closes a clause with it ("… is my field")
  assert.ok(labelsField(tokenize('studiert hab ich Raumplanung, das ist eigentlich mein Fach')));
  assert.ok(!labelsField(tokenize('what is my field again?')));
});

/** The field a labelling rule reads, over tags that already hold `tagged` as a field. */
const readWith = (rule: typeof fieldBeforeLabel, text: string, tagged = '') => {
  const tokens = tokenize(text);
  const tags = tokens.map(() => 0);
  const at = tagged ? tokens.findIndex((t) => t.raw === tagged) : -1;
  if (at >= 0) tags[at] = TAGS.indexOf('B-domain');
  rule(tokens, tags);
  return fieldOf(text, tags);
};

test('a label opening a clause names the field after it, in place of any other', () => {
  const read = (text: string, tagged = '') => readWith(fieldAfterOpeningLabel, text, tagged);
  assert.equal(read('Verkehrsplaner bei der Stadt Wien, Schwerpunkt Radverkehr.'), 'Radverkehr');
  assert.equal(
    read('Consultant en stratégie dans un Big Four, secteur énergie.', 'stratégie'),
    'énergie',
  );
  assert.equal(read('Übersetzer, Schwerpunkt: medizinische Texte'), 'medizinische Texte');
  assert.equal(read('Data scientist in una startup milanese, settore retail.'), 'retail');
  // Not inside a clause, nor before a clause too long to be a field.
  assert.equal(read('Ich arbeite im Bereich Embedded Systems'), '');
  assert.equal(read('secteur public mais je ne sais plus trop quoi faire de ma vie'), '');
});

test('a field before the writer’s label, in place of any other', () => {
  const read = (text: string, tagged = '') => readWith(fieldBeforeLabel, text, tagged);
  assert.equal(
    read(
      'Korrektur: nicht Bauingenieur allgemein – Konstruktiver Ingenieurbau, das ist mein Fach.',
    ),
    'Konstruktiver Ingenieurbau',
  );
  assert.equal(read("la santé publique, c'est mon domaine"), 'la santé publique');
  assert.equal(read('econ is my area now', 'now'), 'econ');
  assert.equal(read('clinical psychologist. CBT for insomnia is my niche'), 'CBT for insomnia');
  // A question, or nothing before the label, names none.
  assert.equal(read('what is my field again?'), '');
  assert.equal(read("that's my field"), '');
  assert.equal(read('what is my focus?'), '');
});

test('the field after the writer’s own label wins over others read', () => {
  const text = 'backend software engineer in lahore, my area is database query optimization';
  const tokens = tokenize(text);
  const tags = tokens.map(() => 0);
  tags[4] = TAGS.indexOf('B-domain'); // lahore
  tags[9] = TAGS.indexOf('B-domain');
  tags[10] = TAGS.indexOf('I-domain');
  tags[11] = TAGS.indexOf('I-domain');
  fieldAfterLabel(tokens, tags);
  assert.equal(fieldOf(text, tags), 'database query optimization');
});

test('a closing clause narrows the field read to its words', () => {
  const narrowed = (text: string, first: number, last: number) => {
    const tags = tokenize(text).map((_, i) =>
      i === first
        ? TAGS.indexOf('B-domain')
        : i > first && i <= last
          ? TAGS.indexOf('I-domain')
          : 0,
    );
    fieldNarrowed(tokenize(text), tags);
    return fieldOf(text, tags);
  };
  assert.equal(narrowed('i do stats for a living. biostat specifically', 2, 2), 'biostat');
  // not to a place or a time, named
  assert.equal(
    narrowed('Mostly archaeology these days, Bronze Age Anatolia specifically', 1, 1),
    'archaeology',
  );
});

test('the field the writer cares about most is theirs', () => {
  const text =
    'I work in the pharmacy. Clinical pharmacology is what I actually care about though.';
  const tags = tokenize(text).map((_, i) => (i === 5 ? TAGS.indexOf('B-domain') : 0));
  fieldCaredAbout(tokenize(text), tags);
  assert.equal(fieldOf(text, tags), 'Clinical pharmacology');
  const question = 'what is what I care about?';
  const none = tokenize(question).map(() => 0);
  fieldCaredAbout(tokenize(question), none);
  assert.equal(fieldOf(question, none), '');
});
