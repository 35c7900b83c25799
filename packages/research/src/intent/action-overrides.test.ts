import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  actionInstead,
  asksMeaningInstead,
  onlyGreets,
  setsLevelInstead,
  statesProfileNotRun,
} from './action-overrides.ts';
import { listsInstead, returnsInstead, signsUpInstead } from './account-requests.ts';
import { asksHowToUse } from './explicit-messages.ts';
import { markSpan } from './model/tags.ts';
import { tokenize } from './model/tokens.ts';

test('a level said to an action that takes none is a profile update, unless it is that action', () => {
  const instead = (text: string, action: Parameters<typeof setsLevelInstead>[1]) =>
    setsLevelInstead(tokenize(text), action);
  assert.equal(instead('Soyez impitoyable avec mes articles', 'train_planner'), true);
  assert.equal(instead('pick holes in everything', 'select_user'), true);
  assert.equal(instead('Une critique modérée me convient très bien', 'select_user'), true);
  // Its own words keep the action: retraining, switching, thanks.
  assert.equal(instead('retrain with stricter preferences', 'train_planner'), false);
  assert.equal(instead('switch to the strict profile', 'select_user'), false);
  assert.equal(instead('thanks, harsh but fair', 'chitchat'), false);
  assert.equal(instead('thanks, that was a bold idea', 'chitchat'), false);
  // thanks after the level are politeness
  assert.equal(instead('une relecture modérément stricte, merci', 'chitchat'), true);
  // Actions that carry a level keep it.
  assert.equal(instead('start a bold run on coral reefs', 'start_run'), false);
});

test('someone who says they are back signs in, unless they also say they are new', () => {
  const back = (text: string) => returnsInstead(tokenize(text), 'create_user');
  assert.equal(back("I'm back, Rose here"), true);
  assert.equal(back('Hola de nuevo, soy Joaquín, entra con mi cuenta'), true);
  assert.equal(back("Bonsoir, c'est encore moi, Yannick"), true);
  assert.equal(back("it's Faith, returning"), true);
  assert.equal(back("I'm Diego, already have an account here"), true);
  assert.equal(back('Guten Abend, hier ist wieder Katharina Vogel.'), true);
  assert.equal(back('مساء الخير، دي أميرة حسن تاني'), true);
  assert.equal(back("I'm new here, it's Ana"), false);
  assert.equal(back('soy Joaquín, usuario nuevo'), false);
  assert.equal(back('sign me up again, Ravi'), false);
  assert.equal(back("drove a bus for 20 years till my back gave out. Name's Ron."), false);
  // or asks to log in to an account of theirs
  assert.equal(back('Good morning. Ravi Shankar here, please select my profile.'), true);
  assert.equal(back('c moi Monique, je suis déjà inscrite'), true);
  assert.equal(back('hi, log me in as a new user, I am Ana'), false);
  assert.equal(returnsInstead(tokenize("I'm back, Rose here"), 'select_user'), false);
});

test('"it\'s me" is someone known', () => {
  const back = (text: string) => returnsInstead(tokenize(text), 'create_user');
  assert.equal(back("it's me, Priya"), true);
  assert.equal(back('its me priya'), true);
  assert.equal(back("c'est moi, Karim"), true);
  assert.equal(back("it's Priya, I'm new"), false);
});

