import { test } from 'node:test';
import assert from 'node:assert/strict';
import { settleRoles } from './settle-roles.ts';
import { withCompoundHead } from './role-compounds.ts';
import { spanRuns, TAGS } from './model/tags.ts';
import { tokenize } from './model/tokens.ts';

const SLOTS = { d: 'domain', a: 'archetype' } as const;

/**
 * The role and field spans after settling, from a message whose tagged stretches are marked
 * as the tagger would tag them: "[a: PhD student]" a role, "[d: ecology]" a field.
 */
function settled(marked: string): { archetype: string[]; domain: string[] } {
  const tags: number[] = [];
  let text = '';
  for (const part of marked.split(/(\[[ad]: [^\]]+\])/)) {
    const span = /^\[([ad]): ([^\]]+)\]$/.exec(part);
    const words = tokenize(span ? span[2]! : part);
    words.forEach((_, i) => {
      const slot = span ? SLOTS[span[1] as 'a' | 'd'] : undefined;
      tags.push(slot ? TAGS.indexOf(`${i === 0 ? 'B' : 'I'}-${slot}`) : 0);
    });
    text += ` ${span ? span[2] : part}`;
  }
  const tokens = tokenize(text);
  assert.equal(tags.length, tokens.length);
  const out = { archetype: [] as string[], domain: [] as string[] };
  for (const run of spanRuns(settleRoles(tokens, tags))) {
    if (run.slot !== 'archetype' && run.slot !== 'domain') continue;
    out[run.slot].push(
      tokens
        .slice(run.first, run.last + 1)
        .map((t) => t.raw)
        .join(' '),
    );
  }
  return out;
}

test('a field that ends on a person is a role', () => {
  assert.deepEqual(settled("I'm an [d: urban planner]"), {
    archetype: ['urban planner'],
    domain: [],
  });
  assert.deepEqual(settled("I'm a [d: social worker] ."), {
    archetype: ['social worker'],
    domain: [],
  });
  // unless it is a field and an academic position
  assert.deepEqual(settled('update my profile: [d: criminology lecturer]'), {
    archetype: ['lecturer'],
    domain: ['criminology'],
  });
});

test('the person words left just after a field are its role, or one role with it', () => {
  assert.deepEqual(settled("I'm an [d: economics] professor"), {
    archetype: ['professor'],
    domain: ['economics'],
  });
  assert.deepEqual(settled("I'm a [d: finance] PhD student ."), {
    archetype: ['PhD student'],
    domain: ['finance'],
  });
  // No lexicon knows "Persian lit": it qualifies the scholar.
  assert.deepEqual(settled('Reza here . [d: Persian lit] scholar .'), {
    archetype: ['Persian lit scholar'],
    domain: [],
  });
  assert.deepEqual(settled('Ji-ho , [d: hci] researcher'), { archetype: [], domain: ['hci'] });
});

test('a researcher, scientist or person after a field adds nothing to it', () => {
  assert.deepEqual(settled("I'm a [d: health economics] researcher"), {
    archetype: [],
    domain: ['health economics'],
  });
  assert.deepEqual(settled("I'm an [d: econ] person"), { archetype: [], domain: ['econ'] });
});

test('a field word that is also a role stays a field', () => {
  assert.deepEqual(settled('mi campo es la [d: física]'), { archetype: [], domain: ['física'] });
});

test('with a role already tagged, fields stay fields', () => {
  assert.deepEqual(settled("I'm a [a: teacher] of [d: art history]"), {
    archetype: ['teacher'],
    domain: ['art history'],
  });
});

test('qualifiers before a role belong to it', () => {
  assert.deepEqual(settled("I'm a second-year [a: PhD student] in [d: chemistry]").archetype, [
    'second-year PhD student',
  ]);
  assert.deepEqual(settled("I'm a 3rd year [a: PhD candidate]").archetype, [
    '3rd year PhD candidate',
  ]);
  assert.deepEqual(settled('i am high [a: school teacher] of chemistry').archetype, [
    'high school teacher',
  ]);
  assert.deepEqual(settled("I'm a high school [a: biology teacher]").archetype, [
    'high school biology teacher',
  ]);
  assert.deepEqual(settled('Im a registered [a: dietitian]').archetype, ['registered dietitian']);
  // Not an adjective that qualifies nothing about the role.
  assert.deepEqual(settled("I'm a happy [a: engineer]").archetype, ['engineer']);
});

