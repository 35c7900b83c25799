// Words and idioms that say how much risk a user wants or how strict the baselines and
// reviews should be, in English (the common words of French, Spanish, Arabic, German,
// Portuguese and Italian, in each gender and number, are in levels-languages.ts). General
// vocabulary, not phrasings: the tagger and the level reader see a word's class and level as
// features, so "audacieuses" or "tear it apart" read as their class-mates do though no
// training phrasing has them.
//
// `level` words say how much of anything ("high", "moderate") and attach to the setting named
// nearest; `risk` and `strict` words set their own. Words that also name fields or qualify
// them are left out ("soft matter", "critical care", "fault-tolerant", "practical ethics",
// Arabic أمن "security" and دقيقة "micro-"): the tagger would read them as a setting there.

export type Level = 'low' | 'medium' | 'high';
export type LexiconClass = 'level' | 'risk' | 'strict';

export type Entries = [LexiconClass, Level, string][];

/**
 * The words whose class the action classifier and the slot tagger see as a feature: words
 * that speak of risk or rigour wherever they stand. The lists below are wider, for reading
 * the level once a message is known to set one; as features, their words that also name
 * other things ("the standard model", "mild cognitive impairment", "take the train") cost the
 * tagger more on names, fields and topics than they gave it (measured over four training
 * seeds). Changing this list changes the model's features.
 */
export const FEATURE_WORDS: Entries = [
  ['level', 'high', 'high higher highest max maximum maximal lots'],
  ['level', 'low', 'low lower lowest minimal minimum min little'],
  [
    'level',
    'medium',
    'medium moderate moderately mid middle average balanced intermediate normal reasonable',
  ],
  [
    'risk',
    'high',
    'bold bolder risky riskier daring adventurous ambitious speculative moonshot moonshots ' +
      'audacious aggressive radical wild brave fearless gamble gambles taker takers ' +
      'take taking takes',
  ],
  [
    'risk',
    'low',
    'safe safer safest cautious careful conservative incremental averse prudent timid proven ' +
      'conventional steady secure',
  ],
  [
    'strict',
    'high',
    'strict stricter strictest rigorous rigourous demanding stringent tough harsh exacting picky ' +
      'fussy meticulous thorough severe uncompromising',
  ],
  [
    'strict',
    'low',
    'lenient relaxed loose flexible easy easygoing lax forgiving gentle soft chill',
  ],
];

/** One word each (space separated). */
export const LEVEL_WORDS: Entries = [
  ['level', 'high', 'high higher highest max maximum maximal lots plenty hard harder utmost'],

  ['level', 'low', 'low lower lowest minimal minimum min little zero'],
  [
    'level',
    'medium',
    'medium moderate moderately moderation mid middle average balanced intermediate normal ' +
      'reasonable reasonably standard usual default midway middling somewhat fair measured',
  ],
  [
    'risk',
    'high',
    'bold bolder boldest boldly risky riskier riskiest daring adventurous ambitious speculative ' +
      'moonshot moonshots longshot longshots audacious aggressive radical wild wilder brave ' +
      'fearless gamble gambles gambler gamblers taker takers cowboy maverick reckless yolo ' +
      'daredevil unconventional unorthodox contrarian outlandish crazy wacky edgy provocative ' +
      'groundbreaking visionary blue-sky high-risk unusual surprising risk-tolerant adventure ' +
      'risk-seeking risk-loving flashy',
  ],
  [
    'risk',
    'low',
    'safe safer safest safely cautious cautiously careful carefully conservative incremental ' +
      'averse risk-averse risk-free riskless prudent timid proven conventional steady secure ' +
      'grounded realistic feasible pragmatic modest tame predictable dependable low-risk boring ' +
      'credible practical',
  ],
  [
    'strict',
    'high',
    'strict stricter strictest strictly rigorous rigourous rigorously demanding stringent ' +
      'tough tougher harsh harsher exacting picky fussy meticulous thorough severe blunt ' +
      'blunter bluntly candid ' +
      'uncompromising ruthless brutal merciless pedantic nitpick nitpicky nitpicking nit-picky ' +
      'hardcore sceptical skeptical unforgiving exhaustive airtight ironclad ' +
      'scrupulous punctilious savage stern hard-nosed hard-ass hardass draconian relentless tighten tear mercilessly ' +
      'ruthlessly harshly brutally unsparing unsparingly thick-skinned nit-picking stickler ' +
      'sticklers scrutinize scrutinise honest frank cruel cruelly',
  ],
  [
    'strict',
    'low',
    'lenient relaxed loose looser flexible easy easier easygoing lax forgiving gentle gentler ' +
      'softer laxer chill generous mild laid-back laidback permissive indulgent relax loosen ' +
      'sugar-coat sugarcoat soften',
  ],
];

/**
 * Idioms, matched as a whole; "*" stands for one or two words ("rip my drafts apart"). A
 * negation inside one belongs to it ("no mercy" is strict, "don't hold back" bold); before
 * one it turns it round ("nothing too out there" is safe).
 */