test('asking for an account is signing up, unless the words also sign in', () => {
  const up = (text: string) => signsUpInstead(tokenize(text), 'select_user');
  assert.equal(up("I'd like to sign up please"), true);
  assert.equal(up('Prof. Akira Yamamoto — please open an account for me'), true);
  assert.equal(up('quiero registrarme'), true);
  assert.equal(up('Ya, regístreme. Me llamo Mateo Rojas Fuentes.'), true);
  assert.equal(up('je voudrais un nouveau compte'), true);
  assert.equal(up('Sara Lindqvist. NP, family practice. Need account.'), true);
  assert.equal(up('log me into my account'), false);
  assert.equal(up('cambia a la cuenta de Sergio'), false);
  assert.equal(up('sign in as ivan'), false);
  assert.equal(up("hey it's Dmitri, I made an account last week"), false);
  assert.equal(signsUpInstead(tokenize('sign me up'), 'create_user'), false);
  // someone not signed in asking for one outright, not what signing up takes
  const asked = (text: string) => signsUpInstead(tokenize(text), 'help', false);
  assert.equal(asked('Can I make an account here? No idea how any of this works tbh'), true);
  assert.equal(asked("hey i'm dev, hospital finance analyst. can I get an account"), true);
  assert.equal(asked('if i make an account do i have to fill in a role?'), false);
  assert.equal(asked('do I need to be a scientist to sign up?'), false);
});

test('asking whether someone else has an account is the list of users', () => {
  const lists = (text: string, action: Parameters<typeof listsInstead>[1] = 'create_user') =>
    listsInstead(tokenize(text), action);
  assert.equal(lists('is there a user called Rose on here?'), true);
  assert.equal(lists('is Mohammed al-Rashid still on this app?', 'help'), true);
  assert.equal(lists('has Olumide signed up yet?', 'select_user'), true);
  assert.equal(lists("qui utilise l'appli à part moi ? est-ce que Karim est inscrit ?"), true);
  assert.equal(lists('list users — I want to see if Olumide made an account', 'select_user'), true);
  assert.equal(lists('Before login — can I see list of existing accounts?', 'select_user'), true);
  // the writer's own account, how to get one, or signing in to it
  assert.equal(lists('do I need an account to use this?', 'help'), false);
  assert.equal(lists('is there a way to make an account?', 'help'), false);
  assert.equal(lists('¿Puede iniciar sesión con el usuario Marta Delgado?', 'select_user'), false);
  assert.equal(lists('is there a user called Rose?', 'list_users'), false);
});

test('asking what a setting means or changes is a help question', () => {
  const asks = (text: string) => asksMeaningInstead(tokenize(text), 'update_profile');
  assert.equal(asks('is strict review slower?'), true);
  assert.equal(asks("si je mets un risque élevé, qu'est-ce qui change concrètement ?"), true);
  assert.equal(asks('يعني إيه مستوى الصرامة؟'), true);
  assert.equal(asks('Was heißt eigentlich Risiko „mittel“ bei euch?'), true);
  assert.equal(asks('Was genau bewirkt die Strenge bei den Baselines?'), true);
  assert.equal(asks('can you change my risk to high?'), false);
  assert.equal(asks('what does high risk mean? I want it anyway'), false);
});

test('a run request whose only "topic" is the level, role or field it sets is a profile update', () => {
  /** Whether the words overrule start_run, with the topic the tagger read at `[first, last]`. */
  const notRun = (text: string, topic?: [number, number]) => {
    const tokens = tokenize(text);
    const tags = tokens.map(() => 0);
    if (topic) markSpan(tags, 'topic', ...topic);
    return statesProfileNotRun(tokens, tags, 'start_run');
  };
  assert.equal(notRun("go easy on the reviews, it's only a workshop paper"), true);
  const role = tokenize('research engineer, autonomous vehicles, Bosch').map(() => 0);
  markSpan(role, 'archetype', 0, 1);
  assert.equal(
    statesProfileNotRun(
      tokenize('research engineer, autonomous vehicles, Bosch'),
      role,
      'start_run',
    ),
    true,
  );
  assert.equal(notRun('go light on the critique, just flag major issues', [3, 4]), true);
  assert.equal(notRun('write a paper on soil carbon, and be strict', [4, 5]), false);
  // a run asked for in so many words stays one, and asks for its topic
  assert.equal(notRun('start a risky run'), false);
  assert.equal(notRun('start a run, be bold'), false);
});