test('a role cut after its qualifier takes in the role word', () => {
  assert.deepEqual(settled('me : Oksana , [a: associate] prof , organic chemistry').archetype, [
    'associate prof',
  ]);
});

test('of two roles, the one said to hold now replaces the other', () => {
  assert.deepEqual(
    settled("remove the [a: postdoc] bit , I'm an [a: assistant professor] now").archetype,
    ['assistant professor'],
  );
  assert.deepEqual(settled("I was a [a: nurse] , these days I'm a [a: data analyst]").archetype, [
    'data analyst',
  ]);
  assert.deepEqual(settled("I'm a [a: teacher] and a [a: writer]").archetype, [
    'teacher',
    'writer',
  ]);
  // or said after "and now", untagged ("… y ahora becaria")
  assert.deepEqual(
    settled('soy [a: licenciada] en [d: sociología] y ahora becaria del CONICET').archetype,
    ['becaria'],
  );
  // how the writer now works is no new role
  assert.deepEqual(settled('[a: Consultant] ( strategy ) , now [a: independent] .').archetype, [
    'Consultant',
  ]);
});

test('a role word left out where a role is said is the role', () => {
  assert.deepEqual(settled("I'm a cautious statistician").archetype, ['statistician']);
  assert.deepEqual(settled('as a careful engineer , research bridges').archetype, ['engineer']);
  // or said after "now", as the role that replaced a former one
  assert.deepEqual(
    settled('Quereinsteiger : [a: früher Bankkaufmann] , jetzt Pflegefachmann').archetype,
    ['Pflegefachmann'],
  );
  // Not a role word after anything else, nor a generic one.
  assert.deepEqual(settled('my sister is a nurse').archetype, []);
  assert.deepEqual(settled("I'm a researcher").archetype, []);
});

test('a role cut before its person word takes it in', () => {
  assert.deepEqual(settled("I'm a [a: very cautious] statistician").archetype, [
    'very cautious statistician',
  ]);
});

test('"I" is no part of a role; an Arabic role takes in its qualifier after it', () => {
  assert.deepEqual(settled('مرحبا [a: وأنا طالب] في الفيزياء').archetype, ['طالب']);
  assert.deepEqual(settled('أنا [a: أستاذ] مساعد في الهندسة').archetype, ['أستاذ مساعد']);
  assert.deepEqual(settled('أنا [a: طالبة] ماجستير').archetype, ['طالبة ماجستير']);
});

test('a field read with an academic position into one role is the field and the position', () => {
  assert.deepEqual(settled("I'm an [a: economics professor]"), {
    archetype: ['professor'],
    domain: ['economics'],
  });
  assert.deepEqual(settled("i'm a [a: third-year econ PhD student] fyi"), {
    archetype: ['PhD student'],
    domain: ['econ'],
  });
  assert.deepEqual(settled('[a: Māori studies researcher]'), {
    archetype: [],
    domain: ['Māori studies'],
  });
  // Roles that only qualify a person, or take no field: kept whole.
  for (const role of [
    'data scientist',
    'nursing student',
    'clinical researcher',
    'high school biology teacher',
  ]) {
    assert.deepEqual(settled(`I'm a [a: ${role}]`), { archetype: [role], domain: [] });
  }
  // "a historian | of science": a field read from "of" on after a role is the role's.
  assert.deepEqual(settled("I'm a [a: historian] [d: of science]"), {
    archetype: ['historian of science'],
    domain: [],
  });
});

test('a "role" that ends on a field is the field; a field opening on a qualifier joins its role', () => {
  assert.deepEqual(settled("I'm a [a: hobbyist], [a: amateur astronomy]"), {
    archetype: ['hobbyist'],
    domain: ['amateur astronomy'],
  });
  assert.deepEqual(settled("I'm a [d: high school biology] [a: teacher]"), {
    archetype: ['high school biology teacher'],
    domain: [],
  });
  assert.deepEqual(settled("I'm Aroha, Māori [a: studies lecturer]"), {
    archetype: ['lecturer'],
    domain: ['Māori studies'],
  });
});

