import { test } from 'node:test';
import assert from 'node:assert/strict';
import { levelMarks } from './lexicon.ts';
import { readLevel, readLevels } from './level-reading.ts';
import { tokenize } from './tokens.ts';

test('a span reads as low, medium or high', () => {
  assert.equal(readLevel('bold, risky'), 'high');
  assert.equal(readLevel('quite cautious'), 'low');
  assert.equal(readLevel('LOW'), 'low');
  assert.equal(readLevel('moderately strict'), 'medium');
  assert.equal(readLevel("don't need to be very strict"), 'low');
  assert.equal(readLevel('somewhere in the middle'), 'medium');
  assert.equal(readLevel('purple'), null);
});

/** The levels of a message, read from its tokens as the router reads them. */
function levels(text: string, skip: boolean[] = []) {
  return readLevels(
    tokenize(text).map((t) => t.lower),
    skip,
  );
}

test('a bare level goes to the setting named nearest to it', () => {
  assert.deepEqual(levels('domain neuroscience , risk low , strictness high'), {
    risk_preference: 'low',
    baseline_strictness: 'high',
  });
  assert.deepEqual(levels('set baseline strictness to low'), { baseline_strictness: 'low' });
  assert.deepEqual(levels('i want high-risk , high-reward ideas'), { risk_preference: 'high' });
  // "high" with neither setting named says nothing.
  assert.deepEqual(levels('my domain is high energy physics'), {});
});

test('risk and strictness words set their own setting, negations flip them', () => {
  assert.deepEqual(levels("keep things safe , i don't like risky projects"), {
    risk_preference: 'low',
  });
  assert.deepEqual(levels('i want rigorous , demanding baselines'), {
    baseline_strictness: 'high',
  });
  assert.deepEqual(levels('go easy on baseline strictness'), { baseline_strictness: 'low' });
});

test('words inside other slots are not read', () => {
  const words = 'start a run on high risk pregnancies';
  const skip = [false, false, false, false, true, true, true];
  assert.deepEqual(levels(words, skip), {});
  assert.deepEqual(levels(words), { risk_preference: 'high' });
});

test('idioms count as a whole: a negation inside one is part of it, before one it turns it', () => {
  assert.equal(readLevel('shoot for the moon'), 'high');
  assert.equal(readLevel('no mercy in the review'), 'high');
  assert.equal(readLevel("reviews that don't pull punches"), 'high');
  assert.equal(readLevel("don't sugar-coat the reviews"), 'high');
  assert.equal(readLevel('nothing too out there'), 'low');
  assert.equal(readLevel('start on battery models. Take no risks.'), 'low');
  assert.equal(readLevel('middle-of-the-road ideas'), 'medium');
});

test('French, Spanish and Arabic words, with the Arabic article or "and" before them', () => {
  assert.deepEqual(levels('sé exigente con las revisiones'), { baseline_strictness: 'high' });
  assert.deepEqual(levels('soyez moins sévères sur les baselines'), { baseline_strictness: 'low' });
  assert.deepEqual(levels('prefiero ideas seguras'), { risk_preference: 'low' });
  assert.deepEqual(levels('وأحب الأفكار الجريئة'), { risk_preference: 'high' });
  assert.deepEqual(levels('كن أقل صرامة في المراجعات'), { baseline_strictness: 'low' });
  // علم الأحياء الدقيقة is microbiology, أمن المعلومات information security: no level.
  assert.deepEqual(levels('أعمل في علم الأحياء الدقيقة و أمن المعلومات'), {});
});

test('scales, and a direction next to a setting', () => {
  assert.deepEqual(levels('risk 8/10 , strictness 2/10'), {
    risk_preference: 'high',
    baseline_strictness: 'low',
  });
  assert.deepEqual(levels('strictness 3 out of 5'), { baseline_strictness: 'medium' });
  assert.deepEqual(levels('more risk !!!'), { risk_preference: 'high' });
  assert.deepEqual(levels('dial the risk way back'), { risk_preference: 'low' });
  assert.deepEqual(levels('crank up the rigour'), { baseline_strictness: 'high' });
  // "up for" is not a direction; a direction with no setting named is nothing.
  assert.deepEqual(levels("i'm up for tenure review next year"), {});
  assert.deepEqual(levels('scroll back up'), {});
  // small words between do not count; other words do, past three
  assert.deepEqual(levels('bajale un poco a la exigencia porfa'), { baseline_strictness: 'low' });
  assert.deepEqual(levels('I want more examples in the review'), {});
  // a scale named apart from its mark
  assert.deepEqual(levels('en una escala del 1 al 10 , quiero un 9 de exigencia'), {
    baseline_strictness: 'high',
  });
});

