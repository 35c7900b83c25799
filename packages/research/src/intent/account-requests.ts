// Messages about accounts that the classifier took for another action: someone known who
// is back ("sou eu de novo, João"), someone new who asks for an account, and questions of who
// else is registered ("Chi altro è registrato?").
import { foldedSet, type Token } from './model/tokens.ts';
import { asksQuestion } from './explicit-messages.ts';
import type { IntentAction } from './schema.ts';

/** Words that say the writer has been here before. */
const RETURNING = new Set(
  (
    'again back returning already existing before encore deja reviens revoila nuevo otra vuelta ' +
    'regrese regresé reconnecte connecte مجددا مجدداً ثانية novo nuovo connexion accesso ' +
    'accedi entrare دخول wieder zuruck nochmal تاني agian'
  ).split(' '),
);
/** "Again" said as "anew": the word before "nuevo", "novo", "nuovo" that makes it so. */
const AGAIN_AFTER: Record<string, string> = { nuevo: 'de', novo: 'de', nuovo: 'di' };
/** Words that say the writer is new, or asks for an account to be made. */
const NEW = new Set(
  (
    'new first signup sign-up register registering registration create make nueva nouveau ' +
    'nouvelle premiere première primera crear créer inscrire inscription registrarme ' +
    'registreme registrame جديد'
  ).split(' '),
);

/**
 * True when a message taken for a sign-up says its writer is back and nothing new ("I'm
 * back, Rose here", "Hola de nuevo, soy Joaquín", "it's Faith, returning").
 */
export function returnsInstead(tokens: readonly Token[], action: IntentAction): boolean {
  if (action !== 'create_user') return false;
  const words = tokens.map((t) => t.lower);
  // "de nuevo", "de novo", "di nuovo" are back; "nuevo" alone is new; "it's me, Priya" is
  // someone known
  const again = (i: number) => AGAIN_AFTER[words[i]!] === words[i - 1];
  // ("my back gave out" is the body's back)
  const body = (i: number) => words[i] === 'back' && BODY_BEFORE.has(words[i - 1] ?? '');
  const back =
    words.some((w, i) => RETURNING.has(w) && (!(w in AGAIN_AFTER) || again(i)) && !body(i)) ||
    saysItsMe(words) ||
    logsIn(words);
  const fresh = words.some((w, i) => NEW.has(w) && !again(i));
  return back && !fresh && !words.includes('up');
}

/** Words before "back" that make it a noun: "my back", "the back". */
const BODY_BEFORE = new Set(['my', 'his', 'her', 'the', 'a', 'lower', 'bad']);

/** "it's me", "its me", "c'est moi", "soy yo": the writer expects to be known. */
function saysItsMe(words: readonly string[]): boolean {
  return words.some(
    (w, i) =>
      (w === 'me' &&
        ((words[i - 1] === "'s" && words[i - 2] === 'it') || words[i - 1] === 'its')) ||
      (w === 'moi' && words[i - 1] === 'est' && words[i - 2] === "c'") ||
      (w === 'yo' && words[i - 1] === 'soy'),
  );
}

/** Words that ask for an account to be made: "sign up", "register", "open an account". */
function asksToSignUp(words: readonly string[]): boolean {
  return words.some(
    (w, i) =>
      SIGN_UP.has(w) ||
      (['sign', 'signing', 'signed'].includes(w) && words[i + 1] === 'up') ||
      (ACCOUNT.has(w) &&
        (FRESH_ACCOUNT.has(words[i - 1] ?? '') || words[i + 1] === 'جديد') &&
        !MADE.has(words[i - 2] ?? '')),
  );
}
const SIGN_UP = new Set(
  (
    'signup sign-up register registering registration enrol enroll inscribirme registrarme ' +
    'inscrire registreme registrame inscribame inscribeme cadastre-me cadastra-me'
  ).split(' '),
);
const ACCOUNT = new Set(['account', 'cuenta', 'compte', 'حساب', 'حسابا', 'حساباً']);
/** Just before "account": one that does not exist yet ("an account", "un nouveau compte"). */
const FRESH_ACCOUNT = new Set('an new un una nueva nouveau need want'.split(' '));