test('a role ends on no verb', () => {
  assert.deepEqual(settled("I'm Noor, an [a: undergrad majoring] in [d: biochem]"), {
    archetype: ['undergrad'],
    domain: ['biochem'],
  });
});

test('a role word the tagger left out is taken where the words introduce a role', () => {
  const role = (marked: string) => settled(marked).archetype;
  assert.deepEqual(role('Me llamo José Luis, soy catedrático de [d: historia del arte]'), [
    'catedrático',
  ]);
  assert.deepEqual(role('je suis maître de conférences en [d: droit public]'), [
    'maître de conférences',
  ]);
  assert.deepEqual(role("honestly I'm just a curious retiree who reads"), ['retiree']);
  assert.deepEqual(role("I'm doing a postdoc in [d: evolutionary biology]"), ['postdoc']);
  // said on its own between commas, as people list who they are
  assert.deepEqual(role('Mariam Kouyaté, sociologue, Bamako.'), ['sociologue']);
  assert.deepEqual(role('Kwame here, epidemiologist, nice to meet you'), ['epidemiologist']);
  // a role word that introduces nothing stays out
  assert.deepEqual(role('my advisor says hi'), []);
});

test('an Arabic role takes in the qualifier after it', () => {
  assert.deepEqual(settled('أنا [a: مهندس] برمجيات وأعمل في [d: الأمن السيبراني]'), {
    archetype: ['مهندس برمجيات'],
    domain: ['الأمن السيبراني'],
  });
  assert.deepEqual(settled('أعمل [d: مهندس برمجيات]').archetype, ['مهندس برمجيات']);
});

test('a French or Spanish role takes in the adjective or complement after it', () => {
  assert.deepEqual(settled('Soy Lucía, [a: investigadora] principal en [d: ecología]'), {
    archetype: ['investigadora principal'],
    domain: ['ecología'],
  });
  assert.deepEqual(settled('je suis Marc, [a: médecin] urgentiste').archetype, [
    'médecin urgentiste',
  ]);
  assert.deepEqual(settled('Aïssatou Diallo, épidémiologiste de terrain').archetype, [
    'épidémiologiste de terrain',
  ]);
  assert.deepEqual(settled('أنا [a: باحث] ما بعد الدكتوراه في [d: علم الأعصاب]').archetype, [
    'باحث ما بعد الدكتوراه',
  ]);
});

test('a role "of" a field is one role, a position "of" a field a position and a field', () => {
  assert.deepEqual(settled("I'm a [a: historian] of science"), {
    archetype: ['historian of science'],
    domain: [],
  });
  assert.deepEqual(settled("I'm a [a: professor] of economics"), {
    archetype: ['professor'],
    domain: ['economics'],
  });
});

test('a role after a name and a comma is the role', () => {
  const tokens = tokenize("I'm Sigrid, a cautious statistician");
  const tags = tokens.map((t) => (t.raw === 'Sigrid' ? TAGS.indexOf('B-name') : 0));
  const roles = spanRuns(settleRoles(tokens, tags)).filter((r) => r.slot === 'archetype');
  assert.deepEqual(
    roles.map((r) => tokens[r.first]!.raw),
    ['statistician'],
  );
});

test('a role said not to hold is none; "I am" a role is one, "I am" a title is not', () => {
  const role = (marked: string) => settled(marked).archetype;
  assert.deepEqual(role("i'm not a [a: student] anymore, i'm faculty now"), ['faculty']);
  assert.deepEqual(role("Not a [a: scientist] — I'm a [a: policy advisor]"), ['policy advisor']);
  assert.deepEqual(role("I'm not a [a: student]"), []);
  assert.deepEqual(role('I am postdoc in ecology'), ['postdoc']);
  assert.deepEqual(role('I am Prof. Hiroshi Tanaka'), []);
  assert.deepEqual(role("I'm Professor Adeyemi"), []);
  assert.deepEqual(role("I'm interested in teacher training"), []);
});

test('an Arabic person word the tagger left before a role is its head', () => {
  assert.deepEqual(settled('أنا عبدالله، أخصائي [a: أوبئة] في وزارة الصحة').archetype, [
    'أخصائي أوبئة',
  ]);
});

