// Messages the classifier takes for a run request or a profile update because they name a
// subject or a risk: a question about what the app can research ("can you do research on
// humanities stuff or just science?", "Welche Fachgebiete deckst du ab?"), which is help; an
// aside about something the writer read or saw ("Ho letto un articolo sulla crisi idrica in
// Sicilia") or about the risk of their money or health ("crypto is way too risky for me"),
// which is small talk. Read by the action corrections (action-overrides.ts).
import { isRoleWord } from './model/gazetteer.ts';
import { cueOf, levelMarks } from './model/lexicon.ts';
import { foldedSet, type Token } from './model/tokens.ts';

/** True when a question asks what subjects or kinds of research the app covers. */
export function asksWhatAppCovers(tokens: readonly Token[]): boolean {
  const question = tokens.some((t) => t.raw === '?' || t.raw === '؟');
  if (!question) return false;
  const words = tokens.filter((t) => !t.punct).map((t) => t.lower);
  const text = ` ${words.join(' ')} `;
  // "… or just science?" asks what the app can do only when it asks whether it can ("write a
  // paper on protein folding or just on misfolding?" is a request)
  const canYou = CAN_YOU.has(words[0] ?? '') || CAN_YOU.has(words[1] ?? '');
  return (canYou && ALTERNATIVES.test(text)) || COVERS.some((pattern) => pattern.test(text));
}
/** What opens a question whether the app can do something. */
const CAN_YOU = new Set(
  (
    'can could do does are is will would tu vous est-ce puedes podes podrias puoi potresti ' +
    'kannst konnen voce pode consegue هل بتقدر تقدر ممكن'
  ).split(' '),
);
/** "… or just science?", "… ou seulement en sciences ?", "… oder nur Naturwissenschaften?" */
const ALTERNATIVES =
  / (?:or|ou|o|oder) (?:just|only|seulement|juste|uniquement|solo|solamente|so|apenas|nur) /;
const COVERS = [
  / off-limits /,
  / (?:topics|fields|subjects|areas|anything) outside /,
  / do you (?:support|handle|cover|accept) /,
  / (?:what|which) (?:kinds?|types?|sorts?) of (?:research|topics|papers|fields|subjects|areas|studies) /,
  / (?:quels?|quelles?) (?:types?|genres?|sortes?) de /,
  / (?:que|qué) tipos? de (?:investigacion|investigaciones|temas|pesquisas?|artigos) /,
  / che tip[oi] di /,
  / welche (?:fachgebiete|themen|bereiche|gebiete|art|arten) /,
  / (?:شو|ايش|ما|ماذا|وش) (?:نوع|انواع|أنواع) /,
];

/**
 * True when a message tells of something its writer read, watched or heard, and asks for
 * nothing.
 */
export function toldOfReading(tokens: readonly Token[]): boolean {
  const words = tokens.map((t) => t.lower);
  if (words.some((w) => ASKS.has(w))) return false;
  const text = ` ${words.join(' ')} `;
  return TOLD.some((pattern) => pattern.test(text));
}
/** Words that ask the app for something. */
const ASKS = new Set(
  (
    'you u your please pls plz could can would want let lets research investigate write ' +
    'study explore look dig tu vous peux pourrais puedes podrias quiero puoi potresti voglio ' +
    'vorrei kannst bitte voce pode quero'
  ).split(' '),
);
/** What the writer read, saw or heard, said in the past. */
const TOLD = [
  / (?:read|saw|watched|heard|found|came across|stumbled on|stumbled upon) (?:a|an|the|this|that|some|an?) .*(?:yesterday|last (?:week|night|month|year)|this (?:morning|week)|on the (?:flight|plane|train|bus)|recently|earlier) /,
  / i (?:read|saw|watched|heard|wrote|published) (?:a|an|this|that|some) /,
  / (?:j' ai|j'ai) (?:lu|vu|regarde|entendu|ecoute) /,
  / (?:vi|lei|mire|escuche) (?:un|una|el|la|unos|unas) /,
  / ho (?:letto|visto|sentito|guardato) /,
  / (?:habe|hab) .*(?:gelesen|gesehen|gehort) /,
  / (?:li|vi|assisti|ouvi) (?:um|uma|o|a|uns|umas) /,
  / (?:قريت|قرات|شفت|شاهدت|سمعت) /, // as tokens fold them: قرأت is قرات
];

/**
 * True when a message speaks of the risk or rigour of the writer's money, health, diet, sport,
 * coffee or weather ("crypto is way too risky for me", "Aktien sind mir zu riskant",
 * "الاستثمار في العملات الرقمية مخاطرة كبيرة", "La mia dieta è rigidissima", "Rugby's a brutal
 * sport", "the coffee here is bold"): small talk, whose level words are no preference for
 * research ideas or reviews, unless it asks the app to be so.
 */
