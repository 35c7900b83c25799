// Word classes: groups of words that play the same part in a chat command ("launch",
// "kick", "begin" all start something; "skills", "techniques", "procedures" are what the
// skill bank holds). The models see a word's classes as features beside the word itself, so
// a weight learned from one member carries to the others, which is most of what lets a
// model trained on a few hundred phrasings read phrasings it has not seen. The classes are
// general vocabulary, in English and the common words of French, Spanish, Arabic, German and
// Portuguese, not a list of phrasings; the models learn what each class means for each action.
import { fold } from './tokens.ts';

const CLASSES: Record<string, string> = {
  greet:
    'hi hello hey heya hiya howdy yo greetings morning mornin afternoon evening bonjour bonsoir ' +
    'salut coucou hola buenos buenas buen saludos hallo ciao salam marhaba مرحبا مرحبا أهلا اهلا ' +
    'السلام سلام صباح مساء',
  thanks: 'thanks thank thx ty cheers appreciate appreciated grateful merci gracias شكرا',
  bye:
    'bye goodbye byebye cya later night farewell tomorrow soon revoir adieu adios hasta luego ' +
    'demain وداعا السلامة',
  praise:
    'great awesome amazing brilliant impressive excellent wonderful fantastic smart clever nice ' +
    'cool love lovely good helpful superb bravo genial génial',
  self: "i i'm im me my myself mine am je moi soy yo mi أنا انا",
  naming: "name name's names call called named llamo appelle nombre username handle اسمي اسم",
  account: 'user users account accounts login logins username usernames userlist',
  people:
    'people person persons everyone everybody anyone anybody someone somebody others other ' +
    'researchers members colleagues registered signed besides else',
  switching:
    'switch swap change become use load open select pick choose log login sign signin act ' +
    'continue back return',
  creating: 'create make add register new set join signup enrol enroll setup crate',
  field:
    'domain field fields area discipline subject specialty speciality specialisation ' +
    'specialization expertise background department',
  risk: 'risk risks risky riskier gamble gambles bets bet ideas',
  strictness: 'strict strictness baseline baselines lenient rigorous rigour rigor',
  role:
    'archetype role persona researcher scientist student engineer theorist experimentalist ' +
    'clinician postdoc professor analyst statistician physicist chemist biologist ecologist ' +
    'economist epidemiologist linguist phd doctor practitioner',
  working:
    'work works working worked study studies studying research researching specialise ' +
    'specialize specialising specializing focus trabajo estudio investigo travaille étudie ' +
    'recherche أعمل أدرس',
  liking: 'prefer like want favour favor rather comfortable happy fine love enjoy',
  starting:
    'start begin launch kick initiate run do write draft produce generate investigate research ' +
    'explore examine study look dig delve analyse analyze probe find figure strat',
  project:
    'run paper study project report investigation experiment research article analysis topic ' +
    'essay writeup survey review',
  about: 'on about into regarding concerning exploring whether if abt re',
  within: 'in within en sur dans في',
  progress:
    'status progress done finished ready complete completed far along update updates latest ' +
    'happening state stage going doing long yet still eta news coming finish',
  skill:
    'skill skills skillbank technique techniques procedure procedures method methods trick ' +
    'tricks ability abilities capability capabilities know-how',
  memory:
    'memory memories remember remembered recall recalled stored saved memorised memorized ' +
    'memorise memorize notes facts kept know knowledge memory-wise file',
  training:
    'train retrain training trained learn relearn learned learnt tune fine-tune finetune teach ' +
    'adapt personalise personalize refresh calibrate planner preference preferences taste ' +
    're-learn relearning prefs',
  helping:
    'help commands command options menu usage instructions explain guide tutorial how features ' +
    'capabilities examples lost confused stuck started hlep halp hepl',
  feedback: 'feedback comment comments notes suggestion suggestions remark remarks thoughts',
  approve:
    'ok okay yes yep yeah sure fine good great perfect approve approved lgtm continue proceed ' +
    'carry go next agreed agree oui sí si adelante',
  objecting:
    "no not don't nah nope wrong bad weak boring instead rather drop remove cut redo fewer less " +
    'more too',
  science:
    'hypothesis hypotheses baseline seeds seed sample dataset metric experiment experiments plan ' +
    'ablation figure figures table abstract intro introduction title conditions analysis model ' +
    'data results method idea ideas',
  asking: 'what which who how why where when whats',
  mood:
    'tired exhausted sleepy bored stressed busy sad happy sick knackered fatigué fatiguée ' +
    'crevé crevée épuisé épuisée cansado cansada cansadísimo cansadísima agotado agotada ' +
    'aburrido aburrida تعبان تعبانة تعبانه زهقان مرهق مرهقة',
  listing: 'list show display see view give tell print get lsit',
};