test('a degree being done is no role; "no longer" in French; "I am now" a role', () => {
  const role = (marked: string) => settled(marked).archetype;
  assert.deepEqual(role("I'm doing a [a: PhD] in the philosophy of language"), []);
  assert.deepEqual(role("I'm doing a postdoc in evolutionary biology"), ['postdoc']);
  assert.deepEqual(role('je ne suis plus [a: doctorant], je suis maintenant post-doc'), [
    'post-doc',
  ]);
});

test('how the writer feels or how big they are, or a school, is no role; "also" opens none', () => {
  const role = (marked: string) => settled(marked).archetype;
  assert.deepEqual(role('Recherchieren Sie das bitte, ich bin [a: neugierig].'), []);
  assert.deepEqual(role('ideia arriscada não, sou [a: pequeno], não dá pra perder safra'), []);
  assert.deepEqual(role('adesso sono [a: anche dottoranda] in chimica'), ['dottoranda']);
  // a school is where a teacher works; a role ends before "not"
  assert.deepEqual(role('bin [a: lehrerin] an [a: nem gymnasium], mathe'), ['lehrerin']);
  assert.deepEqual(role("I'm a [a: journalist not an academic]"), ['journalist']);
  // of a role the writer turned into, the one now, whether tagged as one span or two
  assert.deepEqual(role('[a: Self-taught programmer turned bioinformatician], Kim'), [
    'bioinformatician',
  ]);
  assert.deepEqual(role('Luis, [a: PhD] dropout turned [a: machine learning engineer]'), [
    'machine learning engineer',
  ]);
});

test('a role ends before "specialised" and before a second role joined by "and"', () => {
  const role = (marked: string) => settled(marked).archetype;
  assert.deepEqual(role('Soy Mariana, [a: ingeniera civil especializada] en estructuras'), [
    'ingeniera civil',
  ]);
  assert.deepEqual(role('soy Lorena, [a: psicóloga clínica e investigadora] en sueño'), [
    'psicóloga clínica',
  ]);
  assert.deepEqual(role('Je suis Nathalie, pharmacienne hospitalière et je fais …'), [
    'pharmacienne hospitalière',
  ]);
  // Arabic writes "and" onto the next word, after its own comma
  assert.deepEqual(role('أنا [n: يوسف]، صيدلي وعندي صيدلية صغيرة'), ['صيدلي']);
});

test('a bare "researcher" beside a field is no role; capitalised unknown words are a name', () => {
  assert.deepEqual(settled('je suis [a: chercheuse] en [d: sociologie urbaine]').archetype, []);
  assert.deepEqual(settled('أنا [a: باحثة] في [d: علم البيانات]').archetype, []);
  assert.deepEqual(settled('soy [a: investigadora principal] en [d: ecología]').archetype, [
    'investigadora principal',
  ]);
  assert.deepEqual(settled("I'm Hannah [a: Goldberg] and I'm an [a: epidemiologist]").archetype, [
    'epidemiologist',
  ]);
  assert.deepEqual(settled("I'm a [a: Luthier]").archetype, ['Luthier']);
});

test('a role said alone before the field it is in is the role', () => {
  const roles = (marked: string) => settled(marked).archetype;
  assert.deepEqual(roles('Ich heiße Lukas Schmidt, Doktorand in [d: Informatik]'), ['Doktorand']);
  assert.deepEqual(roles('Sou a Beatriz Costa, mestranda em [d: saúde pública]'), ['mestranda']);
  assert.deepEqual(roles('Hi, I went in [d: history]'), []);
});

test('a role ends on no "and" nor "now", opens on no "as", and takes in its trade qualifiers', () => {
  const roles = (marked: string) => settled(marked).archetype;
  assert.deepEqual(roles('sou [a: agrônoma e] trabalho com soja'), ['agrônoma']);
  assert.deepEqual(roles('ترى صرت [a: مهندس بترول الحين]، حدّث ملفي'), ['مهندس بترول']);
  assert.deepEqual(roles('Je bosse maintenant [a: comme consultante]'), ['consultante']);
  assert.deepEqual(roles("I'm just a hobby [a: birder]"), ['hobby birder']);
  assert.deepEqual(roles('backend [a: software engineer] in lahore'), [
    'backend software engineer',
  ]);
});

