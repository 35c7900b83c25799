import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clausesOfLeftJobs, leftPastJob, onlyPastJob, withoutLeftJobs } from './past-jobs.ts';
import { TAGS } from './model/tags.ts';
import { tokenize } from './model/tokens.ts';

/** The words of a message in clauses of a left job. */
function leftWords(text: string): string {
  const tokens = tokenize(text);
  const marks = clausesOfLeftJobs(tokens);
  return tokens
    .filter((t, i) => marks[i] && !t.punct)
    .map((t) => t.raw)
    .join(' ');
}

test('a job the writer has left, and nothing since, is told of, not stated', () => {
  const left = (text: string) => leftPastJob(tokenize(text));
  assert.equal(left('I used to be a lawyer but I quit years ago'), true);
  assert.equal(left("j'étais avocate mais j'ai tout arrêté il y a deux ans"), true);
  assert.equal(left('Fui maestro toda mi vida pero ya no ejerzo'), true);
  assert.equal(left('كنت مهندس بس تركت الشغل من زمان'), true);
  assert.equal(left('facevo la commessa, adesso non lavoro più'), true);
  // a job since, or a past without leaving, is the writer's role
  assert.equal(
    left('I was a chemist before I left for industry, now I do machine learning'),
    false,
  );
  assert.equal(left('Ero ingegnere, ora faccio il pasticcere'), false);
  assert.equal(left('I used to be a pharmacist'), false);
  assert.equal(left('I quit my job'), false);
  assert.equal(left('I quit my job to start a PhD in ecology'), false);
  // a field left, said in the past tense
  assert.equal(left('I quit accounting last year and never been happier'), true);
  assert.equal(left('I quit being an accountant last year, best decision ever'), true);
  assert.equal(left('I quit being a lawyer, now I am a baker'), false);
  // a role said "former", when the writer names no other, and a job said to be over
  assert.equal(left('Former firefighter here, just enjoying retirement these days'), true);
  assert.equal(left('Trabalhei como bancário por 15 anos, graças a Deus acabou'), true);
  assert.equal(left('pensionato, ex ferroviere, mi interesso di storia dei trasporti'), false);
  assert.equal(left('ex-military, now studying law (first year)'), false);
});

test('a field or role said of a job the writer has left is not theirs', () => {
  assert.equal(
    leftWords("I used to teach chemistry, but that was decades ago. Anyway, I'm Harold"),
    'I used to teach chemistry',
  );
  assert.equal(
    leftWords("J'ai enseigné la chimie pendant trente ans, mais c'est fini tout ça."),
    "J' ai enseigné la chimie pendant trente ans",
  );
  assert.equal(
    leftWords('Já fui professora de química, hoje não faço mais nada disso.'),
    'Já fui professora de química',
  );
  assert.equal(
    leftWords('كنت أدرّس الفيزياء سابقاً، لكني تركت التدريس منذ زمن.'),
    'كنت أدرّس الفيزياء سابقاً',
  );
  // a retirement alone, or no past at all
  assert.equal(leftWords('retired schoolteacher, taught chemistry for 30 yrs'), '');
  assert.equal(leftWords('I quit my job to study ecology'), '');
  // the spans in those clauses go; the others stay
  const tokens = tokenize("I used to teach chemistry, but that's over, I'm a nurse now, I quit");
  const tags = tokens.map((t) =>
    t.raw === 'chemistry'
      ? TAGS.indexOf('B-domain')
      : t.raw === 'nurse'
        ? TAGS.indexOf('B-archetype')
        : 0,
  );
  const kept = withoutLeftJobs(tokens, tags).flatMap((tag, i) => (tag ? [tokens[i]!.raw] : []));
  assert.deepEqual(kept, ['nurse']);
});

test('a later "now" leaves the past said before it', () => {
  assert.equal(
    leftWords('Before I was process engineer at a steel plant, now I am in corrosion science'),
    'Before I was process engineer at a steel plant',
  );
  assert.equal(leftWords('Ero ingegnere, ora faccio il pasticcere'), 'Ero ingegnere');
  assert.equal(
    leftWords('Ho insegnato matematica per 35 anni, ora sono in pensione. Franca.'),
    'Ho insegnato matematica per 35 anni',
  );
  assert.equal(leftWords('I was a nurse before the kids'), '');
});

test('"used to" leaves what it says, up to a turn to another time', () => {
  // as "formerly" before "was" does
  assert.equal(
    leftWords('Früher war ich selbst Statiker. Persona bitte: ein strenger Prüfer.'),
    'Früher war ich selbst Statiker',
  );
  assert.equal(leftWords('antes era enfermera en Lima'), 'antes era enfermera en Lima');
  assert.equal(
    leftWords("I'm a retiree now — used to lecture in economics"),
    'used to lecture in economics',
  );
  assert.equal(
    leftWords(
      'I used to work as a lab tech at a water plant before I got into teaching so put ' +
        'environmental chemistry as a second field',
    ),
    'used to work as a lab tech at a water plant',
  );
});

test('beside a retirement, the past names the role retired from; its field still goes', () => {
  const kept = (text: string, domain: string, role: string) => {
    const tokens = tokenize(text);
    const tags = tokens.map((t) =>
      t.raw === domain
        ? TAGS.indexOf('B-domain')
        : t.raw === role
          ? TAGS.indexOf('B-archetype')
          : 0,
    );
    return withoutLeftJobs(tokens, tags).flatMap((tag, i) => (tag ? [tokens[i]!.raw] : []));
  };
  assert.deepEqual(kept("I'm retired now, used to be an engineer.", '', 'engineer'), ['engineer']);
  assert.deepEqual(kept('I used to be an engineer.', '', 'engineer'), []);
  assert.deepEqual(kept("I'm a retiree now — used to lecture in economics", 'economics', ''), []);
});

test('a message that says only a job the writer had, and nothing of now, tells of the past', () => {
  const only = (text: string) => onlyPastJob(tokenize(text));
  assert.equal(only('I was a lawyer for ten years, then burned out'), true);
  assert.equal(only('I used to be an architect before all this'), true);
  assert.equal(only('una volta facevo il cuoco, bei tempi'), true);
  // not beside what the writer is now, nor beside "ex-", nor offered for the app's sake
  assert.equal(only('كنت مهندس برمجيات، والحين أنا معلم رياضيات'), false);
  assert.equal(only("I was a nurse and I'm retired"), false);
  assert.equal(only('pensionato, ex ferroviere, mi interesso di storia dei trasporti'), false);
  assert.equal(only('I was a teacher before social work, if that matters for tone'), false);
});
