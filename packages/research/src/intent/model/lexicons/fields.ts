// Fields of study, for the `domain` slot: a broad list of academic disciplines (after the
// usual outlines of academic disciplines: humanities, social, natural, formal and applied
// sciences), with the words that build their names. The tagger sees whether a word is a
// field, a word that qualifies one ("marine", "computational") or inside a known multi-word
// field, beside the words around it, so a field it was never trained on is still read as one.

/** Fields named by one word (singular forms; plurals are read through `singular`). */
const SINGLE =
  // humanities and arts
  'anthropology archaeology archeology architecture art arts classics dance design ethics ' +
  'film folklore history humanities journalism linguistics literature logic music musicology ' +
  'philology philosophy phonetics phonology pragmatics religion rhetoric semantics semiotics ' +
  'syntax theatre theater theology translation typography aesthetics epistemology metaphysics ' +
  'historiography papyrology palaeography paleography egyptology assyriology sinology ' +
  // social sciences
  'criminology demography economics econometrics education geography governance law ' +
  'management marketing politics psychology sociology sociolinguistics psycholinguistics ' +
  'accounting finance banking business commerce communication communications diplomacy ' +
  'ethnography ethnology gerontology penology planning policy urbanism cartography ' +
  'pedagogy psychiatry psychometrics psychotherapy logistics tourism ' +
  // natural sciences
  'acoustics aerodynamics agronomy anatomy astrobiology astronomy astrophysics biochemistry ' +
  'biology biophysics botany chemistry climatology cosmology crystallography cytology ' +
  'ecology embryology entomology endocrinology ethology evolution genetics genomics ' +
  'geochemistry geology geomorphology geophysics glaciology herpetology histology hydrology ' +
  'ichthyology immunology limnology mammalogy meteorology microbiology mineralogy mycology ' +
  'neurobiology neuroscience neurosciences oceanography oncology optics ornithology ' +
  'paleontology palaeontology parasitology pathology petrology pharmacology photonics ' +
  'physics physiology phycology primatology proteomics metabolomics seismology spectroscopy ' +
  'taxonomy thermodynamics toxicology virology volcanology zoology biogeography ' +
  'bioinformatics biostatistics biotechnology nanotechnology metallurgy ' +
  'sedimentology stratigraphy hydrogeology paleoclimatology biomechanics ' +
  // formal sciences
  'algebra analysis arithmetic calculus combinatorics cryptography cryptology geometry ' +
  'informatics mathematics maths math statistics topology probability cybernetics ' +
  // applied sciences, engineering, medicine
  'aeronautics agriculture astronautics audiology automation cardiology chemometrics ' +
  'dentistry dermatology engineering epidemiology forestry gastroenterology gynecology ' +
  'gynaecology haematology hematology horticulture medicine mechatronics nephrology ' +
  'neurology neurosurgery nursing nutrition obstetrics ophthalmology optometry orthopedics ' +
  'orthopaedics otolaryngology paediatrics pediatrics pharmacy pharmaceutics physiotherapy ' +
  'radiology rheumatology robotics surgery urology veterinary fisheries aquaculture ' +
  'cybersecurity networking computing programming electronics telecommunications ' +
  'hci nlp ai ml fintech biomedicine geomatics geodesy surveying ergonomics kinesiology ' +
  'anesthesiology anaesthesiology immunotherapy pharmacokinetics pharmacogenomics ' +
  'econophysics neuroimaging neuropsychology neuroeconomics bioethics biosecurity ' +
  'sustainability conservation silviculture viticulture enology oenology macroeconomics ' +
  'microeconomics geoinformatics microscopy spectrometry tomography ' +
  // the short names people type
  'econ psych bio chem neuro stats gis cs compsci polisci ' +
  // industries named as fields
  'edtech healthtech medtech biotech cleantech agritech agtech legaltech insurtech';