export const LEVEL_PHRASES: Entries = [
  [
    'risk',
    'high',
    'long shot|long shots|moon shot|moon shots|shoot for the moon|swing for the fences|' +
      'pie in the sky|laughed out of|laugh me out of|quedar en ridiculo|hacer el ridiculo|' +
      'dream big|think big|go big|aim high|reach for the stars|push the envelope|' +
      'push the boundaries|push boundaries|out there|out of the box|outside the box|blue sky|' +
      'big bets|big bet|big swings|roll the dice|take chances|take a chance|go wild|off the wall|' +
      'bet big|high stakes|go for broke|out on a limb|cutting edge|bleeding edge|' +
      "don't hold back|no holds barred|fail spectacularly|break the mold|break the mould|" +
      'break some rules|high reward|high rewards|take risks|take a risk|taking risks|take big risks|' +
      'taking big risks|risk taker|risk takers|risk taking|swing big|bigger swings|go big or go home|' +
      'surprise me|more experimental|be experimental|off the beaten path|off the beaten track|' +
      'prendre des risques|prends des risques|prenez des risques|prenons des risques|' +
      'tomar riesgos|correr riesgos|toma riesgos|corre riesgos|sin miedo|tirate a la piscina|' +
      'lanzate a la piscina|برا الصندوق|خارج الصندوق|' +
      // "lâchez-vous sur les idées", "mete o pé no acelerador", "chutar o balde", "mal was wagen"
      'lachez vous|lache toi|lachez les chevaux|pe no acelerador|chutar o balde|chuta o balde|' +
      'sem medo|was wagen|etwas wagen|mehr wagen|trau dich|traut euch|colpi di testa|colpo di testa|' +
      'senza paura',
  ],
  [
    'risk',
    'low',
    'play it safe|playing it safe|safe bet|safe bets|sure bet|sure bets|sure thing|sure things|' +
      'low hanging fruit|tried and tested|tried and true|down to earth|risk free|no surprises|' +
      'well trodden|on the safe side|baby steps|small steps|keep it simple|solid ground|' +
      'feet on the ground|take no risks|no risks|zero risk|' +
      'jouer la securite|jouer la carte de la securite|pe no chao|pes no chao|' +
      'andiamoci piano|andiamo piano|vacci piano|andateci piano|andarci piano|' +
      // "pas trop risqué", "rien de fou": said as a wish, the safe end ("nothing crazy" is
      // left out: English writers say it of reviews too)
      'pas trop risque|pas trop risquee|pas trop risques|pas trop risquees|rien de fou|' +
      'nada de locuras|nada loco|nix verrucktes|nichts verrucktes|niente di folle|' +
      'nada de maluquice|nada de loucuras',
  ],
  [
    'strict',
    'high',
    'no mercy|firm but fair|tear it apart|rip it apart|tear apart|pull no punches|tough love|high bar|' +
      'high standard|high standards|by the book|grill me|no slack|no shortcuts|' +
      "don't go easy|don't hold back on the criticism|leave no stone unturned|full peer review|" +
      'peer review treatment|hold me to|held to|raise the bar|reviewer 2|reviewer two|too soft|' +
      'strong baselines|strongest baselines|stronger baselines|strong baseline|go hard on|' +
      'be hard on|hard on me|hard on my|harder on|go harder|go hard|tough on|pick apart|pick it apart|poke holes|' +
      'cut no slack|let nothing slide|sweat the details|fine tooth comb|critical eye|' +
      'close scrutiny|heavy scrutiny|extra scrutiny|pick holes|from hell|rip * apart|tear * apart|to shreds|descendre en flammes|' +
      'pick * apart|hold * to|criticize freely|criticise freely|sans pitie|sin piedad|' +
      'top journal|top journals|top venue|top venues|top tier|top-tier|be critical|very critical|' +
      'highly critical|hypercritical|push me|challenge me|a hard time|in detail|in great detail|' +
      'every detail|line by line|' +
      'sin contemplaciones|sans concession|sans concessions|con lupa|a la loupe|sin concesiones|' +
      'mas critico|mas critica|plus critique|mano dura|sem do|sem piedade|senza pieta|' +
      'ohne gnade|بدون رحمة|بلا رحمة|من غير رحمة|giu pesante|vai pesante|andateci pesante|' +
      'pegar pesado|pega pesado|being challenged',
  ],
  [
    'strict',
    'low',
    'go easy|easy on|take it easy|cushion the blow|cushion the blows|soften the blow|cut me some slack|some slack|be kind|be gentle|light touch|' +
      'laid back|low bar|soft touch|lighten up|good enough|rough and ready|quick and dirty|' +
      'give me a break|soft on|go soft|ease up|pull punches|pull any punches|be nice|' +
      'go light|light review|lighter touch|gentle touch|cut me slack|benefit of the doubt|' +
      'kid gloves|be soft|soft feedback|soft review|soft reviews|soft reviewer|should be soft|' +
      'keep it light|reviews light|review light|light reviews|light reviewing|' +
      'plus cool|mas suave|no tan duro|pas trop dur|pas trop severe|hand-holding|hand holding|' +
      'handholding|so nice|too nice|being nice',
  ],
  [
    'level',
    'medium',
    'middle of the road|in between|in the middle|happy medium|middle ground|a bit of both|' +
      'fair amount|not too much|somewhere in between|nivel medio|في النص|بالنص|في الوسط|' +
      // a level held back: "sévère mais pas trop", "strict but not too much"
      'but not too much|but not too|mais pas trop|pero no demasiado|pero no tanto|' +
      'entre les deux|entre los dos|ni mucho ni poco|ni muy ni poco|nem muito nem pouco|ne troppo ne poco|goldene mitte|via di mezzo|' +
      'meio termo|no meio|nem tanto ao mar|a meta strada|' +
      'juste milieu|punto medio|termino medio',
  ],
  // a middle level that names its setting: "severità media"
  ['strict', 'medium', 'severita media|severidad media'],
  // "hold back on the criticism": less of the setting named nearest
  ['level', 'low', 'hold back|holding back'],
  // "balanced risk, nothing fancy": plain, of the setting said beside it; of none, modesty
  // ("an amateur archaeologist, nothing fancy")
  ['level', 'low', 'nothing fancy'],
  // Idioms that name the risk itself: a level idiom would take the cue into it and leave the
  // level nothing to attach to.
  ['risk', 'medium', 'some risk|bit of risk|a little risk|riesgo medio|riesgo moderado'],
  // A little of a risk or strictness word is a middle level; a little more is more.
  ['risk', 'medium', 'a bit risky|a little risky|slightly risky|a bit bold|a little bold'],
  ['strict', 'medium', 'a bit strict|a little strict|slightly strict|a bit critical'],
];