test('a message of greetings, thanks, praise and goodbyes only is small talk', () => {
  const greets = (text: string) => onlyGreets(tokenize(text));
  const only = ['Bonsoir', 'hi there!', 'thanks, bye', 'مساء الخير', 'never mind'];
  for (const text of [...only, 'Well done. Thank you.', 'great, thanks'])
    assert.equal(greets(text), true, text);
  for (const text of ['hi, I am Ada', 'bonsoir, je suis Karim', 'thanks, now start a run', '🙂'])
    assert.equal(greets(text), false, text);
  for (const text of ['done', 'well?']) assert.equal(greets(text), false, text);
});

test('asking how to use the app or what it can do is help', () => {
  const asks = (text: string) => asksHowToUse(tokenize(text));
  assert.equal(asks('hello, how to use this website?'), true);
  assert.equal(asks('instructions pls'), true);
  assert.equal(asks('hola! qué puede hacer esta app?'), true);
  assert.equal(asks('شو بقدر أعمل هون؟'), true);
  assert.equal(asks('heyyy 👋 wat is this thing lol'), true);
  assert.equal(asks('¿Esto sirve para escribir artículos científicos?'), true);
  assert.equal(asks('السلام عليكم، هو التطبيق ده بيعمل إيه بالظبط؟'), true);
  // how to start a run, with no topic after it
  const ready = { user_id: 'sam', run_id: null, run_status: null, has_profile: true };
  const start = (text: string) => actionInstead(tokenize(text), 'start_run', ready);
  assert.equal(start('how do i start a new research thing'), 'help');
  assert.equal(start('إزاي أبدأ بحث جديد؟ وهل ينفع أحدد المصادر؟'), 'help');
  assert.equal(start('how do I start a new run on coral reefs?'), undefined);
  // or with a remark of the writer's after the question, not a topic
  assert.equal(start("how do I start a new research? I'm not great with these things"), 'help');
  assert.equal(start('Comment je fais pour lancer une recherche ? je suis nul en info'), 'help');
  assert.equal(start('how do I start a research? on bee decline in cities'), undefined);
  assert.equal(asks('the instructions were unclear in the last run'), false);
  assert.equal(asks('how to use satellite data for crop yields'), false);
});

test('small talk that says the writer’s role updates the profile; an imagined one is small talk', () => {
  const done = {
    user_id: 'ana',
    run_id: 'r1',
    run_status: 'completed',
    has_profile: true,
  } as const;
  const instead = (text: string, action: Parameters<typeof actionInstead>[1]) =>
    actionInstead(tokenize(text), action, done);
  assert.equal(
    instead('¡Gracias! Por cierto, soy médico de familia', 'chitchat'),
    'update_profile',
  );
  assert.equal(
    instead('Danke! Übrigens bin ich Postdoc in der Klimamodellierung.', 'chitchat'),
    'update_profile',
  );
  assert.equal(instead('thanks! my wife is a surgeon btw', 'chitchat'), undefined);
  // so does a doubt about the app beside "I'm" a role; a question how to use it does not
  assert.equal(
    instead("i'm a dental hygienist lol not sure if this app is for me", 'help'),
    'update_profile',
  );
  assert.equal(instead('Kann ich das als Journalistin auch nutzen?', 'help'), undefined);
  assert.equal(
    instead('If I were a physicist this would all be easier lol', 'update_profile'),
    'chitchat',
  );
  assert.equal(instead('Si yo fuera químico entendería algo de esto', 'create_user'), 'chitchat');
  // but a sign-up that names its writer is one, whatever they hope to be
  assert.equal(
    instead("sign me up, name's Rosa. I want to be a pilot when I grow up (I'm 12)", 'create_user'),
    undefined,
  );
  // a help read into it that asks nothing, too; a question is still help
  assert.equal(instead('If I were a physicist this would all be easier lol', 'help'), 'chitchat');
  assert.equal(instead('If I were a physicist, could I use this?', 'help'), undefined);
  // someone else's job, and nobody introduced, is no sign-up
  const anon = { user_id: '', run_id: null, run_status: null, has_profile: false };
  const signUp = (text: string) => actionInstead(tokenize(text), 'create_user', anon);
  assert.equal(signUp("Mon mari est prof de maths, c'est lui qui m'a parlé de vous !"), 'chitchat');
  assert.equal(signUp('my wife is a surgeon and she said I should try this. Pete'), undefined);
  assert.equal(signUp('Meine Frau ist Chirurgin. Ich heiße Stefan.'), undefined);
});