test('an occupation said alone before where it is done is the role, in any language', () => {
  const roles = (marked: string) => settled(marked).archetype;
  assert.deepEqual(roles('viticulteur en Bourgogne, le mildiou me rend fou'), ['viticulteur']);
  assert.deepEqual(roles('Sono Paolo, viticoltore nelle Langhe'), ['viticoltore']);
  assert.deepEqual(roles('Kurator am Stadtmuseum, Schwerpunkt [d: Industriegeschichte]'), [
    'Kurator',
  ]);
  assert.deepEqual(roles('مزارع من الأغوار'), ['مزارع']);
  // not a word no occupation list knows, nor one in the middle of a sentence
  assert.deepEqual(roles('Amara, blorvic en Bourgogne'), []);
  assert.deepEqual(roles('we met a curator at the museum'), []);
});

test('a role said after "as" or with a hedge, and retirement said after the role', () => {
  const roles = (marked: string) => settled(marked).archetype;
  assert.deepEqual(roles('instituteur à la retraite, passionné par la [d: préhistoire]'), [
    'instituteur à la retraite',
  ]);
  assert.deepEqual(roles('lavoro come insegnante in pensione'), ['insegnante in pensione']);
  assert.deepEqual(roles('sé menos estricto, soy solo un aficionado'), ['aficionado']);
  assert.deepEqual(roles("I'm part-time faculty in [d: graphic design]"), ['part-time faculty']);
  assert.deepEqual(roles('دابا كنخدم محلل بيانات ف بنك'), ['محلل بيانات']);
  assert.deepEqual(roles('salam, smiti Nadia w ana tbiba'), ['tbiba']);
  // "like a" is a likeness, not a role; "as" (no article) is one
  assert.deepEqual(roles('be more strict, como un [a: reviewer] duro'), []);
  assert.deepEqual(roles('mets-moi comme médecin urgentiste'), ['médecin urgentiste']);
});

test('the year of study after a role is part of it, in six languages', () => {
  const roles = (marked: string) => settled(marked).archetype;
  assert.deepEqual(roles('je suis [a: doctorante] en deuxième année en [d: sociologie]'), [
    'doctorante en deuxième année',
  ]);
  assert.deepEqual(roles('Sou [a: aluno do] 3º ano de [d: direito]'), ['aluno do 3º ano']);
  assert.deepEqual(roles('ich bin [a: Studentin] im zweiten Semester'), [
    'Studentin im zweiten Semester',
  ]);
  assert.deepEqual(roles('وأنا [a: طالبة دكتوراه] في السنة الثالثة'), [
    'طالبة دكتوراه في السنة الثالثة',
  ]);
  // not a year: "in 2019"
  assert.deepEqual(roles("I'm a [a: postdoc] in 2019 cohorts"), ['postdoc']);
});

test('an Arabic role ends before a word with "and" or "at" written on it', () => {
  const roles = (marked: string) => settled(marked).archetype;
  assert.deepEqual(roles('أنا [a: صيدلانية وبشتغل] في مستشفى'), ['صيدلانية']);
  assert.deepEqual(roles('أنا [a: طبيبة فسبيطار] عمومي'), ['طبيبة']);
  assert.deepEqual(roles('[a: مهندس برمجيات] في شركة'), ['مهندس برمجيات']);
});

test('qualifiers read as a field before a role, and what a teacher teaches, are the role', () => {
  const roles = (marked: string) => settled(marked).archetype;
  assert.deepEqual(roles("I'm a [d: mid-career] [a: policy analyst]"), [
    'mid-career policy analyst',
  ]);
  assert.deepEqual(roles("I'm a science [a: educator]"), ['science educator']);
  assert.deepEqual(roles("I'm a [a: retired army] medic"), ['retired army medic']);
  // a qualifier alone beside a role is none: "third-year" goes with neither field nor role
  assert.deepEqual(settled("i'm a [a: third-year] [d: econ] [a: PhD student] fyi"), {
    archetype: ['PhD student'],
    domain: ['econ'],
  });
});

