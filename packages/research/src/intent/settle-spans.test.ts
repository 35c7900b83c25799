import { test } from 'node:test';
import assert from 'node:assert/strict';
import { settleNames } from './settle-names.ts';
import { settleDomains } from './settle-fields.ts';
import { settleTopic } from './settle-topics.ts';
import { requestedTopic } from './topic-requests.ts';
import { TAGS } from './model/tags.ts';
import { tokenize } from './model/tokens.ts';

/** The spans of `slot` after settling, from a message whose span words are marked [like this]. */
function settled(marked: string, slot: 'domain' | 'topic' | 'name' = 'domain'): string[] {
  const tokens = tokenize(marked.replace(/[[\]]/g, ' '));
  // Tag each bracketed stretch as one domain span, as the tagger would.
  const tags: number[] = [];
  let inside = false;
  let first = false;
  for (const part of marked.split(/(\[|\])/)) {
    if (part === '[') [inside, first] = [true, true];
    else if (part === ']') inside = false;
    else
      for (const _ of tokenize(part)) {
        tags.push(inside ? TAGS.indexOf(first ? `B-${slot}` : `I-${slot}`) : 0);
        first = false;
      }
  }
  assert.equal(tags.length, tokens.length);
  const settle = { domain: settleDomains, topic: settleTopic, name: settleNames }[slot];
  const out = settle(tokens, tags);
  const spans: string[] = [];
  out.forEach((tag, i) => {
    if (tag === TAGS.indexOf(`B-${slot}`)) spans.push(tokens[i]!.raw);
    else if (tag === TAGS.indexOf(`I-${slot}`)) spans[spans.length - 1] += ` ${tokens[i]!.raw}`;
  });
  return spans;
}

test('a field in two pieces joined by "of", "and" or "&" is one field', () => {
  assert.deepEqual(settled('I work on the [psychology] of [music]'), ['psychology of music']);
  assert.deepEqual(settled('I do [ecology] and [evolution]'), ['ecology and evolution']);
  assert.deepEqual(settled('an der Schnittstelle von [Philosophie] und Neurowissenschaft'), [
    'Philosophie und Neurowissenschaft',
  ]);
  // Pieces further apart stay apart.
  assert.deepEqual(settled('[ecology] , and I like [music]'), ['ecology', 'music']);
});

test('a field after "now" or "these days" replaces the one before it', () => {
  assert.deepEqual(settled("my field was [economics] , now it's [public finance]"), [
    'public finance',
  ]);
  assert.deepEqual(
    settled('I did my PhD in [zoology] but these days I work in [animal welfare science]'),
    ['animal welfare science'],
  );
  assert.deepEqual(settled('I mix [statistics] with [sociology]'), ['statistics', 'sociology']);
});

test('an article before a field is not part of it', () => {
  assert.deepEqual(settled('my area is [the history] and [philosophy of science]'), [
    'history and philosophy of science',
  ]);
  assert.deepEqual(settled('[the humanities]'), ['humanities']);
});

test('the faculty that teaches a field, or a level read as one, is not the field', () => {
  assert.deepEqual(settled('أنا مدرس مساعد في [كلية الهندسة]'), ['الهندسة']);
  assert.deepEqual(settled('I teach at the department [of physics]'), ['physics']);
  assert.deepEqual(settled('I work in the [School of Medicine]'), ['Medicine']);
  assert.deepEqual(settled('أرغب في مراجعة [دقيقة وصارمة]'), []);
  assert.deepEqual(settled('my field is [risk analysis]'), ['risk analysis']);
});

test('the field moved "to", where only the one moved "from" was read, is the field', () => {
  assert.deepEqual(
    settled('i switched from [mechanical engineering] to battery chemistry last year'),
    ['battery chemistry'],
  );
  assert.deepEqual(settled('I went from [physics] to the dark side'), ['physics']);
});

test('of a field the user moved "from" and one "to", the second holds', () => {
  assert.deepEqual(settled('i switched from [mechanical engineering] to [battery chemistry]'), [
    'battery chemistry',
  ]);
  assert.deepEqual(settled('I moved from [physics] to [biology] in 2020'), ['biology']);
});