test('a greeting from someone new who says who they are is a sign-up', () => {
  const anon = { user_id: '', run_id: null, run_status: null, has_profile: false };
  const instead = (text: string) => actionInstead(tokenize(text), 'chitchat', anon);
  assert.equal(instead('Servus, Dominik Huber hier – Sozialpädagoge'), 'create_user');
  assert.equal(instead('السلام عليكم، معك نورة، محاسبة قانونية'), 'create_user');
  assert.equal(instead('Hi there! how are you today?'), undefined);
  // not when signed in, nor when the name is someone else's
  const ready = { user_id: 'ana', run_id: null, run_status: null, has_profile: true };
  assert.equal(actionInstead(tokenize('Servus, Dominik hier'), 'chitchat', ready), undefined);
  assert.equal(instead('Hola, mi hermana se llama Pilar'), undefined);
  // though they tell of someone else too
  const mia = 'Hi, ich bin Mia. Mein Freund ist Informatiker und hat mir die App gezeigt';
  assert.equal(instead(mia), 'create_user');
  // or ask how to go on; a question only signed with a name is still one
  const help = (text: string) => actionInstead(tokenize(text), 'help', anon);
  assert.equal(help("how do I sign up? oh wait, maybe I just tell you — I'm Ama"), 'create_user');
  assert.equal(
    help('Could you explain what this app does? Yours faithfully, E. Ashworth'),
    undefined,
  );
  // a title and a name opening the message say who writes; one told of does not
  assert.equal(help('Dr. Amara Osei, epidemiologist. Where do I begin?'), 'create_user');
  assert.equal(help('Hi! Dr. Lee told me about this app. How do I start?'), undefined);
});

test('a diet is small talk, its "strict" no setting, unless a role or field is said too', () => {
  const ready = { user_id: 'ana', run_id: null, run_status: null, has_profile: true };
  const instead = (text: string) => actionInstead(tokenize(text), 'update_profile', ready);
  assert.equal(instead('Ich bin strenger Veganer, falls das jemand wissen will 😅'), 'chitchat');
  assert.equal(instead("Je suis végétarienne stricte, c'est compliqué au resto"), 'chitchat');
  assert.equal(instead('strict vegetarian here, and a postdoc in ecology'), undefined);
  assert.equal(instead('I am a vegan nutritionist'), undefined);
});

test('telling of something read is no run request, in German or Arabic either', () => {
  const ready = { user_id: 'ana', run_id: null, run_status: null, has_profile: true };
  const instead = (text: string, action: Parameters<typeof actionInstead>[1]) =>
    actionInstead(tokenize(text), action, ready);
  assert.equal(
    instead('Hab gestern einen Artikel über Waldsterben im Harz gelesen', 'chitchat'),
    undefined,
  );
  assert.equal(instead('قرأت أمس مقالاً عن ذوبان الجليد في القطب الشمالي', 'chitchat'), undefined);
  assert.equal(instead('قرأت أمس مقالاً عن ذوبان الجليد في القطب الشمالي', 'start_run'), 'chitchat');
  assert.equal(instead('untersuch mal Lastmanagement mit E-Autos', 'chitchat'), 'start_run');
});

test('asking a paused run why it stands still asks its status; remarks on its work do not', () => {
  const paused = {
    user_id: 'sam',
    run_id: 'run-1',
    run_status: 'awaiting_feedback',
    has_profile: true,
  } as const;
  const instead = (text: string) => actionInstead(tokenize(text), 'submit_feedback', paused);
  assert.equal(instead('hello?? is it frozen or what'), 'status');
  assert.equal(instead('¿por qué está parado? ¿qué espera?'), 'status');
  assert.equal(instead('warum hängt das gerade?'), 'status');
  assert.equal(instead('the plan is stuck on old methods, why not try something new?'), undefined);
  assert.equal(instead('why did it stop? the ideas look fine, go on'), undefined);
  assert.equal(instead('what should I do now that it stopped?'), undefined);
});