/** Multi-word fields, and field names whose words are common on their own. */
const PHRASES = [
  'computer science',
  'computer vision',
  'computer graphics',
  'computer engineering',
  'data science',
  'data mining',
  'machine learning',
  'deep learning',
  'reinforcement learning',
  'artificial intelligence',
  'natural language processing',
  'speech processing',
  'signal processing',
  'image processing',
  'information retrieval',
  'information theory',
  'information systems',
  'software engineering',
  'human-computer interaction',
  'human computer interaction',
  'distributed systems',
  'operating systems',
  'programming languages',
  'theoretical computer science',
  'quantum computing',
  'quantum information',
  'quantum mechanics',
  'quantum field theory',
  'string theory',
  'game theory',
  'graph theory',
  'number theory',
  'control theory',
  'operations research',
  'public health',
  'global health',
  'mental health',
  'public policy',
  'public administration',
  'political science',
  'political economy',
  'international relations',
  'social work',
  'social policy',
  'cultural studies',
  'gender studies',
  'media studies',
  'area studies',
  'development studies',
  'religious studies',
  'urban planning',
  'urban studies',
  'regional planning',
  'labour economics',
  'labor economics',
  'health economics',
  'development economics',
  'environmental economics',
  'behavioural economics',
  'behavioral economics',
  'agricultural economics',
  'materials science',
  'material science',
  'earth science',
  'earth sciences',
  'soil science',
  'food science',
  'sports science',
  'sport science',
  'nutrition science',
  'climate science',
  'climate change',
  'cognitive science',
  'life sciences',
  'social sciences',
  'natural sciences',
  'political sciences',
  'condensed matter physics',
  'particle physics',
  'nuclear physics',
  'plasma physics',
  'high energy physics',
  'solid state physics',
  'fluid dynamics',
  'fluid mechanics',
  'solid mechanics',
  'molecular biology',
  'cell biology',
  'marine biology',
  'synthetic biology',
  'evolutionary biology',
  'developmental biology',
  'structural biology',
  'systems biology',
  'computational biology',
  'plant biology',
  'conservation biology',
  'organic chemistry',
  'inorganic chemistry',
  'physical chemistry',
  'analytical chemistry',
  'medicinal chemistry',
  'atmospheric chemistry',
  'clinical trials',
  'clinical research',
  'clinical psychology',
  'social psychology',
  'developmental psychology',
  'cognitive psychology',
  'educational psychology',
  'internal medicine',
  'family medicine',
  'emergency medicine',
  'veterinary medicine',
  'sports medicine',
  'tropical medicine',
  'civil engineering',
  'mechanical engineering',
  'electrical engineering',
  'chemical engineering',
  'biomedical engineering',
  'aerospace engineering',
  'environmental engineering',
  'structural engineering',
  'industrial engineering',
  'nuclear engineering',
  'marine engineering',
  'genetic engineering',
  'energy systems',
  'renewable energy',
  'remote sensing',
  'fine arts',
  'art history',
  'comparative literature',
  'creative writing',
  'applied mathematics',
  'pure mathematics',
  'applied physics',
  'applied statistics',
  'library science',
  'information science',
  'supply chain',
  'supply chain management',
  'business administration',
  'human resources',
  'criminal justice',
  'health sciences',
  'medical imaging',
  'population genetics',
  'crop science',
  'animal science',
  'veterinary science',
  'environmental science',
  'environmental sciences',
  'ocean science',
  'space science',
  'planetary science',
  'atmospheric science',
  'polar science',
  'wildlife ecology',
  'landscape ecology',
  'marine ecology',
  'microbial ecology',
  'field ecology',
];

/**
 * Words that qualify a field ("marine biology", "computational linguistics"): adjectives of
 * fields and the usual modifiers. The adjective of every one-word field is derived too
 * (ecology → ecological).
 */