export function speaksOfOtherRisk(tokens: readonly Token[]): boolean {
  const words = tokens.map((t) => t.lower);
  if (words.some((w) => OF_RESEARCH.has(w) || BE_SO.has(w) || isRoleWord(w))) return false;
  // (with a level or risk word: "I'm a quant at a hedge fund" says only a job)
  const level = levelMarks(words).some(Boolean) || words.some((w) => cueOf(w) !== undefined);
  return level && words.some((w) => OTHER_THINGS.has(w));
}
/** Things whose risk or rigour is not the research's: money, health, diet, sport, weather. */
const OTHER_THINGS = foldedSet(
  'crypto cryptos bitcoin stocks shares invest investing investment investments portfolio ' +
    'mortgage savings cholesterol cardiovascular heart-attack cripto criptomonedas acciones ' +
    'invertir inversion inversiones hipoteca placements bourse investir investissement ' +
    'aktien anleger tagesgeld geldanlage investieren acoes investimento investimentos ' +
    'poupanca azioni investire investimenti risparmi الاستثمار استثمار العملات البورصة الاسهم ' +
    'etf etfs fund funds fonds fundo fundos fondo fondos fondi économies ahorros أسهم ' +
    'diet diets dieta diät régime الدايت دايت رجيم ' +
    'rugby football soccer sport jogo partido partita spiel match ' +
    'coffee café kaffee caffè weather wetter météo طقس الطقس',
);
/** Words that ask the app to be so: "be bold, like my coffee". */
const BE_SO = foldedSet('be sois soyez sé sea seja sii sia seien sei كن خليك');
/** Words that speak of the research the app does. */
const OF_RESEARCH = new Set(
  (
    'idea ideas research paper papers review reviews baseline baselines run runs study ' +
    'idees recherche article ideas investigacion articulo ideen forschung studie ideias ' +
    'pesquisa artigo idee ricerca articolo افكار الافكار بحث البحث مراجعة'
  ).split(' '),
);

/**
 * True when a message opens by asking whether the assistant heard, saw or read of something
 * ("did u see the news about the nurses' strike?", "¿viste lo del Nobel de química?", "hast
 * du das mit dem neuen Fusionsrekord gelesen?"): news to chat about. Not when the question is
 * of the writer's own things or the app's ("did you see my new field?", "did you see any
 * results yet?"), nor when the message goes on to ask for something ("… research that").
 */
export function asksOfNews(tokens: readonly Token[]): boolean {
  const question = tokens.findIndex((t) => t.raw === '?' || t.raw === '؟');
  if (question < 0) return false;
  const words = (from: number, to: number) =>
    tokens
      .slice(from, to)
      .filter((t) => !t.punct)
      .map((t) => t.lower);
  const asked = words(0, question);
  if (asked.some((w) => OWN_OR_APP.has(w))) return false;
  if (words(question + 1, tokens.length).some((w) => ASKS.has(w))) return false;
  const text = ` ${asked.join(' ')} `;
  return NEWS_ASKED.some((pattern) => pattern.test(text));
}
/** The opening of a question whether the assistant took in some news, in seven languages. */
const NEWS_ASKED = [
  /^ (?:\S+ )?(?:did (?:you|u|ya) (?:hear|see|read|catch|watch)|have (?:you|u) (?:heard|seen|read)) /,
  /^ (?:\S+ )?(?:viste|oiste|escuchaste|leiste|te enteraste) /,
  /^ (?:\S+ )?(?:as-tu|avez-vous|t' as|tu as) (?:vu|lu|entendu) /,
  /^ (?:\S+ )?(?:hast du|habt ihr|haben sie) .*(?:gehort|gesehen|gelesen|mitbekommen) $/,
  /^ (?:\S+ )?(?:hai|avete) (?:visto|sentito|letto) /,
  /^ (?:\S+ )?(?:voce |vc |tu )?(?:viu|ouviu|leu|soube) /,
  /^ (?:\S+ )?(?:سمعت|شفت|شفتي|قريت) /,
];
/** The writer's own things and the app's, which a question about news is not about. */
const OWN_OR_APP = new Set(
  (
    'my mine me i our mi mis mon ma mes mein meine meinen meu minha meus mio mia miei ' +
    'result results run runs paper draft profile review feedback comment message answer ' +
    'reply account resultado resultados resultat resultats ergebnis ergebnisse risultato ' +
    'risultati profil perfil profilo'
  ).split(' '),
);