test('a question of what a profile setting takes is for help; asking to set one is not', () => {
  const ready = { user_id: 'sam', run_id: null, run_status: null, has_profile: true } as const;
  const instead = (text: string) => actionInstead(tokenize(text), 'update_profile', ready);
  assert.equal(instead('can I put two fields, like ecology and statistics?'), 'help');
  assert.equal(instead('¿el rol acepta cualquier cosa o hay una lista?'), 'help');
  assert.equal(instead('can I set my field to ecology?'), undefined);
});

test('who is registered, asked in small talk in any of the languages, lists the users', () => {
  assert.ok(listsInstead(tokenize('Chi altro è registrato?'), 'chitchat'));
  assert.ok(listsInstead(tokenize('which accounts are registered right now?'), 'chitchat'));
  assert.ok(!listsInstead(tokenize('who registered this domain name, you think?'), 'chitchat'));
  assert.ok(!listsInstead(tokenize('Chi altro è registrato'), 'chitchat'));
  // asked as if of the app: who uses it, seeing the accounts (not one's own)
  assert.ok(listsInstead(tokenize('Chi altro usa questo servizio?'), 'help'));
  assert.ok(listsInstead(tokenize("qui utilise l'appli à part moi ?"), 'help'));
  assert.ok(listsInstead(tokenize('can I see all the accounts?'), 'help'));
  assert.ok(listsInstead(tokenize('ما هي الحسابات الموجودة؟'), 'help'));
  assert.ok(!listsInstead(tokenize('can I see my account settings?'), 'help'));
  assert.ok(!listsInstead(tokenize('who uses AI for peer review these days?'), 'chitchat'));
  assert.ok(listsInstead(tokenize("hi, who's signed up here already?"), 'chitchat'));
});

test('a run asked of the assistant as a question, in any of the languages, is a run', () => {
  const ready = { user_id: 'sam', run_id: null, run_status: null, has_profile: true } as const;
  const instead = (text: string) => actionInstead(tokenize(text), 'chitchat', ready);
  const asked = [
    '¿Podrías estudiar los sistemas de alerta temprana para inundaciones?',
    'dá pra estudar cisternas e segurança hídrica?',
    'potresti indagare come i social influenzano i disturbi alimentari?',
    "tu peux étudier l'effet du télétravail sur la productivité ?",
    'شو رأيك تبحث عن أسباب انهيار الليرة اللبنانية؟',
  ];
  for (const text of asked) assert.equal(instead(text), 'start_run', text);
  assert.equal(instead('vou pra estudar agora, até mais'), undefined);
});

test('asking to relearn preferences retrains the planner, whatever the message adds', () => {
  const ready = { user_id: 'sam', run_id: null, run_status: null, has_profile: true } as const;
  const instead = (text: string) => actionInstead(tokenize(text), 'update_profile', ready);
  assert.equal(instead('pls relearn my prefs, it keeps giving me survey ideas'), 'train_planner');
  assert.equal(instead('train the planner again, it proposes only lab work'), 'train_planner');
  assert.equal(instead("don't retrain yet, I'm changing my field to ecology"), undefined);
  // learning again, in words of its own
  assert.equal(
    instead('aprende de novo o que eu gosto, as ideias vieram de laboratório'),
    'train_planner',
  );
  assert.equal(instead('learn my taste again please'), 'train_planner');
  assert.equal(instead('entrénelo con lo que sabe de mí'), 'train_planner');
  assert.equal(instead('I want to learn more about soil ecology'), undefined);
  // learning the writer's preferences, or updating what was learned of them
  assert.equal(
    instead("Can you update what you've learned about my preferences?"),
    'train_planner',
  );
  assert.equal(instead('these systems can learn preferences, do so for me'), 'train_planner');
});