const MODIFIERS =
  'applied theoretical experimental computational clinical molecular cellular marine ' +
  'environmental social cognitive developmental evolutionary quantum public political ' +
  'medical agricultural structural civil mechanical electrical chemical biomedical ' +
  'behavioral behavioural organic inorganic analytical physical mathematical statistical ' +
  'historical comparative cultural urban rural global international digital industrial ' +
  'financial educational nuclear atmospheric planetary tropical polar coastal aquatic ' +
  'terrestrial microbial synthetic systems evolutionary human animal plant soil crop food ' +
  'forest ocean climate earth space solar energy health mental data network neural ' +
  'cognitive biological geological ecological economic legal linguistic literary medieval ' +
  'ancient modern contemporary classical romance asian african european american latin ' +
  'islamic biblical pure formal computer information software hardware machine deep ' +
  'natural artificial condensed matter particle high low solid state fluid continuum ' +
  'quantitative qualitative empirical biostatistical epidemiological spatial regional ' +
  'veterinary dental surgical pediatric paediatric geriatric forensic sports sport ' +
  'labour labor development developmental macro micro health infectious chronic ' +
  'reproductive sexual family emergency internal intensive critical primary secondary ' +
  'renewable sustainable water wildlife landscape population conservation fisheries';

/** Words that end a field's name ("… science", "… studies", "… engineering"). */
const HEADS =
  'science sciences studies engineering theory physics biology chemistry economics ' +
  'medicine health policy management research design systems mechanics dynamics analysis ' +
  'learning processing modelling modeling planning ecology psychology history law art arts ' +
  'technology technologies informatics statistics mathematics linguistics literature ' +
  'geography genetics imaging sensing computing security communication analytics ' +
  'administration education therapy architecture finance ethics relations networks ' +
  'microscopy spectrometry';

/** Common fields in French, Spanish, Arabic, German, Portuguese and Italian (introductions in them). */
const OTHER_LANGUAGES =
  // French
  'biologie chimie physique informatique économie sociologie linguistique psychologie ' +
  'mathématiques médecine histoire philosophie géologie écologie neurosciences ' +
  'astronomie anthropologie archéologie géographie droit épidémiologie statistiques ' +
  'ingénierie pharmacie botanique zoologie génétique climatologie océanographie ' +
  'microbiologie bioinformatique neuro-imagerie robotique mécanique électronique agronomie ' +
  'hydrologie sismologie toxicologie pharmacologie immunologie virologie oncologie ' +
  'cardiologie neurologie pédiatrie démographie criminologie urbanisme traduction ' +
  'littérature musicologie théologie pédagogie ' +
  // Spanish
  'biología química física informática economía sociología lingüística psicología ' +
  'matemáticas medicina historia filosofía geología ecología neurociencia neurociencias ' +
  'astronomía antropología arqueología geografía derecho epidemiología estadística ' +
  'ingeniería farmacia botánica zoología genética climatología oceanografía ' +
  'microbiología bioinformática robótica mecánica electrónica agronomía hidrología ' +
  'sismología toxicología farmacología inmunología virología oncología cardiología ' +
  'neurología pediatría enfermería demografía criminología urbanismo arquitectura ' +
  'traducción literatura musicología teología pedagogía ' +
  // Arabic
  'الفيزياء الكيمياء الرياضيات الأحياء البيولوجيا الاقتصاد الطب التاريخ الفلسفة ' +
  'الجيولوجيا اللسانيات الهندسة الإحصاء الفلك الصيدلة الحاسوب البيئة الاجتماع النفس ' +
  'الوراثة المعلوماتية فيزياء كيمياء رياضيات اقتصاد طب تاريخ فلسفة هندسة إحصاء ' +
  'الأوبئة الأعصاب التمريض القانون ' +
  // German
  'chemie physik informatik soziologie linguistik mathematik medizin geschichte geologie ' +
  'ökologie neurowissenschaften archäologie geographie geografie rechtswissenschaft ' +
  'epidemiologie statistik pharmazie genetik klimaforschung ozeanographie mikrobiologie ' +
  'bioinformatik robotik elektrotechnik maschinenbau toxikologie pharmakologie immunologie ' +
  'virologie onkologie kardiologie neurologie pädiatrie kriminologie stadtplanung ' +
  'literaturwissenschaft musikwissenschaft theologie pädagogik astrophysik volkswirtschaft ' +
  'betriebswirtschaft politikwissenschaft wirtschaftswissenschaften ' +
  // Portuguese
  'biologia química física economia sociologia linguística matemática história filosofia ' +
  'ecologia neurociência neurociências arqueologia geografia direito epidemiologia ' +
  'estatística engenharia farmácia genética climatologia oceanografia microbiologia ' +
  'bioinformática robótica eletrônica agronomia imunologia farmacologia enfermagem ' +
  'demografia criminologia urbanismo arquitetura pedagogia ' +
  // Italian
  'chimica fisica informatica sociologia linguistica psicologia matematica storia ' +
  'filosofia geologia neuroscienze astronomia antropologia archeologia geografia ' +
  'giurisprudenza diritto epidemiologia statistica ingegneria botanica zoologia genetica ' +
  'climatologia oceanografia microbiologia bioinformatica robotica elettronica agronomia ' +
  'idrologia sismologia vulcanologia tossicologia farmacologia immunologia virologia ' +
  'oncologia cardiologia neurologia pediatria demografia criminologia urbanistica ' +
  'architettura traduzione letteratura musicologia teologia infermieristica veterinaria ' +
  'odontoiatria astrofisica biochimica filologia glottologia ' +
  // school subjects and their short forms, as pupils and teachers say them
  'svt philo psycho socio histoire-géo histoire-geo lettres mates lettere latino greco ' +
  'mathe latein erdkunde biologie-chimie lengua';