test('a level word qualifies the risk or strictness word next to it; a balance is medium', () => {
  assert.deepEqual(levels("i'd describe myself as moderately adventurous"), {
    risk_preference: 'medium',
  });
  assert.deepEqual(levels('not too safe , not too crazy'), { risk_preference: 'medium' });
  assert.deepEqual(levels('somewhat adventurous but not reckless'), { risk_preference: 'medium' });
  // "too" and "tired of" turn a word round: more of it than wanted.
  assert.deepEqual(levels("chill with the reviews , they're way too strict"), {
    baseline_strictness: 'low',
  });
  assert.deepEqual(levels("i'm bored of the safe incremental stuff"), { risk_preference: 'high' });
});

test('hyphenated words: a level and a setting, or a hedge, read; other compounds do not', () => {
  assert.deepEqual(levels('low-stakes projects please'), { risk_preference: 'low' });
  assert.deepEqual(levels('risk : medium-ish'), { risk_preference: 'medium' });
  assert.deepEqual(levels('i study high-energy physics and want strict baselines'), {
    baseline_strictness: 'high',
  });
});

test('a long word one edit from a risk or strictness word reads as it; a short one does not', () => {
  const levels = (text: string) => {
    const words = text.split(' ');
    return readLevels(
      words,
      words.map(() => false),
      levelMarks(words),
    );
  };
  assert.deepEqual(levels('make it more adventurus'), { risk_preference: 'high' });
  assert.deepEqual(levels('rigourus reviews please'), { baseline_strictness: 'high' });
  // "Darina" is one edit from "daring", but a name of six letters: left alone.
  assert.deepEqual(levels("i'm darina"), {});
});

test('idioms with a gap, "too" idioms under a negation, and words that are no level there', () => {
  assert.deepEqual(levels('rip my drafts apart , honestly'), { baseline_strictness: 'high' });
  assert.deepEqual(levels('hold my papers to top-venue standards'), {
    baseline_strictness: 'high',
  });
  assert.deepEqual(levels('hold back a bit on the criticism'), { baseline_strictness: 'low' });
  // "too soft" asks for more rigour, with "not" before it too: a balance with "not too harsh".
  assert.deepEqual(levels('not too harsh , not too soft'), { baseline_strictness: 'medium' });
  assert.deepEqual(levels('lenient-ish reviewing'), { baseline_strictness: 'low' });
  assert.deepEqual(levels('conservative ideas , medium-level rigor'), {
    risk_preference: 'low',
    baseline_strictness: 'medium',
  });
  // A word that names the setting qualifies nothing beside a level word.
  assert.deepEqual(levels('review standard : pretty demanding'), { baseline_strictness: 'high' });
  assert.deepEqual(levels('I teach physics at a high school'), {});
  assert.deepEqual(levels('professora no ensino medio , ideias ousadas'), {
    risk_preference: 'high',
  });
  assert.deepEqual(levels('trabajo en medio ambiente'), {});
  assert.deepEqual(levels('نقد متوسط الصرامة من فضلك'), { baseline_strictness: 'medium' });
  assert.deepEqual(levels('no seas tan duro con mis textos'), { baseline_strictness: 'low' });
});

test('"don\'t mind" turns nothing; what follows "over" or "than" is what the user does not want', () => {
  assert.deepEqual(levels("I don't mind harsh reviews"), { baseline_strictness: 'high' });
  assert.deepEqual(levels("n'ayez pas peur de prendre des risques"), { risk_preference: 'high' });
  assert.deepEqual(levels("don't be afraid to take risks"), { risk_preference: 'high' });
  assert.deepEqual(levels('ich will bold ideas, nix Langweiliges'), { risk_preference: 'high' });
  // "as usual" keeps what is said beside it
  assert.deepEqual(levels('keep the baselines strict as usual'), { baseline_strictness: 'high' });
  // a "more" that counts sets nothing; the level beside it still does
  assert.deepEqual(levels('ok one more idea for a run: school lunches'), {});
  assert.deepEqual(levels('a few more bold ideas please'), { risk_preference: 'high' });
  // a denied extreme hedges a setting of its own sentence
  assert.deepEqual(levels('I prefer safer ideas, nothing too wild. and be strict with baselines'), {
    risk_preference: 'low',
    baseline_strictness: 'high',
  });
  assert.deepEqual(levels('novel ideas over safe ones'), { risk_preference: 'high' });
  assert.deepEqual(levels('bold rather than safe'), { risk_preference: 'high' });
  assert.deepEqual(levels('ideas can be a bit risky'), { risk_preference: 'medium' });
  assert.deepEqual(levels('critique me hard'), { baseline_strictness: 'high' });
  assert.deepEqual(levels('keep reviews light'), { baseline_strictness: 'low' });
});

