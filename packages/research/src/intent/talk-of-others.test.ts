import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clausesOfOthers, clausesOfThePast, talksOfOthers } from './talk-of-others.ts';
import { tokenize } from './model/tokens.ts';

test('telling how someone else is, asking nothing, is small talk', () => {
  const others = (text: string) => talksOfOthers(tokenize(text));
  assert.equal(others('my advisor is super strict about baselines, it drives me nuts'), true);
  assert.equal(others('mi directora de tesis es súper estricta, jaja'), true);
  assert.equal(others('المشرف تبعي كتير صارم، تعبت منه'), true);
  assert.equal(others('a gentle touch please, my advisor is harsh enough'), false);
  assert.equal(others("I'm a postdoc and my supervisor is strict"), false);
  assert.equal(others('be strict like my advisor'), false);
  const tokens = tokenize('a gentle touch please, my advisor is harsh enough');
  const marked = clausesOfOthers(tokens);
  assert.deepEqual(
    tokens.filter((_, i) => marked[i]).map((t) => t.raw),
    ['my', 'advisor', 'is', 'harsh', 'enough'],
  );
});

test('a clause that tells how a past run was, asking nothing, is marked', () => {
  const past = (text: string) => {
    const tokens = tokenize(text);
    const marked = clausesOfThePast(tokens);
    return tokens
      .filter((_, i) => marked[i])
      .map((t) => t.raw)
      .join(' ');
  };
  assert.equal(
    past('can the reviewer be a bit more gentle? last run was brutal'),
    'last run was brutal',
  );
  assert.equal(
    past('play it safer, those ideas were way out there'),
    'those ideas were way out there',
  );
  assert.equal(past('be stricter than you were'), '');
  assert.equal(past('make it bolder'), '');
});

test('family and co-workers in six languages, and what they say, are someone else', () => {
  const others = (text: string) => talksOfOthers(tokenize(text));
  assert.equal(others('my coauthor always plays it safe'), true);
  assert.equal(others('mein Mann ist Chemiker und findet das hier super'), true);
  assert.equal(others('minha irmã é enfermeira, vou mostrar isso pra ela'), true);
  assert.equal(others('أختي طبيبة أسنان وبتحب الحاجات دي'), true);
  assert.equal(others('ابني عم يدرس هندسة مدنية بالجامعة'), true);
  // what they say is theirs, though it asks; who the writer is stays the writer's
  assert.equal(others('my supervisor says I should be bolder in my writing'), true);
  assert.equal(others("my supervisor says I should say I'm a research assistant"), false);
  // what they want, find or say of the writer's money or health is theirs too
  assert.equal(others('my PI wants everything super safe, I disagree but whatever'), true);
  assert.equal(others('Mon banquier me trouve trop prudent avec mes placements'), true);
  assert.equal(others('mi médico dice que tengo riesgo cardiovascular alto'), true);
  assert.equal(others('mi entrenador dice que jugamos demasiado arriesgado en defensa'), true);
  assert.equal(others('il mio professore di latino era severissimo, un incubo'), true);
  assert.equal(others('Meine Chefin ist Biochemikerin und super streng.'), true);
  assert.equal(others('Minha chefe é super exigente com prazos.'), true);
  assert.equal(others("my financial advisor says I'm too risk-averse lol"), true);
  // those who teach or edit the writer, in English and in Hindi in Latin letters
  assert.equal(others('my lecturer is sooo strict abt citations'), true);
  assert.equal(others('Meri editor bahut strict hai fact-checking pe'), true);
  // a clause of the writer's own says who they are only when it does say it
  assert.equal(others("Mon directeur de thèse est hyper strict, je n'en peux plus"), true);
  assert.equal(others("my supervisor is a professor, I'm a PhD student in ecology"), false);
  // "my students" is the writer's teaching, not small talk
  assert.equal(others('I teach chemistry and my students love labs'), false);
});

test('a clause that goes on about someone else with "she" or "he" is of them too', () => {
  const marked = (text: string) => {
    const tokens = tokenize(text);
    const of = clausesOfOthers(tokens);
    return tokens
      .filter((t, i) => of[i] && !t.punct)
      .map((t) => t.raw)
      .join(' ');
  };
  assert.equal(
    marked("I'm Daniel. My wife's the academic, she's in sociology, but I'm curious"),
    "My wife 's the academic she 's in sociology",
  );
  assert.equal(
    marked('Ma directrice est spécialiste de Proust, elle est très stricte'),
    'Ma directrice est spécialiste de Proust elle est très stricte',
  );
  // not a clause that says something of the writer, nor one after a clause of their own
  assert.equal(marked('My boss is strict, she says I should be bolder'), 'My boss is strict');
  assert.equal(marked("I'm a nurse, she's a doctor"), '');
  // so is a clause of a level alone, but not a request
  assert.equal(
    marked('Mein Betreuer ist ein Chemiker der alten Schule, sehr streng'),
    'Mein Betreuer ist ein Chemiker der alten Schule sehr streng',
  );
  assert.equal(marked('my advisor is harsh, go easy'), 'my advisor is harsh');
});

test('a clause in which the writer says what they do is their own, beside someone else’s', () => {
  const others = (text: string) => talksOfOthers(tokenize(text));
  assert.equal(others('my wife is a surgeon, I teach ecology'), false);
  assert.equal(others('my wife is a surgeon and I think she is great'), true);
  // what someone else thinks ends at a "but" that turns back to the writer
  assert.equal(others("my partner thinks I'm crazy but I want the riskiest ideas"), false);
  assert.equal(others('my supervisor says I should be bolder'), true);
});

test('teaching assistants, buddies, nephews and grandchildren are someone else', () => {
  const others = (text: string) => talksOfOthers(tokenize(text));
  assert.ok(others('my TA is a neuroscience phd student and she thinks this is cheating'));
  assert.ok(others('my buddy from the physics department is super strict'));
  assert.ok(others('Ma cheffe de bureau est économiste et très exigeante'));
  assert.ok(others('Meine Enkelin hat es mir installiert'));
  assert.ok(!others('tá bom assim, mas coloca o custo por hectare'));
});