test('a field runs to the end of its clause, but not over a place, a time or "than"', () => {
  assert.deepEqual(settled('my research is on [urban heat] islands'), ['urban heat islands']);
  assert.deepEqual(settled('I work on [protein folding] mostly'), ['protein folding']);
  assert.deepEqual(settled("i'm a lab tech in a [neuroscience] lab"), ['neuroscience']);
  assert.deepEqual(settled('I switched to [neuroscience] last month'), ['neuroscience']);
  assert.deepEqual(settled('more like [philosophy of language] than linguistics'), [
    'philosophy of language',
  ]);
});

test('a field does not end on a joining word', () => {
  assert.deepEqual(settled('je travaille en [génétique des] populations'), [
    'génétique des populations',
  ]);
  assert.deepEqual(settled('I work on the [history of] medicine'), ['history of medicine']);
  assert.deepEqual(settled('I do [ecology] and I like birds'), ['ecology']);
});

test('a field takes in the head word or the Arabic adjectives the tagger left after it', () => {
  assert.deepEqual(settled('I work in [operations] management'), ['operations management']);
  assert.deepEqual(settled('أنا طالب في [الكيمياء] الحيوية'), ['الكيمياء الحيوية']);
  // Not "research": "my agronomy research" is agronomy.
  assert.deepEqual(settled('for my [agronomy] research'), ['agronomy']);
});

test('what is said of a field after it is not part of it', () => {
  assert.deepEqual(settled("I'm an undergraduate, [biology major]"), ['biology']);
  assert.deepEqual(settled("I'm a nurse on an [oncology ward]"), ['oncology']);
  assert.deepEqual(settled('a diagnostic lab, [microbiology section]'), ['microbiology']);
  assert.deepEqual(settled('my field is [side effects of statins]'), ['side effects of statins']);
  assert.deepEqual(settled('curious about [early literacy research]'), ['early literacy']);
  assert.deepEqual(settled('my field is [operations research]'), ['operations research']);
  assert.deepEqual(settled('heyyy [marine bio nerd], first year'), ['marine bio']);
  assert.deepEqual(settled('undergrad, [philosophy] + [economics double major]'), [
    'philosophy + economics',
  ]);
  assert.deepEqual(settled('yoga instructor, studying [kinesiology part time]'), ['kinesiology']);
  assert.deepEqual(settled('studying for a [cs degree] at night'), ['cs']);
  assert.deepEqual(settled('أنا معيد في قسم [الإحصاء بكلية التجارة]'), ['الإحصاء']);
  assert.deepEqual(settled('كنخدم أستاذة ديال [الفيزياء فالثانوي]'), ['الفيزياء']);
  assert.deepEqual(settled('والحين أقرا عن [الفلك كهواية]'), ['الفلك']);
  // not a field that holds such a word in its name
  assert.deepEqual(settled('my field is [real time systems]'), ['real time systems']);
});

test('the kind of a workplace after "at" is not a field', () => {
  assert.deepEqual(settled("I'm an epidemiologist at the [state health department]"), []);
  assert.deepEqual(settled("I'm a product manager at a [medtech] startup"), []);
  assert.deepEqual(settled("I'm a policy advisor at a ministry [of health]"), []);
  assert.deepEqual(settled("I'm Carlos, CTO of a small [agritech startup]"), []);
  assert.deepEqual(settled('head of a [neuroscience] lab'), ['neuroscience']);
  assert.deepEqual(settled('I work at the intersection of [ecology and economics]'), [
    'ecology and economics',
  ]);
});

test('a hospital ward is where one works, not a field; intensive care said as such is one', () => {
  assert.deepEqual(settled("I'm a nurse in [ICU] since 2015"), []);
  assert.deepEqual(settled('trabajo de enfermera en [urgencias] desde hace 10 años'), []);
  assert.deepEqual(settled('ich bin Pflegefachkraft auf der [Intensivstation]'), []);
  assert.deepEqual(settled('أنا ممرضة وشغلي كله [بالعناية المركزة]'), []);
  assert.deepEqual(settled('Je travaille en [soins intensifs] maintenant'), ['soins intensifs']);
});

test('a place after "in", "at" or "from" is not a field', () => {
  assert.deepEqual(settled("I'm a community health worker in [Nairobi]"), []);
  assert.deepEqual(settled('a farmer in [Punjab], writing about crops'), []);
  assert.deepEqual(settled('a community health worker in [rural Kenya]'), []);
  // A field the lexicons know, a capitalised English word, or one not after a place word stays.
  assert.deepEqual(settled('PhD student in [Ecology]'), ['Ecology']);
  assert.deepEqual(settled('I work in [Finance]'), ['Finance']);
  assert.deepEqual(settled('[Neuroethics] is my field'), ['Neuroethics']);
});