test('a denied extreme hedges the setting said beside it, and is risk only alone', () => {
  assert.deepEqual(levels('reviews : moderately demanding , nothing crazy'), {
    baseline_strictness: 'medium',
  });
  assert.deepEqual(levels('somewhat strict on baselines , not crazy'), {
    baseline_strictness: 'medium',
  });
  assert.deepEqual(levels('nothing crazy please'), { risk_preference: 'low' });
  // "nothing fancy" is plain of the setting beside it, and modesty with none
  assert.deepEqual(levels('balanced risk , nothing fancy'), { risk_preference: 'medium' });
  assert.deepEqual(levels("i'm an amateur archaeologist , nothing fancy"), {});
});

test('German, Portuguese and Italian levels, and the setting an idiom is said "on"', () => {
  assert.deepEqual(levels('risiko eher niedrig , strenge hoch'), {
    risk_preference: 'low',
    baseline_strictness: 'high',
  });
  assert.deepEqual(levels('gutachten bitte nicht so streng'), { baseline_strictness: 'low' });
  assert.deepEqual(levels('pode ser bem rigoroso nas revisoes'), { baseline_strictness: 'high' });
  assert.deepEqual(levels('vorrei idee poco rischiose'), { risk_preference: 'low' });
  assert.deepEqual(levels('prefiero que arriesgues poco y que seas exigente'), {
    risk_preference: 'low',
    baseline_strictness: 'high',
  });
  assert.deepEqual(levels("i'm an epidemiologist , go easy on the risk"), {
    risk_preference: 'low',
  });
  assert.deepEqual(levels('go easy on the reviews'), { baseline_strictness: 'low' });
  // fairness granted to a level is no level of its own
  assert.deepEqual(levels('reviews should be tough but fair'), { baseline_strictness: 'high' });
  assert.deepEqual(levels('firm but fair'), { baseline_strictness: 'high' });
});

test('a negation reaches to the start of its clause only; a level held back is medium', () => {
  assert.deepEqual(levels('please make review not so strict , gentle is ok'), {
    baseline_strictness: 'low',
  });
  assert.deepEqual(levels('no , be strict'), { baseline_strictness: 'high' });
  assert.deepEqual(levels('sois severe mais pas trop'), { baseline_strictness: 'medium' });
  assert.deepEqual(levels('que las revises con mucho rigor'), { baseline_strictness: 'high' });
});

test('a step back by a little from a level is the middle; a whole step back the other end', () => {
  assert.deepEqual(levels('be a bit less harsh than last time'), { baseline_strictness: 'medium' });
  assert.deepEqual(levels("un peu moins sévère dans l'évaluation"), {
    baseline_strictness: 'medium',
  });
  assert.deepEqual(levels("puoi essere un po ' meno severo"), { baseline_strictness: 'medium' });
  assert.deepEqual(levels('slightly less risky than before'), { risk_preference: 'medium' });
  assert.deepEqual(levels('less harsh please'), { baseline_strictness: 'low' });
  assert.deepEqual(levels('a bit more lenient'), { baseline_strictness: 'low' });
});

test('idioms of seven languages, balances, and strictness that is a diet or a setting', () => {
  assert.deepEqual(levels('senza pietà con le baseline'), { baseline_strictness: 'high' });
  assert.deepEqual(levels('Sem dó nos baselines!'), { baseline_strictness: 'high' });
  assert.deepEqual(levels('بدون رحمة في المراجعة'), { baseline_strictness: 'high' });
  assert.deepEqual(levels('lâchez-vous sur les idées'), { risk_preference: 'high' });
  assert.deepEqual(levels('Keine Experimente bitte, ich brauche was Solides.'), {
    risk_preference: 'low',
  });
  assert.deepEqual(levels('niente colpi di testa'), { risk_preference: 'low' });
  // both ends denied, or named as a balance, are the middle
  assert.deepEqual(levels('nicht zu abgedreht, aber auch nicht langweilig'), {
    risk_preference: 'medium',
  });
  assert.deepEqual(levels('ni muy ni poco estricto con las baselines'), {
    baseline_strictness: 'medium',
  });
  assert.deepEqual(levels('Goldene Mitte beim Risiko, bitte.'), { risk_preference: 'medium' });
  assert.deepEqual(levels('severità media va benissimo'), { baseline_strictness: 'medium' });
  assert.deepEqual(levels('Je suis végétarienne stricte'), {});
  assert.deepEqual(levels('the strict mode in my TypeScript config'), {});
});