test('a label that says another run, then its topic after a colon, starts it', () => {
  const done = {
    user_id: 'sam',
    run_id: 'run-1',
    run_status: 'completed',
    has_profile: true,
  } as const;
  const instead = (text: string) => actionInstead(tokenize(text), 'update_profile', done);
  assert.equal(
    instead('ok one more: coral reef restoration with 3D-printed substrates'),
    'start_run',
  );
  assert.equal(instead('Nächste Recherche: Lärmschutz an Autobahnen in Bayern'), 'start_run');
  assert.equal(instead('one more thing: I moved to the geology department'), undefined);
  // a new one, in the other languages
  assert.equal(instead('Nuova ricerca: turismo di massa e residenti a Venezia'), 'start_run');
  assert.equal(instead('nueva investigación: sequía y migración en el Sahel'), 'start_run');
  assert.equal(instead('new paper: microbial fuel cells in wastewater plants'), 'start_run');
  // a new account is no run
  assert.equal(instead('new account: Dana Bell, she does hydrology at Utrecht'), undefined);
});

test('a question whether the assistant saw some news stays small talk, whatever it names', () => {
  const ready = { user_id: 'sam', run_id: null, run_status: null, has_profile: true } as const;
  const instead = (text: string, action: Parameters<typeof actionInstead>[1]) =>
    actionInstead(tokenize(text), action, ready);
  assert.equal(
    instead('did you see the storm risk maps they published? wild stuff', 'update_profile'),
    'chitchat',
  );
  assert.equal(
    instead('hai letto del nuovo record di fusione? la fisica è pazzesca', 'start_run'),
    'chitchat',
  );
  assert.equal(instead('did you see my new field? it is ecology now', 'update_profile'), undefined);
});

test('asking what the app keeps of the writer lists the memories', () => {
  const ready = { user_id: 'sam', run_id: null, run_status: null, has_profile: true } as const;
  const instead = (text: string) => actionInstead(tokenize(text), 'update_profile', ready);
  assert.equal(instead('Me mostra o que ficou salvo no meu perfil'), 'list_memories');
  assert.equal(instead('what do you have about me?'), 'list_memories');
  assert.equal(instead('Mere baare mein kya yaad hai tumhe?'), 'list_memories');
  assert.equal(instead('شو تعرف عني؟ وش محفوظ في الـ profile؟'), 'list_memories');
  assert.equal(
    instead('I should like to see precisely what information you hold about me.'),
    'list_memories',
  );
  assert.equal(instead('can you hold the run until monday?'), undefined);
  // whether what is kept is safe asks how the app works
  assert.equal(instead('is what you keep about me kept private?'), undefined);
  // which of the writer's settings it holds, not which to choose
  assert.equal(instead('what field do you have me down as?'), 'list_memories');
  assert.equal(instead('what role did I tell you I had?'), 'list_memories');
  assert.equal(instead('¿qué campo tengo puesto en mi perfil?'), 'list_memories');
  assert.equal(instead('which risk level did I pick?'), 'list_memories');
  assert.notEqual(instead('what field should I put?'), 'list_memories');
  // "mon mémoire" is a thesis, and the message asks for a run
  assert.equal(instead('tu peux étudier le sommeil des ados ? c pour mon mémoire'), 'start_run');
});

test('"again" and a log-in word in Portuguese, Italian, French and Arabic sign in', () => {
  const back = (text: string) => returnsInstead(tokenize(text), 'create_user');
  assert.ok(back('sou eu de novo, Ana Reis'));
  assert.ok(back('sono di nuovo Marta, fammi entrare'));
  assert.ok(back('Connexion : Paul Girard'));
  assert.ok(back('أنا سارة، سجلني دخول'));
  assert.ok(!back('sou novo aqui, Pedro Alves'));
  assert.ok(!back('ciao, sono nuovo, mi chiamo Luca'));
});