test('a topic takes in a question word before it and a last word the tagger left out', () => {
  assert.deepEqual(settled('could you research how [noise affects sleep]?', 'topic'), [
    'how noise affects sleep',
  ]);
  assert.deepEqual(settled('investigate if [caffeine affects short term] memory', 'topic'), [
    'caffeine affects short term memory',
  ]);
  // and a compound qualifier that opens it, unless it names a setting
  assert.deepEqual(settled('research heat-tolerant [coral symbionts on the GBR]', 'topic'), [
    'heat-tolerant coral symbionts on the GBR',
  ]);
  assert.deepEqual(settled('research low-risk [coral projects]', 'topic'), ['coral projects']);
  assert.deepEqual(
    settled('a paper on [wearable sensors for gait] analysis, field: bioengineering', 'topic'),
    ['wearable sensors for gait analysis'],
  );
  // "whether" is not part of it; neither is a word that ends the request, or two words.
  assert.deepEqual(settled('investigate whether [fasting helps]', 'topic'), ['fasting helps']);
  assert.deepEqual(settled('research [soil erosion] for me', 'topic'), ['soil erosion']);
  assert.deepEqual(settled('research [soil erosion] please', 'topic'), ['soil erosion']);
  assert.deepEqual(settled('research [soil erosion] in detail', 'topic'), ['soil erosion']);
});

test('a run asked for after the context names the topic; "on that" points back to it', () => {
  const topics = (marked: string) => settled(marked, 'topic');
  assert.deepEqual(
    topics(
      'We see drift in our [soil moisture sensors] after rain. Can you start a run on sensor drift in probes?',
    ),
    ['sensor drift in probes'],
  );
  assert.deepEqual(topics('microplastics in rivers. write a paper on that'), [
    'microplastics in rivers',
  ]);
  assert.deepEqual(topics("I'm an ecologist. write a paper on that"), []);
  assert.deepEqual(topics('[coral bleaching], can you write a paper on it?'), ['coral bleaching']);
});

test('a topic takes in a range of numbers written with a dash', () => {
  const tokens = tokenize('Run: cost curves for lithium recovery, 2018–2024');
  const tags = tokens.map((_, i) =>
    i < 2 || i > 8 ? 0 : TAGS.indexOf(i > 2 ? 'I-topic' : 'B-topic'),
  );
  const out = settleTopic(tokens, tags);
  assert.equal(tokens.filter((_, i) => out[i] !== 0).at(-1)?.raw, '2024');
});

test('a topic takes in the last item of a list it holds when that ends the message', () => {
  const tokens = tokenize('dig into anode materials — suppliers, costs, bottlenecks');
  const tags = tokens.map((_, i) =>
    i < 2 || i > 7 ? 0 : TAGS.indexOf(i > 2 ? 'I-topic' : 'B-topic'),
  );
  const out = settleTopic(tokens, tags);
  assert.equal(tokens.filter((_, i) => out[i] !== 0).at(-1)?.raw, 'bottlenecks');
  // not a courtesy
  const polite = tokenize('research soil health, cover crops, please');
  const politeTags = polite.map((_, i) =>
    i < 1 || i > 5 ? 0 : TAGS.indexOf(i > 1 ? 'I-topic' : 'B-topic'),
  );
  assert.equal(
    polite.filter((_, i) => settleTopic(polite, politeTags)[i] !== 0).at(-1)?.raw,
    'crops',
  );
});

test('a plural possessive does not end a topic', () => {
  // The topic runs the tagger found, as [first, last] word indexes; the topic settled.
  const topic = (text: string, runs: [number, number][]) => {
    const tokens = tokenize(text);
    const tags = tokens.map(() => 0);
    for (const [first, last] of runs) {
      for (let i = first; i <= last; i++) tags[i] = TAGS.indexOf(i > first ? 'I-topic' : 'B-topic');
    }
    const out = settleTopic(tokens, tags);
    return tokens
      .filter((_, i) => out[i] !== 0)
      .map((t) => t.raw)
      .join(' ');
  };
  const text = "write about AI and translators' jobs"; // translators is word 4, ' 5, jobs 6
  assert.equal(topic(text, [[2, 4]]), "AI and translators ' jobs");
  assert.equal(
    topic(text, [
      [2, 4],
      [6, 6],
    ]),
    "AI and translators ' jobs",
  );
  // A quote after a space is no possessive.
  assert.equal(topic("research soil erosion 'now'", [[1, 2]]), 'soil erosion');
});