test('an adjective the tagger cut from a noun that is no role is no role', () => {
  const roles = (marked: string) => settled(marked).archetype;
  assert.deepEqual(roles("I'm a [a: huge] fan of your work"), []);
  assert.deepEqual(roles("I'm a [a: luthier] and violin maker"), ['luthier']);
  assert.deepEqual(roles("I'm a [a: clinician-scientist] working in oncology"), [
    'clinician-scientist',
  ]);
});

test('a role opening the message before its field, and one with qualifiers read as a field', () => {
  assert.deepEqual(settled('Professore ordinario di [d: diritto costituzionale]'), {
    archetype: ['Professore ordinario'],
    domain: ['diritto costituzionale'],
  });
  assert.deepEqual(settled('e sono [d: farmacista ospedaliera]').archetype, [
    'farmacista ospedaliera',
  ]);
  // a field that is a person word too stays the field when another role is said
  assert.deepEqual(settled('Sono una docente a contratto di [d: statistica]'), {
    archetype: ['docente a contratto'],
    domain: ['statistica'],
  });
  assert.deepEqual(settled('I am an [d: urban planner]').archetype, ['urban planner']);
});

test('hyphened, hedged, enthusiast and "here" roles, and a formerly that is none', () => {
  const roles = (marked: string) => settled(marked).archetype;
  assert.deepEqual(roles('Bin Teilzeit-Dozent an einer Fachhochschule'), ['Teilzeit-Dozent']);
  assert.deepEqual(roles('Moin! Freiberuflicher Übersetzer hier, Schwerpunkt Medizin'), [
    'Freiberuflicher Übersetzer',
  ]);
  assert.deepEqual(roles('ich bin [a: nur Hobbyforscher]'), ['Hobbyforscher']);
  assert.deepEqual(roles('Sono un appassionato di [d: astronomia]'), ['appassionato']);
  assert.deepEqual(roles('أنا أشتغل محاسب في شركة نفط'), ['محاسب']);
  assert.deepEqual(roles('Lehrer im Ruhestand, [a: früher] Mathe und [d: Physik]'), [
    'Lehrer im Ruhestand',
  ]);
  // of a past role and one said to hold today, today's
  assert.deepEqual(roles("[a: chimiste de formation], aujourd'hui je suis [a: cheffe de projet]"), [
    'cheffe de projet',
  ]);
});

test('a greeting to the app is no role', () => {
  assert.deepEqual(settled("[a: Dear assistant], I'm a [a: postdoc]").archetype, ['postdoc']);
});

test('a role said after a name and "here", one said with "now", and a unit that is none', () => {
  const roles = (marked: string) => settled(marked).archetype;
  assert.deepEqual(roles("Do you have me as a [a: grad student] ? I'm faculty now"), ['faculty']);
  assert.deepEqual(roles('Macroeconomics, central bank, [a: research department]'), []);
});

test('someone else’s role, or one imagined, is not the writer’s', () => {
  assert.deepEqual(
    settled('my wife is a [a: surgeon] and she said I should try this').archetype,
    [],
  );
  assert.deepEqual(settled('Hi , my name is Arjun and my wife is a [a: doctor]').archetype, []);
  assert.deepEqual(settled('If I were a [a: physicist] this would be easier').archetype, []);
  assert.deepEqual(settled("I'm a [a: postdoc] and my supervisor is strict").archetype, [
    'postdoc',
  ]);
});

test('an Arabic role read with its field is both; an adjective after it qualifies it', () => {
  assert.deepEqual(settled('أنا [a: معلمة رياضيات] في مدرسة ثانوية'), {
    archetype: ['معلمة'],
    domain: ['رياضيات'],
  });
  assert.deepEqual(settled('أنا [a: خبيرة] اقتصادية ، والمخاطرة متوسطة').archetype, [
    'خبيرة اقتصادية',
  ]);
});

test('a "role" of no person word beside one that has it is none, unless joined by "and"', () => {
  assert.deepEqual(settled('[a: since October] I am [a: assistant professor]').archetype, [
    'assistant professor',
  ]);
  assert.deepEqual(settled("I'm a [a: child] and [a: adolescent psychiatrist]").archetype, [
    'child and adolescent psychiatrist',
  ]);
});