test('a labelled persona, a question of learned skills and "was kann das" are what they say', () => {
  const ready = { user_id: 'sam', run_id: null, run_status: null, has_profile: true } as const;
  const instead = (text: string, action: 'chitchat' | 'help' = 'chitchat') =>
    actionInstead(tokenize(text), action, ready);
  assert.equal(instead('persona: a grumpy statistician who hates p-values'), 'update_profile');
  assert.equal(instead('Persona bitte: eine strenge Gutachterin'), 'update_profile');
  assert.equal(instead('Quali competenze hai imparato finora?'), 'list_skills');
  assert.equal(instead('Quali tecniche hai imparato finora lavorando con me?'), 'list_skills');
  assert.equal(instead('Was kann dieses Ding eigentlich?'), 'help');
  assert.equal(instead('what skills does a good nurse need, in your view'), undefined);
});

test('a level said for the runs to come sets the profile, after thanks or to a paused run', () => {
  const session = (run_status: 'done' | 'awaiting_feedback') =>
    ({ user_id: 'sam', run_id: 'run-1', run_status, has_profile: true }) as const;
  const after = (text: string) => actionInstead(tokenize(text), 'chitchat', session('done'));
  const paused = (text: string) =>
    actionInstead(tokenize(text), 'submit_feedback', session('awaiting_feedback'));
  assert.equal(after('Nice paper. Going forward please be stricter'), 'update_profile');
  assert.equal(after("thanks! for next time, I'm after bolder stuff"), 'update_profile');
  assert.equal(
    paused('avant de répondre : en général je veux des critiques sans pitié'),
    'update_profile',
  );
  assert.equal(
    paused('ok feedback in a sec, but first: make future reviews gentler'),
    'update_profile',
  );
  // read as help too
  const pausedHelp = (text: string) =>
    actionInstead(tokenize(text), 'help', session('awaiting_feedback'));
  assert.equal(
    pausedHelp('Bevor ich Feedback gebe: grundsätzlich mag ich ein mittleres Risiko'),
    'update_profile',
  );
  // a reaction, or a remark on this run's ideas, is not
  assert.equal(after('thanks, harsh but fair'), undefined);
  assert.notEqual(paused('idea 2 is too risky in general'), 'update_profile');
  assert.notEqual(paused('the ideas are too risky in general'), 'update_profile');
});

test('a field only hoped for is small talk, unless a level or what the writer is now is said', () => {
  const ready = { user_id: 'sam', run_id: null, run_status: null, has_profile: true } as const;
  const instead = (text: string) => actionInstead(tokenize(text), 'update_profile', ready);
  assert.equal(instead('I might switch to epidemiology next year, not sure yet'), 'chitchat');
  assert.equal(instead("I'm thinking of going into data science after the PhD"), 'chitchat');
  assert.equal(instead("I'm hoping you can be stricter"), undefined);
  assert.equal(
    instead("J'espère faire un doc en écologie, mais pour l'instant chu auxiliaire au labo"),
    undefined,
  );
});

test('to a paused run, small talk or a question that numbers one of its ideas is feedback', () => {
  const paused = {
    user_id: 'sam',
    run_id: 'r',
    run_status: 'awaiting_feedback',
    has_profile: true,
  } as const;
  const instead = (text: string, action: 'chitchat' | 'help') =>
    actionInstead(tokenize(text), action, paused);
  assert.equal(
    instead('Thank you. Idea 1 is interesting, but I cannot do idea 2', 'chitchat'),
    'submit_feedback',
  );
  assert.equal(
    instead('number 2 is way to technical, i need somthing for class', 'help'),
    'submit_feedback',
  );
  assert.equal(instead('la deuxième idée me plaît', 'chitchat'), 'submit_feedback');
  assert.equal(instead('thanks!', 'chitchat'), undefined);
  assert.equal(instead('how do I give feedback?', 'help'), undefined);
});