test('a full name is one name; a greeting or a title is not the name', () => {
  const names = (marked: string) => settled(marked, 'name');
  assert.deepEqual(names('change user to [Peter] van [Dijk]'), ['Peter van Dijk']);
  assert.deepEqual(names('hey its [luca] rossi, i do particle physics'), ['luca rossi']);
  assert.deepEqual(names("switch to Tom [Becker] 's account"), ['Tom Becker']);
  assert.deepEqual(names("I'm [Prof] . [Martin Weber], I study fluid dynamics"), [
    'Prof . Martin Weber',
  ]);
  assert.deepEqual(names("[Hajimemashite], I'm [Sakura]"), ['Sakura']);
  assert.deepEqual(names('[Olá], sou a [Ana] Ribeiro e trabalho em oceanografia'), ['Ana Ribeiro']);
  assert.deepEqual(names('Habari! [Naitwa Baraka]'), ['Baraka']);
  assert.deepEqual(names('[Sat Sri Akal]! [Harpreet Kaur] here'), ['Harpreet Kaur']);
  assert.deepEqual(names('Hi! [Main Priya Raman], account banana hai'), ['Priya Raman']);
  assert.deepEqual(names('[Cambiar] al usuario [Valentina]'), ['Valentina']);
  // of two, the one that says the other in full
  assert.deepEqual(names("hi it's [Marcus] again [Marcus Bell] can you log me back in"), [
    'Marcus Bell',
  ]);
  // of two, not the one said as a place
  assert.deepEqual(names('Sou médica em [Coimbra], [Teresa Almeida], com interesse'), [
    'Teresa Almeida',
  ]);
  // Not taken in: an English word opening a sentence, a word of the app's, a one-letter word.
  assert.deepEqual(names('[Chen]. Research coral reefs'), ['Chen']);
  assert.deepEqual(names("i'm [giorgos] n i do marine chemistry"), ['giorgos']);
  assert.deepEqual(names('[Ada] Ecology'), ['Ada']);
});

test('a name takes in its particles, a joined "al-", a capital before an apostrophe', () => {
  const names = (marked: string) => settled(marked, 'name');
  assert.deepEqual(names('Hi, this is [Layla] al-Hassan again'), ['Layla al-Hassan']);
  assert.deepEqual(names('Ahmad bin [Yusuf] here'), ['Ahmad bin Yusuf']);
  assert.deepEqual(names("I'm [Siobhán] Ní Bhriain from Galway"), ['Siobhán Ní Bhriain']);
  assert.deepEqual(names('hello I am [mohammed] al-farsi'), ['mohammed al-farsi']);
  assert.deepEqual(names('María [José] de la [Cruz], returning user'), ['María José de la Cruz']);
  assert.deepEqual(names('María José de la [Cruz], returning user'), ['María José de la Cruz']);
  assert.deepEqual(names('hello again, [Nguyen] Thi [Lan] here'), ['Nguyen Thi Lan']);
  // Of several, plain English words in lower case and French imperatives are none.
  assert.deepEqual(names('hey, [Ngozi McDonald-Eze], sociolinguist, new [around] here'), [
    'Ngozi McDonald-Eze',
  ]);
  assert.deepEqual(names('[Connecte-moi] en tant que [Camille Dubois]'), ['Camille Dubois']);
  assert.deepEqual(names("it's will again, same account as [before]"), []);
});

test('an Arabic name ends before "and I …" and "please", and starts after "my name"', () => {
  const names = (marked: string) => settled(marked, 'name');
  assert.deepEqual(names('مرحبا، اسمي [ليلى] حداد وأنا باحثة في علم الأعصاب'), ['ليلى حداد']);
  assert.deepEqual(names('سميتي [سلمى] وكنخدم في الفيزياء'), ['سلمى']);
  assert.deepEqual(names('سجلني باسم [فاطمة] الزهراء لو سمحت'), ['فاطمة الزهراء']);
  // a name that opens on the letter of "and" is still a name
  assert.deepEqual(names('اسمي [أحمد] وليد'), ['أحمد وليد']);
});