test('a Spanish, Portuguese or Italian superlative reads as its adjective', () => {
  assert.deepEqual(levels('una revisión durísima'), { baseline_strictness: 'high' });
  assert.deepEqual(levels('revisione severissima'), { baseline_strictness: 'high' });
  assert.deepEqual(levels('ideas segurísimas'), { risk_preference: 'low' });
  // a level word's superlative, or a word that only ends like one, is not read
  assert.deepEqual(levels('altissimo'), {});
  assert.deepEqual(levels('bellissima giornata'), {});
});

test("a label's or a set setting's value is its own; Portuguese 'no' is 'in the'; a diet is no level", () => {
  assert.deepEqual(levels('risk appetite: low. strictness: cranked to eleven.'), {
    risk_preference: 'low',
  });
  // …as is a level a setting is set to, whatever is named after it
  assert.deepEqual(levels('set my risk appetite to medium and strictness to low'), {
    risk_preference: 'medium',
    baseline_strictness: 'low',
  });
  assert.deepEqual(levels('pras próximas, coloca o risco no baixo'), { risk_preference: 'low' });
  assert.deepEqual(levels('no high-risk stuff please'), { risk_preference: 'low' });
  // a "no" after the level that ends its clause denies it
  assert.deepEqual(levels('ideia arriscada não, sou pequeno'), { risk_preference: 'low' });
  assert.deepEqual(levels('Idee moderatamente rischiose, grazie.'), { risk_preference: 'medium' });
  assert.deepEqual(levels('el nutricionista me puso una dieta estricta'), {});
});

test('a bold word held back by a denied extreme in any language is the middle', () => {
  assert.deepEqual(levels("idee un po' audaci, ma senza esagerare"), { risk_preference: 'medium' });
  assert.deepEqual(levels('ideias ousadas mas não malucas'), { risk_preference: 'medium' });
  assert.deepEqual(levels('des pistes audacieuses mais pas dingues'), {
    risk_preference: 'medium',
  });
  assert.deepEqual(levels('a measured amount of risk'), { risk_preference: 'medium' });
  assert.deepEqual(levels('un peu risquées mais pas délirantes'), { risk_preference: 'medium' });
  assert.deepEqual(levels('a bissl gewagt, aber ned völlig abgehoben'), {
    risk_preference: 'medium',
  });
  assert.deepEqual(levels('ابيها bold شوي بس مو مجنونة'), { risk_preference: 'medium' });
});

test('practical ideas are safe ones, flashy or pie in the sky ones bold', () => {
  assert.deepEqual(levels("I'd want the ideas to be practical, nothing pie in the sky"), {
    risk_preference: 'low',
  });
  assert.deepEqual(levels('want practical not flashy ideas'), { risk_preference: 'low' });
  assert.deepEqual(levels('ambitious but credible'), { risk_preference: 'medium' });
});

test('needing no hand-holding, liking to be challenged and "pegar pesado" are strict', () => {
  assert.deepEqual(levels('I do not need hand-holding in reviews'), {
    baseline_strictness: 'high',
  });
  assert.deepEqual(levels('I like being challenged in reviews'), { baseline_strictness: 'high' });
  assert.deepEqual(levels('pode pegar pesado nas revisões, eu aguento'), {
    baseline_strictness: 'high',
  });
});

test('hating a level wants the other end', () => {
  assert.deepEqual(levels('I hate boring incremental stuff so surprise me'), {
    risk_preference: 'high',
  });
  assert.deepEqual(levels('I hate harsh reviews'), { baseline_strictness: 'low' });
});

test('a level word said of a stretch of time sets nothing', () => {
  assert.deepEqual(levels('Brutal week. thanks for carrying some of it'), {});
  assert.deepEqual(levels('tough day at work'), {});
  assert.deepEqual(levels("be tough, it's for a top journal"), { baseline_strictness: 'high' });
});