test('someone new who asks what the app is for, and names nobody, asks for help', () => {
  const anon = { user_id: '', run_id: null, run_status: null, has_profile: false };
  const instead = (text: string) => actionInstead(tokenize(text), 'create_user', anon);
  assert.equal(
    instead('¿Esto sirve para escribir artículos científicos? Soy nuevo en esto.'),
    'help',
  );
  assert.notEqual(instead('Hola, soy Ana. ¿Esto sirve para escribir artículos?'), 'help');
});

test('a paused run told first of a new role updates the profile; feedback that names one is feedback', () => {
  const paused = {
    user_id: 'sam',
    run_id: 'r',
    run_status: 'awaiting_feedback',
    has_profile: true,
  };
  const instead = (text: string) => actionInstead(tokenize(text), 'submit_feedback', paused);
  assert.equal(
    instead('prima di rispondere: ora sono docente a contratto, aggiorna il profilo'),
    'update_profile',
  );
  assert.equal(
    instead('antes que eu esqueça: fui promovido a gerente de projetos'),
    'update_profile',
  );
  assert.equal(
    instead("unrelated to the draft, but my job changed: I'm a senior policy adviser now"),
    'update_profile',
  );
  assert.equal(instead('the intro is weak, I am a nurse and this reads badly'), undefined);
  assert.equal(instead('before you finish: I am a nurse and this reads badly'), undefined);
});

test('what the app keeps about the writer, and what it learned to do for them, are asked in more ways', () => {
  const running = { user_id: 'sam', run_id: 'r', run_status: 'running', has_profile: true };
  const instead = (text: string, action: Parameters<typeof actionInstead>[1]) =>
    actionInstead(tokenize(text), action, running);
  assert.equal(
    instead('yo wat did u save abt me? like my info n stuff', 'chitchat'),
    'list_memories',
  );
  assert.equal(instead('Y de paso: ¿qué recuerdas tú de mí exactamente?', 'help'), 'list_memories');
  assert.equal(
    instead('Kurze Frage: Merken Sie sich eigentlich meine bisherigen Rückmeldungen?', 'chitchat'),
    'list_memories',
  );
  assert.equal(
    instead('Quick one - what did you learn to do for me so far?', 'status'),
    'list_skills',
  );
  assert.equal(
    instead("qu'est-ce que vous avez appris à faire pour moi depuis hier ?", 'help'),
    'list_skills',
  );
  assert.equal(
    instead('Have you learned anything from my runs? Skills-wise, I mean.', 'update_profile'),
    'list_skills',
  );
  // saving something else asks nothing of the kind
  assert.notEqual(
    instead('can you research ways to save water at home?', 'chitchat'),
    'list_memories',
  );
});

test('asking how the app works is a help question in German, Italian, Spanish, French and Arabic', () => {
  const how = (text: string) => asksHowToUse(tokenize(text));
  assert.equal(how('Können Sie mir erklären, wie das hier funktioniert?'), true);
  assert.equal(how('Mi spiega come si fa a dare un giudizio al lavoro a metà strada?'), true);
  assert.equal(how('¿cómo funciona esto?'), true);
  assert.equal(how('comment ça fonctionne ?'), true);
  assert.equal(how('ميرسي كتير، بس قلّي شو فيك تعمل كمان غير الأبحاث؟'), true);
  assert.equal(how('research how the gut microbiome works'), false);
});

test('while a run waits, a level said of a part of the paper judges the work', () => {
  const paused = {
    user_id: 'sam',
    run_id: 'r',
    run_status: 'awaiting_feedback',
    has_profile: true,
  };
  const instead = (text: string, action: Parameters<typeof actionInstead>[1]) =>
    actionInstead(tokenize(text), action, paused);
  assert.equal(
    instead('Nel paragrafo 2 le affermazioni sono troppo audaci per i dati che hai', 'chitchat'),
    'submit_feedback',
  );
  assert.equal(instead('this section is too cautious', 'update_profile'), 'submit_feedback');
  // a level for the profile is still one
  assert.equal(instead('in general I want bolder ideas', 'update_profile'), undefined);
});