test('how new the writer is is no role', () => {
  assert.deepEqual(settled("make future reviews gentler, I'm a [a: beginner]"), {
    archetype: [],
    domain: [],
  });
  assert.deepEqual(settled('ich bin [a: noch Anfängerin]'), { archetype: [], domain: [] });
});

test('a role said to be former is none, in French, Spanish and Portuguese too', () => {
  assert.deepEqual(settled('au fait, ancienne [a: ingénieure chimiste], à la retraite'), {
    archetype: [],
    domain: [],
  });
});

test('an Arabic role ends, and opens, on no verb of working or becoming', () => {
  assert.deepEqual(settled('أنا [a: صيدلي بشتغل] في مستشفى'), { archetype: ['صيدلي'], domain: [] });
  assert.deepEqual(settled('خلصت الماجستير [a: وبقيت معيد] في كلية الآداب'), {
    archetype: ['معيد'],
    domain: [],
  });
});

test('an adverb of generality read as a role is none', () => {
  assert.deepEqual(
    settled('Bevor ich Feedback gebe: [a: grundsätzlich] mag ich ein mittleres Risiko'),
    {
      archetype: [],
      domain: [],
    },
  );
});

test('a role takes in the acronym, the taught field or the trade the tagger left before it', () => {
  const compound = (text: string, role: string) => {
    const tokens = tokenize(text);
    const tags = tokens.map((t) => (t.raw === role ? TAGS.indexOf('B-archetype') : 0));
    return spanRuns(withCompoundHead(tokens, tags)).map((run) =>
      tokens
        .slice(run.first, run.last + 1)
        .map((t) => t.raw)
        .join(' '),
    );
  };
  assert.deepEqual(compound('ER nurse. Night shifts mostly.', 'nurse'), ['ER nurse']);
  assert.deepEqual(compound('call me a science educator', 'educator'), ['science educator']);
  assert.deepEqual(compound('I am a proud nurse', 'nurse'), ['nurse']);
  // a plain noun opening the role's phrase names its trade
  assert.deepEqual(compound('yoga instructor, studying kinesiology', 'instructor'), [
    'yoga instructor',
  ]);
  assert.deepEqual(compound('Priya Raman. startup founder, we recycle', 'founder'), [
    'startup founder',
  ]);
  assert.deepEqual(compound("I'm a yoga instructor", 'instructor'), ['yoga instructor']);
  // not an adjective, a word of another language, nor a label
  assert.deepEqual(compound("I'm a curious engineer", 'engineer'), ['engineer']);
  assert.deepEqual(compound('soy economista', 'economista'), ['economista']);
  assert.deepEqual(compound('role statistician', 'statistician'), ['statistician']);
});

test("a Romance role's complement takes in the adjective the tagger cut after it", () => {
  const roleOf = (text: string, first: number, last: number) => {
    const tokens = tokenize(text);
    const tags = tokens.map((_, i) =>
      i === first
        ? TAGS.indexOf('B-archetype')
        : i > first && i <= last
          ? TAGS.indexOf('I-archetype')
          : 0,
    );
    return spanRuns(withCompoundHead(tokens, tags)).map((run) =>
      tokens
        .slice(run.first, run.last + 1)
        .map((t) => t.raw)
        .join(' '),
    );
  };
  assert.deepEqual(roleOf('Trabalho como analista de políticas públicas no Ministério', 2, 4), [
    'analista de políticas públicas',
  ]);
  // not a participle that opens a clause of its own
  assert.deepEqual(roleOf('soy profe de secundaria interesado en didáctica', 1, 3), [
    'profe de secundaria',
  ]);
});

test('a Romance role takes in the adjective of its kind where its clause ends or a place follows', () => {
  const roleOf = (text: string, at: number) => {
    const tokens = tokenize(text);
    const tags = tokens.map((_, i) => (i === at ? TAGS.indexOf('B-archetype') : 0));
    return spanRuns(withCompoundHead(tokens, tags)).map((run) =>
      tokens
        .slice(run.first, run.last + 1)
        .map((t) => t.raw)
        .join(' '),
    );
  };
  assert.deepEqual(roleOf("Faccio l'avvocato penalista a Napoli", 2), ['avvocato penalista']);
  assert.deepEqual(roleOf('ahora soy profesor titular, actualízalo', 2), ['profesor titular']);
  // not a participle that opens a clause, nor an adjective the clause goes on after
  assert.deepEqual(roleOf('archéologue spécialisée en préhistoire', 0), ['archéologue']);
  assert.deepEqual(roleOf('soy profesor titular de la cátedra de historia', 1), ['profesor']);
});