test('a negation stops before an idiom that opens a wish after "and"', () => {
  assert.deepEqual(levels('nothing too risky and go easy on the grading'), {
    risk_preference: 'low',
    baseline_strictness: 'low',
  });
  assert.deepEqual(levels('no risky and crazy ideas'), { risk_preference: 'low' });
});

test('"the utmost", German "zu", Arabic "ألا" and the "very" of Egyptian "قوي"', () => {
  assert.deepEqual(levels('a review conducted with the utmost rigour'), {
    baseline_strictness: 'high',
  });
  assert.deepEqual(levels('Das letzte Review war mir zu lasch'), { baseline_strictness: 'high' });
  assert.deepEqual(levels('nicht zu lasch und nicht zu hart'), { baseline_strictness: 'medium' });
  assert.deepEqual(levels('أرجو ألا تكون المراجعة صارمة جداً'), { baseline_strictness: 'low' });
  assert.deepEqual(levels('عايزة أفكار مش مجنونة قوي'), { risk_preference: 'low' });
  assert.deepEqual(levels('أبي مراجعة قوية'), { baseline_strictness: 'high' });
});

test('a curator is no conservative, and being nice in reviews is lenient', () => {
  assert.deepEqual(levels('Conservatrice au musée, des idées audacieuses'), {
    risk_preference: 'high',
  });
  assert.deepEqual(levels('stop being so nice in the reviews'), { baseline_strictness: 'high' });
});

test('a level said not to be needed after it is denied', () => {
  assert.deepEqual(levels('Risk is ok, I like unusual idea. Strict check not needed so much.'), {
    risk_preference: 'high',
    baseline_strictness: 'low',
  });
  assert.deepEqual(levels('strict review is needed, not optional'), {
    baseline_strictness: 'high',
  });
});

test('forgetting a level denies it; not forgetting it keeps it', () => {
  assert.deepEqual(levels('Finalement oublie le côté fou, faut que ça reste safe'), {
    risk_preference: 'low',
  });
  assert.deepEqual(levels('forget the safe stuff'), { risk_preference: 'high' });
  assert.deepEqual(levels("don't forget to be strict"), { baseline_strictness: 'high' });
  assert.deepEqual(
    levels('be quite adventurous; at my age there is little point in being timid!'),
    { risk_preference: 'high' },
  );
});

test('a little of a high level is the middle; a little caution, an extreme or a step is not', () => {
  assert.deepEqual(levels('Ideen ruhig etwas gewagt'), { risk_preference: 'medium' });
  assert.deepEqual(levels('des idées un peu risquées'), { risk_preference: 'medium' });
  assert.deepEqual(levels("idee un po' rischiose"), { risk_preference: 'medium' });
  assert.deepEqual(levels('make it a tad stricter'), { baseline_strictness: 'medium' });
  assert.deepEqual(levels('ideas un poco arriesgadas'), { risk_preference: 'medium' });
  assert.deepEqual(levels('prefiero ideas poco arriesgadas'), { risk_preference: 'low' });
  assert.deepEqual(levels('a little cautious'), { risk_preference: 'low' });
  assert.deepEqual(levels("c'est audacieux pis un peu fou"), { risk_preference: 'high' });
  assert.deepEqual(levels('a notch bolder than last time'), { risk_preference: 'high' });
});

test('honesty and cruelty are of the review; being laughed at or ridiculed is a risk', () => {
  assert.deepEqual(levels('candid, not cruel, when you look at my baselines'), {
    baseline_strictness: 'medium',
  });
  assert.deepEqual(levels('be honest but not cruel on baselines'), {
    baseline_strictness: 'medium',
  });
  assert.deepEqual(levels('un avis franc sans me faire descendre en flammes'), {
    baseline_strictness: 'medium',
  });
  assert.deepEqual(levels('Nimm meine Baselines komplett auseinander'), {
    baseline_strictness: 'high',
  });
  assert.deepEqual(levels('Rischio medio, ma non farmi sconti sulle baseline'), {
    risk_preference: 'medium',
    baseline_strictness: 'high',
  });
  assert.deepEqual(levels('Please, nothing that gets me laughed out of the faculty meeting.'), {
    risk_preference: 'low',
  });
  assert.deepEqual(levels('Nada que me haga quedar en ridículo delante del tribunal'), {
    risk_preference: 'low',
  });
  assert.deepEqual(levels('Goldener Mittelweg beim Risiko, und die Gutachten so mittelstreng.'), {
    risk_preference: 'medium',
    baseline_strictness: 'medium',
  });
});