/** "I made an account last week": one that exists. */
const MADE = new Set(['made', 'created', 'opened', 'registered', 'got', 'had']);

/** Words that ask to sign in: "sign in", "log me in", "switch", "back". */
function asksToSignIn(words: readonly string[]): boolean {
  return words.some((w) => SIGN_IN.has(w) || RETURNING.has(w)) || logsIn(words);
}

/** "Log me in", "sign in", "login", "select my profile": to an account that exists. */
function logsIn(words: readonly string[]): boolean {
  return words.some(
    (w, i) =>
      LOGIN.has(w) ||
      (['sign', 'log', 'logged', 'signed'].includes(w) &&
        ['in', 'into', 'me'].includes(words[i + 1] ?? '')) ||
      (['select', 'load', 'open'].includes(w) &&
        words[i + 1] === 'my' &&
        ['profile', 'account'].includes(words[i + 2] ?? '')),
  );
}
const LOGIN = new Set(['login', 'signin', 'log-in', 'sign-in']);
const SIGN_IN = new Set(
  (
    'switch swap change cambia cambiar passe passer sesion ' +
    'connecte connecter conectar conectame conectarme entrar'
  ).split(' '),
);

/**
 * True when a message taken for a sign-in asks for an account and says nothing of one that
 * exists ("I'd like to sign up please", "please open an account for me").
 */
export function signsUpInstead(
  tokens: readonly Token[],
  action: IntentAction,
  signedIn = true,
): boolean {
  const words = tokens.map((t) => t.lower);
  // someone not signed in who asks for one outright, in what reads as a help question ("Can
  // I make an account here? No idea how any of this works", "hey i'm dev, … can I get an
  // account"); not what signing up takes ("if i make an account do i have to …")
  const asked = !signedIn && ['help', 'chitchat'].includes(action);
  if (asked) return CAN_I_HAVE_ONE.test(` ${words.join(' ')} `);
  if (action !== 'select_user') return false;
  return asksToSignUp(words) && !asksToSignIn(words);
}
const CAN_I_HAVE_ONE =
  /(?:^ |[.!?,] )(?:\S+ )?(?:can|could|may) i (?:please )?(?:make|get|open|create|have) (?:an|a new) account(?: here| please)? (?:[?.!]|$)/u;

/**
 * True when a message taken for a sign-up, a sign-in or a help question asks whether
 * someone else has an account ("is there a user called Rose on here?", "has Olumide made an
 * account?", "est-ce que Karim est inscrit ?") or asks for the list outright ("list users —
 * I want to see if …").
 */