test('a year of study is a role, or part of the role word the tagger left out after it', () => {
  const role = (marked: string) => settled(marked).archetype;
  assert.deepEqual(role('[d: soil science], 4th year PhD. I like bold ideas'), ['4th year PhD']);
  assert.deepEqual(role("i mean i'm only a first year so maybe go easy"), ['first year']);
  assert.deepEqual(role('[a: étudiante] en M2 de [d: droit international], voilà'), [
    'étudiante en M2',
  ]);
  // not someone else's year, nor a year said of something else
  assert.deepEqual(role('my son is a first year at Leeds'), []);
  assert.deepEqual(role('it was a first year course'), []);
});

test("a form's role label names all of its clause", () => {
  assert.deepEqual(
    settled(
      'Name: [n: Arturo] / Role: [d: mechanical design] [a: engineer] / Field: wind turbines',
    ),
    { archetype: ['mechanical design engineer'], domain: [] },
  );
  // not a role label inside a sentence
  assert.deepEqual(settled('my role: [a: postdoc] in the lab').archetype, ['postdoc']);
});

test('a German compound that ends on an occupation is a role word', () => {
  const role = (marked: string) => settled(marked).archetype;
  assert.deepEqual(role('Hallo, ich bin [n: Jonas], Chemielehrer.'), ['Chemielehrer']);
  assert.deepEqual(role('Ich arbeite als Softwareentwicklerin'), ['Softwareentwicklerin']);
  // not a word that only holds one inside it, nor a short one
  assert.deepEqual(role('Ich bin Lehrerzimmer-Fan'), []);
  // occupations German writes only inside a compound, even where no list knows the word
  assert.deepEqual(role('Elektrikermeister, selbstständig, Raum Köln.'), ['Elektrikermeister']);
  assert.deepEqual(role('Ich bin inzwischen Abteilungsleiterin im Umweltamt'), [
    'Abteilungsleiterin',
  ]);
  assert.deepEqual(role('Ich bin Weltmeister im Schach'), []);
  // said since when
  assert.deepEqual(role('Apropos: Ich bin seit gestern Teamleiter'), ['Teamleiter']);
});

test('self-employment said after a Spanish or Portuguese role is part of it', () => {
  assert.deepEqual(settled('trabajo de [a: electricista] por cuenta propia').archetype, [
    'electricista por cuenta propia',
  ]);
  assert.deepEqual(settled('sou [a: eletricista] por conta própria').archetype, [
    'eletricista por conta própria',
  ]);
});

test('an occupation named by its acronym, in capitals, is a role word', () => {
  assert.deepEqual(settled('[n: Tanya] [n: Morris], PM at a health-tech startup').archetype, [
    'PM',
  ]);
  // not the same letters in lower case
  assert.deepEqual(settled('see you at 3 pm, ok?').archetype, []);
});

test('a role word that qualifies a piece of work is no role', () => {
  assert.deepEqual(settled("don't be too strict, it's an [a: undergrad] thesis").archetype, []);
  assert.deepEqual(settled('since this is for a [a: class assignment], go easy').archetype, []);
  assert.deepEqual(settled("I'm a [a: project manager]").archetype, ['project manager']);
});

test('German "für" after a role names its field where none is tagged', () => {
  assert.deepEqual(settled('Ich bin [a: Professor] für Stahlbau an einer FH').domain, ['Stahlbau']);
  assert.deepEqual(settled('[a: Lehrerin] für Mathematik und Physik').domain, [
    'Mathematik und Physik',
  ]);
  // not a field tagged already, nor what is done for someone
  assert.deepEqual(settled('[a: Professor] für [d: Stahlbau] an einer FH').domain, ['Stahlbau']);
  assert.deepEqual(settled('[a: Lehrerin] für alle Kinder').domain, []);
});