/** Multi-word fields in French, Spanish, Arabic, German, Portuguese and Italian. */
const OTHER_PHRASES = [
  'génie civil',
  'génie logiciel',
  'sciences politiques',
  'santé publique',
  'biologie marine',
  'intelligence artificielle',
  'ciencias políticas',
  'salud pública',
  'biología marina',
  'inteligencia artificial',
  'ciencias de la computación',
  'علم البيئة',
  'علم النفس',
  'علم الاجتماع',
  'علم الأحياء',
  'علوم الحاسوب',
  'الصحة العامة',
  'الذكاء الاصطناعي',
  'علم الأوبئة',
  'علم الوراثة',
  'علم الفلك',
  'علم الأعصاب',
  'علم اللغة',
  'علم البيانات',
  'علم الحاسوب',
  'التعلم الآلي',
  'science des données',
  'apprentissage automatique',
  'santé mentale',
  'sciences de l’éducation',
  'ciencia de datos',
  'aprendizaje automático',
  'salud mental',
  'ciencias de la educación',
  'künstliche intelligenz',
  'saúde pública',
  'ciência da computação',
  'ciência de dados',
  'inteligência artificial',
  'biologia marinha',
  'engenharia civil',
  'ciências sociais',
  'scienze politiche',
  'sanità pubblica',
  'salute pubblica',
  'biologia marina',
  'intelligenza artificiale',
  'scienza dei dati',
  'apprendimento automatico',
  'ingegneria civile',
  'ingegneria informatica',
  'scienze sociali',
  'scienze ambientali',
  'scienze naturali',
  'beni culturali',
  'lettere classiche',
  'lettere moderne',
];

/** English fields, as values a training phrasing's field can be swapped for. */
export const ENGLISH_FIELDS: readonly string[] = [...SINGLE.split(' '), ...PHRASES];

export const FIELD_WORDS: readonly string[] = [...SINGLE.split(' '), ...OTHER_LANGUAGES.split(' ')];
export const FIELD_PHRASES: readonly string[] = [...PHRASES, ...OTHER_PHRASES];
export const FIELD_MODIFIERS: readonly string[] = MODIFIERS.split(' ');
export const FIELD_HEADS: readonly string[] = HEADS.split(' ');

/**
 * The adjectives of a one-word field: ecology → ecological, economics → economic,
 * chemistry → chemical, genetics → genetic. Over-generation is harmless: a form that is no
 * word never matches.
 */
export function fieldAdjectives(field: string): string[] {
  const out: string[] = [];
  if (field.endsWith('y')) out.push(`${field.slice(0, -1)}ical`, `${field.slice(0, -1)}ic`);
  if (field.endsWith('istry')) out.push(`${field.slice(0, -5)}ical`);
  if (field.endsWith('ics')) out.push(field.slice(0, -1), `${field.slice(0, -1)}al`);
  if (field.endsWith('ine')) out.push(`${field.slice(0, -1)}al`);
  return out;
}