/**
 * The same classes in French, Spanish and Arabic, Modern Standard and dialect (Arabic in the
 * forms people type: with and without the article "ال", "بدي"/"بغيت" for "I want").
 */
const OTHER_LANGUAGES: Record<string, string> = {
  thanks: 'remercie gracias mil شكرًا مشكور تسلم يعطيك',
  bye: 'bientot pronto chao يلا باي',
  praise: 'genial génial bravo maximo máximo top chido مبدع رائع ممتاز شاطر حلو',
  self: 'moi yo انا mí عني عليا',
  naming: 'nom nombre prenom prénom appelle llamo اسمي',
  account:
    'utilisateur utilisateurs utilisatrice compte comptes usuario usuarios usuaria cuenta ' +
    'cuentas مستخدم المستخدمين مستخدمين حساب الحساب حسابات ' +
    'الحسابات',
  people:
    'autres otros otras quien quién quienes qui gens personas مين غيري حدا أحد احد شكون ' +
    'مسجلين',
  switching:
    'connecte connecter connecte-moi passe passer change changer cambia cambiar entra entrar ' +
    'conectar conectame inicia iniciar sesion sesión بدل نبدل انتقل ادخل دخولي',
  creating:
    'cree crée creer créer crea crear creame inscris inscrire inscribe inscribeme registra ' +
    'registrar nouvel nouvelle سجل سجلني تسجيل انشئ أنشئ جديد',
  field:
    'domaine área area campo ambito ámbito disciplina specialite spécialité مجال تخصص المجال ' +
    'التخصص',
  risk: 'risque risques riesgo riesgos audace audacieux arriesgado مخاطرة مخاطر المخاطرة جريئة',
  strictness:
    'strict stricte estricto estricta severe sévère exigeant exigeante exigencia exigence ' +
    'riguroso rigoureux صارم صارمة صرامة التشدد',
  role: 'doctorant doctorante chercheur chercheuse investigador investigadora باحث باحثة',
  working: 'bosse trabajo investigo etudie étudie travaille اشتغل أشتغل',
  liking: 'prefere préfère prefiero aime gusta gustan quiero veux voudrais بدي بغيت عايز أحب احب',
  starting:
    'lance lancer lancez commence commencer demarre démarre démarrer empieza empezar comienza ' +
    'comenzar inicia lanza investiga escribe escribir ecris écris ecrire écrire redige rédige ' +
    'ابدأ ابدا إبدأ نبدا نبدأ اكتب ابحث اطلق أطلق شغل ابدأي investigar estudiar analizar ' +
    'explorar etudier étudier analyser explorer rechercher enqueter enquêter',
  project:
    'papier article articulo artículo etude étude estudio investigacion investigación corrida ' +
    'recherche ' +
    'ورقة الورقة بحث البحث تشغيل مقال دراسة',
  about: 'sobre acerca عن حول على',
  progress:
    'estado etat état avance avancement progreso progres progrès termine terminé terminado ' +
    'fini listo pret prêt الحالة حالة خلص انتهى انتهت وصلت وين',
  skill: 'competences compétences habilidades tecnicas técnicas مهارات المهارات مهاراتي',
  memory:
    'souvenirs souviens souvenir recuerdas recuerdos recuerdo memoire mémoire memoria ' +
    'تتذكر تذكر ذكريات بتعرف تعرف sabes sais sait savez كتعقل فاكر فاكرة عارف',
  training:
    'reentraine réentraîne reentrainer réentraîner entraine entraîne reentrena entrena ' +
    'reentrenar aprender apprendre reapprendre réapprendre درب تدريب المخطط اتعلم تعلم تفضيلاتي',
  helping:
    'aide aidez aider ayuda ayudame ayúdame ayudar مساعدة ساعدني ساعد مساعده المساعدة فاهم ' +
    'كيفاش كيف فايدة فائدة نستعمل استعمل',
  feedback:
    'retour retours commentaire commentaires comentario comentarios remarque ملاحظات ملاحظة ' +
    'ملاحظاتي رأيي',
  asking: 'quoi quel quelle quels comment cual cuál pourquoi ما ماذا شو ايش ' + 'إيش كيف كيفاش وش',
  listing: 'affiche montre muestra muestrame enseña lista liste اعرض عرض وريني',
};