test('French and Spanish fields take in "de" and the word after it, and their adjectives', () => {
  assert.deepEqual(settled('Mi campo es la [neurociencia] cognitiva'), ['neurociencia cognitiva']);
  assert.deepEqual(settled('Mon domaine : [économie] du développement'), [
    'économie du développement',
  ]);
  // Not a possessive or a place after "de".
  assert.deepEqual(settled('[historia] de mi familia'), ['historia']);
  assert.deepEqual(settled('[biología] de Madrid'), ['biología']);
});

test('a list of fields is one; a field ends before "than" and starts after a verb', () => {
  assert.deepEqual(settled('an undergrad in [philosophy], [politics and economics]'), [
    'philosophy , politics and economics',
  ]);
  assert.deepEqual(settled('I mostly do [remote sensing] and GIS'), ['remote sensing and GIS']);
  assert.deepEqual(settled('more like [philosophy of language than linguistics]'), [
    'philosophy of language',
  ]);
  assert.deepEqual(settled('my field is [science education more] than chemistry'), [
    'science education',
  ]);
  assert.deepEqual(settled('a retired engineer who now [does genealogy]'), ['genealogy']);
  // of several, the one the writer specialises in
  assert.deepEqual(
    settled(
      'a doctoral candidate in the Department of [Classics], specialising in [Hellenistic epigraphy]',
    ),
    ['Hellenistic epigraphy'],
  );
  assert.deepEqual(settled('data journalist, [covering climate]'), ['climate']);
  assert.deepEqual(settled('profesora de instituto, [doy historia]'), ['historia']);
  assert.deepEqual(settled('Lehrerin, [unterrichte Chemie]'), ['Chemie']);
  // "and" that adds a little of something else ends the field
  assert.deepEqual(settled('I teach [maths and some computing]'), ['maths']);
  assert.deepEqual(settled('je fais de la [sociologie et un peu de démographie]'), ['sociologie']);
  assert.deepEqual(settled('licenciada en [historia y ahora docente]'), ['historia']);
  assert.deepEqual(settled('environmental [epidemiology] is my field'), [
    'environmental epidemiology',
  ]);
  // Two fields not ended by "and" stay apart.
  assert.deepEqual(settled('[economics], [politics]'), ['economics', 'politics']);
});

test('a pronoun, a setting, a lone head word or a place of two words is not a field', () => {
  assert.deepEqual(settled('pick holes in [everything]'), []);
  assert.deepEqual(settled('hold my papers to [top-venue standards]'), []);
  assert.deepEqual(settled("reviews should be gentle, I'm still [learning]"), []);
  assert.deepEqual(settled('Anthropology lecturer in [Cape Town]'), []);
  assert.deepEqual(settled('[quiero crear una] [cuenta]'), ['quiero crear una']);
});

test('a topic takes in the place it is about', () => {
  assert.deepEqual(settled("lance une recherche sur [la pollution de l'air] à Lyon", 'topic'), [
    "la pollution de l' air à Lyon",
  ]);
});

test('a French or Spanish role read with its field is the role and the field', () => {
  const tokens = tokenize('soy profesora de historia del arte en Bogotá');
  const role = [0, 1, 1, 1, 1, 1, 0, 0].map((r, i) =>
    r ? TAGS.indexOf(i === 1 ? 'B-archetype' : 'I-archetype') : 0,
  );
  const out = settleDomains(tokens, role);
  const spans = (slot: string) =>
    tokens
      .filter((_, i) => TAGS[out[i]!]?.endsWith(slot))
      .map((t) => t.raw)
      .join(' ');
  assert.equal(spans('archetype'), 'profesora');
  assert.equal(spans('domain'), 'historia del arte');
});

test('a field holds no time, and a count of years is no level', () => {
  assert.deepEqual(settled('a nurse in [ICU since 2015]'), ['ICU']);
  assert.deepEqual(settled('something on [feline diabetes someday]'), ['feline diabetes']);
  assert.deepEqual(settled('enfermera en [urgencias desde hace] 10 años'), ['urgencias']);
  assert.deepEqual(settled('أنا ممرضة، صرلي [سبع سنين]'), []);
  assert.deepEqual(settled("j'enseigne les SVT [depuis 15 ans]"), []);
  assert.deepEqual(settled("j'ai enseigné la [chimie pendant trente ans]"), ['chimie']);
  assert.deepEqual(settled('me dediqué a la [física durante diez años]'), ['física']);
  assert.deepEqual(settled('كنت أدرّس [الفيزياء سابقاً]'), ['الفيزياء']);
  assert.deepEqual(settled('I work in [history of the 1920s]'), ['history of the 1920s']);
  assert.deepEqual(settled('انتقلت إلى [reservoir engineering الشهر اللي] فات'), [
    'reservoir engineering',
  ]);
  assert.deepEqual(settled('i switched to [chem eng this sem]'), ['chem eng']);
  assert.deepEqual(settled('mostly [knee rehab these days]'), ['knee rehab']);
  const tokens = tokenize('desde hace 10 años, strictness 3');
  const level = TAGS.indexOf('B-baseline_strictness');
  const tags = tokens.map((t) => (/^\d+$/.test(t.raw) ? level : 0));
  assert.deepEqual(
    settleDomains(tokens, tags).flatMap((tag, i) => (tag ? [tokens[i]!.raw] : [])),
    ['3'],
  );
});