/**
 * Level words that say no level where they stand with the next word: "high school",
 * "low-income housing" (a hyphenated token is read as one word there).
 */
export const NOT_LEVEL_PHRASES =
  'high school|high schools|middle school|higher education|higher ed|low income|middle east|' +
  // "there is little point in …"
  'little point|' +
  'middle ages|high performance|high throughput|low resource|high frequency|' +
  // a rigid body, in mechanics
  'corpo rigido|corpi rigidi|' +
  // high school, the environment, the Middle East and Ages, the middle class
  'ensino medio|educacion media|escuela media|scuola media|scuole medie|medio ambiente|' +
  'oriente medio|medio oriente|edad media|moyen age|moyen orient|moyen-orient|' +
  'clase media|classe media|classe moyenne|ceto medio|' +
  // Portuguese "but not", which folds to Spanish "más" ("ousadas mas não malucas")
  'mas nao|mas sem|' +
  // the baseline of a comparison, not a level ("a bit stricter than usual")
  'than usual|than normal|than average|than standard|than the default|' +
  // fairness granted to a level, not a level of its own ("tough but fair")
  'but fair|' +
  // a curator ("Conservatrice au musée", "conservateur du patrimoine")
  'conservatrice au|conservateur au|conservatrice du|conservateur du|conservatrice al|' +
  'conservatrice des|conservateur des|conservatrice di|conservatore al|conservatore di|' +
  // a goodbye and a deadline
  'stay safe|safe out there|safe travels|strict deadline|strict deadlines|' +
  // a diet, a compiler setting, a legal doctrine
  'strict vegetarian|strict vegan|strict mode|strict liability|vegetarienne stricte|' +
  'vegetarien strict|strenger veganer|strenge veganerin|strenge vegetarierin|' +
  'vegetariana estricta|vegetariano estricto|vegetariana stretta|vegetariano stretto|' +
  'dieta estricta|dieta rigorosa|dieta severa|dieta stretta|regime severo|regime rigoroso|' +
  'strenge diat|رجيم صارم';

/**
 * Words that move a setting when they stand next to its name ("more risk", "crank up the
 * rigour", "dial the risk way back"): a level only there.
 */
export const RAISING =
  'more up raise increase crank bump boost higher plus mas اكثر زود زيد ارفع augmente aumenta sube';
export const LOWERING =
  'down back lower reduce decrease fewer less moins menos اقل قلل خفض خفف baisse baja reduis ' +
  'bajale';

/** Words that name the risk or the strictness setting, to which a bare level attaches. */
export const RISK_CUE_WORDS =
  'risk risks risky riskier riskiness gamble gambles stakes reward rewards chances ambition ' +
  'ideas idea ' +
  'risque risques riesgo riesgos مخاطر المخاطر مخاطرة risiko risikobereitschaft risco riscos rischio ' +
  'rischi ideen ' +
  'ideias idee';
export const STRICT_CUE_WORDS =
  'strict strictness baseline baselines rigour rigor standard standards bar review reviews ' +
  'scrutiny critiques checks ' +
  'reviewing reviewer reviewers critique criticism requirements rigueur exigence severite ' +
  'exigencia critica criticas relecture relectures ' +
  'revision revisiones صرامة المراجعة مراجعة strenge gutachten begutachtung bewertung ' +
  'revisao revisoes rigore severita revisione revisioni avaliacao avaliacoes valutazione ' +
  'evaluacion';