/** The same classes in German and Portuguese, the commonest words only. */
const GERMAN_PORTUGUESE: Record<string, string> = {
  greet: 'hallo servus moin grüß gruss olá oi bom boa dia',
  thanks: 'danke dankeschön obrigado obrigada valeu',
  bye: 'tschüss tschuss wiedersehen tchau até',
  praise: 'toll klasse prima ótimo otimo incrível incrivel',
  self: 'ich mich mein meine eu meu minha',
  naming: 'heiße heisse chamo nome',
  account: 'benutzer benutzerin konto konten nutzer usuário conta contas',
  people: 'andere jemand sonst outros outras alguém quem',
  switching: 'wechsel wechsle wechseln melde anmelden einloggen mudar trocar troca muda',
  creating:
    'erstelle erstellen anlegen registrieren registriere neuen neues neu criar crie ' +
    'cadastrar cadastra cadastre novo',
  field: 'bereich fachgebiet gebiet fach',
  risk: 'risiko riskant mutig risco riscos arriscado ousado ousada ousadas',
  strictness: 'streng strenge strenger rigoros rigoroso rigorosa exigente severo severa',
  role:
    'doktorand doktorandin forscher forscherin pesquisador pesquisadora doutorando ' +
    'doutoranda mestrando mestranda',
  working: 'arbeite forsche studiere trabalho pesquiso estudo',
  liking: 'möchte mochte lieber gerne prefiro quero gosto',
  starting:
    'starte starten beginne beginnen schreib schreibe untersuche recherchiere comece ' +
    'começa comeca inicie escreva escreve pesquise investigue faça faca',
  project: 'arbeit studie projekt pesquisa artigo',
  about: 'über ueber',
  progress: 'fortschritt fertig weit andamento progresso terminou pronta',
  skill: 'fähigkeiten fahigkeiten techniken competências competencias',
  memory: 'erinnerst erinnerung erinnerungen gespeichert lembra lembras memória lembranças',
  training: 'trainiere trainieren lernen lerne treine treinar retreinar',
  helping: 'hilfe helfen hilf ajuda ajude',
  feedback: 'rückmeldung ruckmeldung anmerkung kommentar comentário',
  asking: 'wie wer welche warum qual quais',
  listing: 'zeig zeige auflisten mostra mostre listar',
};

const BY_WORD = new Map<string, string[]>();
const merged = Object.entries(CLASSES).map(
  ([cls, words]) =>
    [cls, `${words} ${OTHER_LANGUAGES[cls] ?? ''} ${GERMAN_PORTUGUESE[cls] ?? ''}`.trim()] as const,
);
for (const [cls, words] of merged) {
  for (const word of words.split(' ')) {
    const key = fold(word);
    const classes = BY_WORD.get(key) ?? [];
    if (!classes.includes(cls)) BY_WORD.set(key, [...classes, cls]);
  }
}

/** The classes of a folded word (often none). */
export function wordClasses(word: string): readonly string[] {
  return BY_WORD.get(word) ?? [];
}