test('a topic takes in the head of an Arabic phrase, the field after a joining word and a last prepositional phrase', () => {
  const topic = (marked: string) => settled(marked, 'topic');
  assert.deepEqual(topic('ابحث في مخاطر [الذكاء الاصطناعي في التعليم]'), [
    'مخاطر الذكاء الاصطناعي في التعليم',
  ]);
  assert.deepEqual(topic('ابحث في [الذكاء الاصطناعي]'), ['الذكاء الاصطناعي']);
  assert.deepEqual(topic('can u write a paper on [why people doomscroll] at night'), [
    'why people doomscroll at night',
  ]);
  assert.deepEqual(topic('a paper on [bees] in winter, please'), ['bees in winter']);
  assert.deepEqual(topic('a paper on [bees] in my garden'), ['bees']);
});

test('a German run request names its topic up to the verb that closes it', () => {
  assert.deepEqual(settled('Kannst du zu [Mikroplastik in Flüssen recherchieren] ?', 'topic'), [
    'Mikroplastik in Flüssen',
  ]);
  assert.deepEqual(
    settled('Mach eine Studie zur [Veränderung der] Gletscher im Laufe der Zeit', 'topic'),
    ['Veränderung der Gletscher im Laufe der Zeit'],
  );
  assert.deepEqual(settled('untersuch mal Lastmanagement mit E-Autos', 'topic'), [
    'Lastmanagement mit E-Autos',
  ]);
  // the writer's own work is no request
  assert.deepEqual(settled('ich arbeite an einer Studie zur Pflege', 'topic'), []);
});

test('a run asked for in French, Spanish, Italian, Portuguese or Arabic names its topic', () => {
  const topic = (text: string) => {
    const found = requestedTopic(tokenize(text));
    return found
      ? tokenize(text)
          .slice(found.first, found.last + 1)
          .map((t) => t.raw)
          .join(' ')
      : undefined;
  };
  assert.equal(
    topic("je suis doctorante et j'aimerais un article sur le télétravail"),
    'le télétravail',
  );
  assert.equal(
    topic('necesito que investigues la calidad del agua en el río Bogotá'),
    'la calidad del agua en el río Bogotá',
  );
  assert.equal(topic('vorrei una ricerca sul rischio cardiovascolare'), 'rischio cardiovascolare');
  assert.equal(topic('أريد بحثاً عن كشف الأخبار الكاذبة'), 'كشف الأخبار الكاذبة');
  // told of the writer's own work, it is none
  assert.equal(topic('je fais une étude sur les abeilles'), undefined);
});

test('a verb of research opening the message asks for a run on its object', () => {
  const topic = (text: string) => {
    const found = requestedTopic(tokenize(text));
    return found && tokenize(text)[found.first]!.raw;
  };
  assert.equal(
    topic('research self-healing materials for aerospace, I want crazy ideas'),
    'self-healing',
  );
  assert.equal(topic('Research it for me?'), undefined);
  assert.equal(topic('research interests: NLP and speech'), undefined);
  assert.equal(topic('research is my passion'), undefined);
  assert.equal(topic('investigate bolder directions please'), undefined);
  // a level word inside the object is the topic's ("strict liability", "risk perception")
  assert.equal(topic('research strict liability for self-driving cars'), 'strict');
  assert.equal(topic('investigate risk perception among cyclists'), 'risk');
  // and in the other languages, by their imperatives
  assert.equal(topic('investiga la movilidad urbana en Quito'), 'la');
  assert.equal(topic('pesquise a evasão escolar no ensino médio'), 'a');
  assert.equal(topic('untersuche den Wohnungsmarkt in Leipzig'), 'den');
  // a review, or anything asked for with "I need", is a request too
  assert.equal(topic('I need a systematic review on telehealth adoption'), 'telehealth');
});

