// A workplace is no field: what stands "at a …", "chez …", "in a … company" is where one
// works, not what one works on ("a data engineer at a logistics firm", "engenheiro de
// software numa fintech", "مهندس بيانات في شركة شحن"); a department "of" a field teaches it.
import { ARABIC_WORKPLACES, ARTICLES, FACULTIES, INDEFINITE_ARTICLES } from './field-words.ts';
import { isField } from './model/gazetteer.ts';
import { runsOf } from './model/tags.ts';
import { fold, type Token } from './model/tokens.ts';

/** The tags without the field spans that name a workplace or its kind. */
export function dropWorkplaces(tokens: readonly Token[], out: number[]): number[] {
  const words = tokens.map((t) => t.lower);
  // a workplace said in Arabic ("مهندس بيانات في | شركة شحن", at a shipping company)
  for (const run of runsOf(out, 'domain')) {
    if (ARABIC_WORKPLACES.has(words[run.first]!)) out.fill(0, run.first, run.last + 1);
  }
  // a hospital ward ("a nurse in | ICU", "enfermera en | urgencias", "auf der |
  // Intensivstation"), where one works, not on what
  for (const run of runsOf(out, 'domain')) {
    const span = words.slice(run.first, run.last + 1).join(' ');
    if (WARDS.has(span) || WARDS.has(span.replace(/^(?:ب|في|و)(?=ال)/u, ''))) {
      out.fill(0, run.first, run.last + 1);
    }
  }
  // a government body's name ("the Office for | National Statistics", "ministère de la |
  // Transition écologique", "وزارة | الصحة"): where one works; what one works on is said apart
  for (const run of runsOf(out, 'domain')) {
    if (namesGovernmentBody(words, run.first)) out.fill(0, run.first, run.last + 1);
  }
  // the kind of a workplace
  for (const run of runsOf(out, 'domain')) {
    const start = words[run.first] === 'of' ? run.first + 1 : run.first;
    let before = start - 1;
    // a department, a school or an institute "of" a field teaches it ("the department of
    // physics")
    const unit = words[before - 1] ?? '';
    const teaches = FACULTIES.has(unit) || unit === 'institute';
    if (words[before] === 'of' && WORKPLACES.has(unit) && !teaches) before -= 2;
    const ofWorkplace = before < start - 1;
    // "a small agritech startup"
    while (SIZES.has(words[before] ?? '') && words[before - 1]) before--;
    const article = isArticle(words[before]);
    while (isArticle(words[before])) before--;
    const at = words[before] ?? '';
    // "at a …", "chez …", "bei …", or "in a …", "numa …" ("in a pharmaceutical company")
    if (!AT_WORK.has(at) && !(article && IN_WORK.has(at)) && !CONTRACTED.has(at)) continue;
    const [last, next] = [words[run.last] ?? '', words[run.last + 1] ?? ''];
    // a lab's kind is a field ("a lab tech in a neuroscience lab"), as is a department's or a
    // law firm's when a field names it ("in the cardiology department", "a family law firm")
    const lab = RESEARCH_UNITS.has(last) || RESEARCH_UNITS.has(next);
    const named = (DEPARTMENTS.has(next) && isField(last)) || (last === 'law' && next === 'firm');
    if (ofWorkplace || ((WORKPLACES.has(last) || WORKPLACES.has(next)) && !lab && !named)) {
      out.fill(0, run.first, run.last + 1);
    }
  }
  return out;
}

/**
 * Does the field starting at `first` follow the head of a government body's name? Not "the
 * department of" a field, which a university's department also is ("the Department of
 * Physics"), but the UK's "Department for …".
 */
function namesGovernmentBody(words: readonly string[], first: number): boolean {
  let at = first - 1;
  while (BODY_ARTICLES.has(words[at] ?? '')) at--;
  const [joiner, head] = [words[at] ?? '', words[at - 1] ?? ''];
  if (MINISTRIES.has(joiner) || MINISTRIES.has(words[first]!)) return true;
  if (joiner === 'for' || joiner === 'of')
    return BODIES.has(head) && !(head === 'department' && joiner === 'of');
  return ['de', 'do', 'da', 'dos', 'das', 'del', 'della', 'dello', 'für', 'fur'].includes(joiner)
    ? MINISTRIES.has(head)
    : false;
}

/** Heads of government bodies' names before "of" or "for" ("Office for National Statistics"). */
const BODIES = new Set(['ministry', 'office', 'department', 'agency', 'bureau', 'directorate']);
/** Ministries in seven languages, as the tokens fold them; the Arabic one joins its field. */
const MINISTRIES = new Set(
  [
    'ministry',
    'ministère',
    'ministerio',
    'ministério',
    'ministero',
    'ministerium',
    'bundesministerium',
    'landesministerium',
    'وزارة',
    'بوزارة',
    'فوزارة',
  ].map(fold),
);
/** Articles between a ministry and its name ("ministère de | la | Transition …"). */
const BODY_ARTICLES = new Set(['the', 'la', "l'", 'le', 'les', 'el', 'a', 'o', 'der']);

/** Where one works, said before a workplace, with or without an article. */
const AT_WORK = new Set(['at', 'chez', 'bei', 'presso']);
/**
 * "In" or "of", said of a workplace only with an article ("in a startup", "en una empresa",
 * "CTO of a small agritech startup").
 */
const IN_WORK = new Set(['in', 'en', 'em', 'dans', 'of']);
/** Words of a workplace's size, before its kind. */
const SIZES = new Set('small big large tiny little local young mid-sized huge'.split(' '));
/** "In a" written as one word: "numa fintech", "nel laboratorio". */
const CONTRACTED = new Set(['numa', 'num', 'nel', 'nella', 'nello']);
const isArticle = (word = '') => ARTICLES.has(word) || INDEFINITE_ARTICLES.has(word);

/** Nouns of workplaces: what stands "at a …" is where one works, not what one works on. */
export const WORKPLACES: ReadonlySet<string> = new Set(
  (
    'department dept company firm startup start-up hospital ministry agency bank lab ' +
    'laboratory institute clinic school university council office plant factory centre ' +
    'center ngo nonprofit charity consultancy museum library foundation fintech biotech ' +
    'medtech edtech insurtech ' +
    'empresa banco universidad universidade universita laboratorio laboratoire ong ' +
    'entreprise societe banque hopital firma unternehmen klinik krankenhaus universitat ' +
    'azienda ospedale despacho cabinet clinica clinique escuela escola scuola ecole'
  ).split(' '),
);
/**
 * Hospital wards, as the tokens fold them; not intensive care said as such ("soins
 * intensifs", "terapia intensiva"), which writers also give as their field.
 */
const WARDS = new Set(
  [
    'icu',
    'nicu',
    'picu',
    'er',
    'a&e',
    'the ward',
    'emergency',
    'urgences',
    'urgencias',
    'emergencias',
    'reanimation',
    'uti',
    'pronto soccorso',
    'intensivstation',
    'notaufnahme',
    'العناية المركزة',
    'الطوارئ',
    'الانعاش',
  ].map(fold),
);
/** A department, whose kind is the field it is of. */
const DEPARTMENTS = new Set(['department', 'dept', 'departement', 'departamento', 'dipartimento']);
/** Workplaces whose kind is a research field. */
const RESEARCH_UNITS = new Set(['lab', 'labs', 'laboratory', 'laboratorio', 'laboratoire']);
