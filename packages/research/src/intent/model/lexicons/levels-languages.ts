// The common words of French, Spanish, Arabic, German, Portuguese and Italian that say how
// much risk a user wants or how strict the review should be, in each gender and number: the
// other languages' part of the level lexicon (levels.ts has the English words, the classes
// and what they mean).
import type { Entries } from './levels.ts';

/** French, Spanish, Arabic, German, Portuguese and Italian, as written (folded when read). */
export const OTHER_LANGUAGES: Entries = [
  // French
  ['level', 'high', 'eleve elevee eleves elevees haut haute hauts hautes beaucoup'],
  ['level', 'low', 'faible faibles bas basse'],
  [
    'level',
    'medium',
    'modere moderee moderes moderees moyen moyenne intermediaire equilibre equilibree ' +
      'moyennement moderement raisonnable raisonnables',
  ],
  [
    'risk',
    'high',
    'audacieux audacieuse audacieuses ambitieux ambitieuse ambitieuses osee osees temeraire ' +
      'temeraires aventureux aventureuse aventureuses hardi hardie hardis hardies fou folle ' +
      'fous folles risquee risquees farfelu farfelue farfelus farfelues ose oses osez osons ' +
      'decoiffe decoiffent decoiffant decoiffante decoiffantes dingue dingues exagerer ' +
      'delirant delirante delirants delirantes',
  ],
  [
    'risk',
    'low',
    'prudente prudents prudentes securitaire securitaires conservateur conservatrice ennuyeux ' +
      'ennuyeuse ennuyeuses ' +
      'conservateurs conservatrices prudence sage sages',
  ],
  [
    'strict',
    'high',
    'stricte strictes rigoureux rigoureuse rigoureuses exigeant exigeante exigeants exigeantes ' +
      'severe severes intransigeant intransigeante impitoyable impitoyables pointilleux ' +
      'pointilleuse dur dure durs dures tatillon tatillonne tatillons franc franche',
  ],
  [
    'strict',
    'low',
    'indulgente indulgents indulgentes souple souples clement clemente tolerante detendu ' +
      'detendue doux douce douces bienveillant bienveillante bienveillants gentil gentille ' +
      'coulant coulante tolerant tolerants permissif permissive indulgence mollo',
  ],
  // Spanish
  ['level', 'high', 'alto alta altos altas elevado elevada maximo maxima mucho mucha'],
  ['level', 'low', 'bajo baja bajos bajas minimo minima'],
  [
    'level',
    'medium',
    'moderado moderada moderados moderadas equilibrado equilibrada intermedio intermedia medio ' +
      'medianamente moderadamente normalita normalito estandar',
  ],
  [
    'risk',
    'high',
    'arriesgado arriesgada arriesgados arriesgadas audaz audaces atrevido atrevida atrevidos ' +
      'jugada jugadas ' +
      'atrevidas ambicioso ambiciosa ambiciosos ambiciosas osado osada osados osadas aventurero ' +
      'aventurera arriesgar arriesgarse arriesgarte arriesgate arriesgues arriesgue arriesguen locura locuras alocado alocada ' +
      'alocados alocadas loco loca locos locas arriesga arriesguemos',
  ],
  [
    'risk',
    'low',
    'seguro segura seguros seguras prudentes cauteloso cautelosa cautelosos cautelosas ' +
      'conservador conservadora conservadores conservadoras cautela precaucion prudencia ' +
      'aburrido aburrida aburridos aburridas',
  ],
  [
    'strict',
    'high',
    'estricto estricta estrictos estrictas riguroso rigurosa rigurosos rigurosas exigente ' +
      'exigentes severo severa severos severas implacable implacables duro dura duros duras ' +
      'dureza',
  ],
  [
    'strict',
    'low',
    'indulgentes relajado relajada flexibles suave suaves tolerantes benevolo benevola amable ' +
      'amables suavidad blando blanda blandos blandas comprensivo comprensiva permisivo ' +
      'permisiva relajate relajar relaja afloja',
  ],
  // Arabic (read without the article or a leading "and": الجريئة is جريئة)
  ['level', 'high', 'عالي عالية مرتفع مرتفعة عاليا مرتفعا'],
  ['level', 'low', 'منخفض منخفضة قليل قليلة منخفضا'],
  ['level', 'medium', 'متوسط متوسطة معتدل معتدلة متوازن متوازنة متوسطا معتدلا وسطي'],
  [
    'risk',
    'high',
    'جريء جريئة جريئا جريئه مغامرة مغامر طموح طموحة جرأة نغامر غامر نخاطر خاطر مجنون مجنونة ' +
      'مجنونه أجرأ مجازفة مجازف مجازفات',
  ],
  ['risk', 'low', 'آمنة آمنه حذر حذرة مضمون مضمونة محافظ محافظة تقليدي تقليدية ممل مملة'],
  [
    'strict',
    'high',
    'صارم صارمة صارما متشدد متشددة متشددا قاسي قاسية شدد تشدد بصرامة شديد شديدة قاصح قوي قوية ' +
      'اشد',
  ],
  ['strict', 'low', 'متساهل متساهلة مرن مرنة لطيف لطيفة متسامح متسامحة تساهل خفف بلطف حنين حنينة'],
  // German (folded: "mäßig" is "maßig")
  ['level', 'high', 'hoch hohe hoher hohes hohem hohen'],
  ['level', 'low', 'niedrig niedrige niedriger niedriges niedrigen gering geringe geringes'],
  [
    'level',
    'medium',
    'mittel mittlere mittleres mittleren mittelmaßig maßig maßige ausgewogen ausgewogene ' +
      'moderat moderate mittelweg',
  ],
  ['strict', 'medium', 'mittelstreng mittelstrenge mittelstrenger mittelstrengen'],
  [
    'risk',
    'high',
    'mutig mutige mutiger mutiges mutigen riskant riskante riskanter riskantes riskanten ' +
      'gewagt gewagte gewagter gewagten kuhn kuhne kuhner kuhnen verruckt verruckte verruckten ' +
      'ehrgeizig ehrgeizige ehrgeizigen abgedreht abgedrehte abgedrehtes experimente radikal ' +
      'radikale radikalen radikaler risikofreudig risikofreudige risikofreudigen risikofreudiger ' +
      'ubertreiben abgehoben abgehobene abgehobenes abgehobenen blamiere blamieren',
  ],
  [
    'risk',
    'low',
    'vorsichtig vorsichtige vorsichtiger vorsichtigen konservativ ' +
      'konservative konservativen behutsam solide solides soliden langweilig langweilige ' +
      'risikoscheu risikoscheue risikoscheuen',
  ],
  [
    'strict',
    'high',
    'streng strenge strenger strengen rigoros rigorose grundlich grundliche kritisch ' +
      'kritische kritischer anspruchsvoll anspruchsvolle gnadenlos gnadenlose gnadenlosen ' +
      'unerbittlich knallhart hart harte harten harter vernichtend vernichtende auseinander',
  ],
  [
    'strict',
    'low',
    'nachsichtig nachsichtige milde milder locker lockere lockerer sanft sanfte großzugig ' +
      'großzugige entspannt entspannte lasch lasche laschen',
  ],
  // Portuguese
  ['level', 'high', 'elevada elevadas'],
  ['level', 'low', 'baixo baixa baixos baixas'],
  [
    'level',
    'medium',
    'moderada moderado moderados moderadas moderacao equilibrada intermediario intermediaria ' +
      'medianamente',
  ],
  [
    'risk',
    'high',
    'arriscado arriscada arriscados arriscadas ousado ousada ousados ousadas ambiciosa ' +
      'ambiciosas ousadia ouse ousa arrojado arrojada arrojados arrojadas doido doida doidos doidas ' +
      'maluco maluca malucos malucas exagerar ousar',
  ],
  [
    'risk',
    'low',
    'cauteloso cautelosa cautelosos cautelosas conservadora conservadoras careta caretas',
  ],
  [
    'strict',
    'high',
    'rigoroso rigorosa rigorosos rigorosas exigente exigentes severo severa severos severas ' +
      'duro dura duros duras implacavel carrasco carrasca',
  ],
  [
    'strict',
    'low',
    'leve leves branda brando brandas brandos tranquilo tranquila flexivel flexiveis gentil ' +
      'gentis',
  ],
  // Italian
  ['level', 'high', 'elevato elevati elevate massimo massima'],
  ['level', 'low', 'basso bassa bassi basse'],
  [
    'level',
    'medium',
    'moderato moderati moderate equilibrato equilibrati intermedio moderatamente',
  ],
  [
    'risk',
    'high',
    'rischioso rischiosa rischiosi rischiose audace audaci coraggioso coraggiosa coraggiosi ' +
      'coraggiose ambizioso ambiziosa ambiziosi ambiziose azzardato azzardata azzardati coraggio ' +
      'osa osate osare rischiare rischiamo folle folli spregiudicato spregiudicata spregiudicati ' +
      'spregiudicate pazzo pazza pazzi pazze esagerare esagerato esagerata spinte spinto spinti',
  ],
  [
    'risk',
    'low',
    'prudente cauto cauta cauti caute conservativo conservativa conservativi conservative ' +
      'sicuro sicura sicuri sicure noioso noiosa noiosi noiose',
  ],
  [
    'strict',
    'high',
    'rigoroso rigorosa rigorosi rigorose esigente esigenti severo severa severi severe ' +
      'spietato spietata spietati pignolo pignola pignoli pignole rigido rigida rigidi',
  ],
  [
    'strict',
    'low',
    'indulgente morbido morbida morbidi clemente tollerante tolleranti gentile gentili sconti',
  ],
];