test('a question word before the topic, with an article between, opens it', () => {
  assert.deepEqual(settled('perché gli [italiani fanno sempre meno figli] ? indaga tu', 'topic'), [
    'perché gli italiani fanno sempre meno figli',
  ]);
  assert.deepEqual(settled('pourquoi [les abeilles disparaissent] ?', 'topic'), [
    'pourquoi les abeilles disparaissent',
  ]);
});

test('what a piece of work is for names no field', () => {
  assert.deepEqual(settled("it's for a [policy brief]"), []);
  // nor the kind of a piece of work
  assert.deepEqual(settled("go easy on the baselines, it's a [nursing] audit not a RCT"), []);
  assert.deepEqual(settled('I work in [nursing] and want an audit'), ['nursing']);
  // nor a journal the writer reviews for
  assert.deepEqual(settled('I review for Arthritis & [Rheumatology], I know sloppy'), []);
  assert.deepEqual(settled('for my [quantum info course]'), []);
  assert.deepEqual(settled('I teach in [comparative literature]'), ['comparative literature']);
});

test('a topic without a filler or misspelt article before it, or what it is for after it', () => {
  assert.deepEqual(settled('investiga aí [a relação entre violência urbana] ', 'topic'), [
    'a relação entre violência urbana',
  ]);
  assert.deepEqual(settled('pls research [teh impact of AI tutors]', 'topic'), [
    'impact of AI tutors',
  ]);
  assert.deepEqual(
    settled("Studia [l'impatto del clima in Toscana , per la mia tesi di laurea]", 'topic'),
    ["l' impatto del clima in Toscana"],
  );
  assert.deepEqual(settled('research [LDPC codes for my quantum course]', 'topic'), ['LDPC codes']);
  assert.deepEqual(settled('write about [AI in schools]', 'topic'), ['AI in schools']);
  assert.deepEqual(settled('scrivi un articolo [sui microbi del suolo]', 'topic'), [
    'microbi del suolo',
  ]);
});

test('a topic labelled as such', () => {
  const topic = (text: string) => {
    const found = requestedTopic(tokenize(text));
    return found && tokenize(text)[found.first]!.raw;
  };
  assert.equal(topic('Tema: la economía informal en Lima. Atrévete con ideas locas.'), 'la');
  assert.equal(topic('Thema: Einsamkeit im Alter'), 'Einsamkeit');
  assert.equal(topic('my topic: sleep'), undefined);
});

test('a stretch of talk with an intensifier or a negative and no field word is no field', () => {
  assert.deepEqual(settled('small risk is fine if the idea is [very interesting]'), []);
  assert.deepEqual(settled('not trying to publish in [Nature or anything]'), []);
  assert.deepEqual(settled('aber ned [völlig abgehoben]'), []);
  // nor is a French letter's closing formula
  assert.deepEqual(settled('[Veuillez agréer mes salutations distinguées]. Pr Jean Lefèvre'), []);
  // nor is such a word a field word when folded ("aí" is no "AI")
  assert.deepEqual(settled('Muda [aí]: quero revisão bem rigorosa'), []);
  // a field's name may hold such a word when it holds a field word too
  assert.deepEqual(settled('I do [really applied statistics]'), ['really applied statistics']);
  // subjects joined by "and" are one field ("Mathe und Physik", "literatura y lengua")
  assert.deepEqual(settled('ich unterrichte [Mathe] und Physik'), ['Mathe und Physik']);
  // how the writer works is no field, nor part of one; a school level opens none
  assert.deepEqual(settled("I'm a journalist ([freelance], mostly climate)"), []);
  assert.deepEqual(settled('agora estudo [astronomia sozinho pelo YouTube]'), ['astronomia']);
  // nor doing it for leisure
  assert.deepEqual(settled('ahora estudio [genealogía por afición]'), ['genealogía']);
  assert.deepEqual(settled('I study [birdsong as a hobby]'), ['birdsong']);
  // nor opens on "por"
  assert.deepEqual(settled('me interesso [por criptografia]'), ['criptografia']);
  // "+" and "&" join whatever word follows them
  assert.deepEqual(settled('field: [biostatistics] + epi'), ['biostatistics + epi']);
});