export function listsInstead(tokens: readonly Token[], action: IntentAction): boolean {
  const words = tokens.filter((t) => !t.punct).map((t) => t.lower);
  // "which accounts are registered?", "Chi altro è registrato?", asked in small talk or as
  // if of the app ("can I see all the accounts?", "qui utilise l'appli à part moi ?")
  if ((action === 'chitchat' || action === 'help') && asksQuestion(tokens)) {
    const who = (i: number) => WHO_OR_WHICH.has(words[i]!);
    // accounts, or someone who "is" registered (not "who registered this?"; "who's signed
    // up?")
    const asked = (i: number) => {
      const next = words.slice(i + 1, i + 4);
      const be = next.findIndex((w) => BE.has(w));
      return next.some((w, k) => ACCOUNTS.has(w) || (be >= 0 && k > be && REGISTERED.has(w)));
    };
    if (words.some((_, i) => who(i) && asked(i))) return true;
    // who else uses the app ("Chi altro usa questo servizio?", "qui utilise l'appli ?")
    const uses = (i: number) => {
      const next = words.slice(i + 1, i + 5);
      return next.some((w) => USES.has(w)) && next.some((w) => THE_APP.has(w));
    };
    if (words.some((_, i) => who(i) && uses(i))) return true;
  }
  // "Posso vedere gli utenti?", "can I see the accounts?", "before login — can I see list of
  // existing accounts?"
  const seen = (i: number) => {
    const next = words.slice(i + 1, i + 5);
    const at = next.findIndex((w) => ACCOUNTS.has(w));
    return at >= 0 && !next.slice(0, at).some((w) => MINE.has(w));
  };
  const asking = ['chitchat', 'help', 'select_user', 'create_user'].includes(action);
  if (asking && asksQuestion(tokens) && words.some((w, i) => SEE.has(w) && seen(i))) return true;
  if (!['create_user', 'select_user', 'help'].includes(action)) return false;
  if (LISTING.has(words[0] ?? '') && USERS.has(words[words[1] === 'the' ? 2 : 1] ?? ''))
    return true;
  const question =
    tokens.some((t) => t.raw === '?') || ASKS_WHETHER.has(words[0] ?? '') || words[0] === 'هل';
  const present = words.some(
    (w, i) =>
      USERS.has(w) ||
      PRESENT.has(w) ||
      (w === 'on' && ['here', 'this', 'the'].includes(words[i + 1] ?? '')),
  );
  const aboutSelfOrHow = words.some((w) => SELF_OR_HOW.has(w));
  return question && present && !aboutSelfOrHow && !asksToSignIn(words);
}
const LISTING = new Set(['list', 'show', 'display', 'liste', 'lista', 'muestra', 'montre']);
const USERS = new Set(
  (
    'user users account accounts usuario usuarios usuaria cuenta cuentas utilisateur ' +
    'utilisateurs utilisatrice compte comptes مستخدم المستخدمين حساب'
  ).split(' '),
);
const PRESENT = new Set(
  'registered signed member members inscrit inscrite registrado registrada مسجل مسجلة'.split(' '),
);
/** Accounts and being registered, in all seven languages, for "who is registered?". */
const ACCOUNTS = foldedSet(
  'user users account accounts usuario usuarios cuenta cuentas utilisateur utilisateurs ' +
    'compte comptes مستخدم المستخدمين حساب الحسابات utente utenti profili nutzer benutzer ' +
    'konto konten usuário usuários conta contas',
);
const REGISTERED = foldedSet(
  'registered signed registrado registrada registrados inscrit inscrite inscrits مسجل مسجلة ' +
    'registrato registrata registrati iscritto iscritti registriert angemeldet cadastrado ' +
    'cadastrada cadastrados',
);
/** The writer's own: "can I see | my account"? is no listing. */
const MINE = foldedSet('my mon ma mes mi mis mein meine meinen meu minha mio mia miei');
/** Using, and the app used: "who uses this app", "chi usa questo servizio". */
const USES = foldedSet('uses use using usa usan usano usam utilise utilisent benutzt nutzt');
const THE_APP = foldedSet(
  "this app appli l'appli application service servizio questo tool platform here hier aqui " +
    'esta este isso dieses diese هذا التطبيق',
);
const SEE = foldedSet('see list show vedere elenca ver listar voir afficher sehen zeigen');
const BE = foldedSet("is are 's è e sono está estão esta están ist sind est sont هو هي");
const WHO_OR_WHICH = foldedSet(
  'who which chi quali quem quais wer welche qui quels quién quiénes ما ماهي',
);
/** Yes/no questions about someone else: "is there …", "has Rose …", "¿hay …?". */
const ASKS_WHETHER = new Set(['is', 'are', 'has', 'have', 'does', 'did', 'any', 'est-ce', 'hay']);
/** Questions about the writer's own account, or about how to get one, are no listing. */
const SELF_OR_HOW = new Set(
  (
    "i i'm im my me myself mine je j' mon ma yo mi me way how can could possible need " +
    'should must comment como cómo puedo necesito'
  ).split(' '),
);
