// Roles and professions, for the `archetype` slot: what people call themselves when they
// say what kind of researcher they are. Besides this list, the role forms of every field in
// fields.ts are derived (ecology → ecologist, statistics → statistician, physics →
// physicist), so "a biostatistician" is a role because biostatistics is a field.

/** Words that name a role on their own. */
const WORDS =
  // academic positions and stages
  'student researcher scientist postdoc postdoctoral professor lecturer reader tutor ' +
  'fellow candidate undergrad undergraduate graduate grad doctoral phd msc mphil dphil ' +
  'scholar academic investigator pi assistant associate teacher instructor educator ' +
  'supervisor advisor adviser mentor intern trainee apprentice resident dean provost ' +
  'librarian archivist curator editor reviewer author writer journalist ' +
  // research styles
  'theorist experimentalist modeller modeler empiricist generalist specialist pragmatist ' +
  'quant methodologist practitioner polymath hobbyist amateur enthusiast ' +
  // professions
  'engineer developer dev programmer coder architect designer analyst consultant manager ' +
  'administrator director officer technician technologist operator inspector auditor ' +
  'accountant actuary banker economist lawyer attorney solicitor barrister judge ' +
  'clinician physician doctor surgeon nurse midwife pharmacist dentist therapist ' +
  'psychiatrist psychologist paramedic veterinarian vet radiographer dietitian ' +
  'nutritionist optometrist physiotherapist counsellor counselor ' +
  'farmer forester ranger gardener fisher fisherman miner pilot sailor soldier ' +
  'entrepreneur founder executive ceo cto cfo owner freelancer contractor ' +
  'statistician mathematician physicist chemist biologist geologist linguist historian ' +
  'philosopher geographer astronomer anthropologist archaeologist sociologist ' +
  'ecologist epidemiologist geneticist neuroscientist bioinformatician informatician ' +
  'programmer hacker artist musician composer novelist poet translator interpreter';

/** Roles in French, Spanish and Arabic (both genders where they differ). */
const OTHER_LANGUAGES =
  'chercheur chercheuse doctorant doctorante étudiant étudiante ingénieur ingénieure ' +
  'professeur professeure enseignant enseignante médecin infirmier infirmière ' +
  'statisticien statisticienne économiste biologiste physicien physicienne chimiste ' +
  'investigador investigadora doctorando doctoranda estudiante ingeniero ingeniera ' +
  'profesor profesora médico médica enfermero enfermera economista bióloga biólogo ' +
  'físico física químico química matemático matemática psicólogo psicóloga ' +
  'estadístico estadística científico científica ' +
  'باحث باحثة طالب طالبة مهندس مهندسة أستاذ أستاذة طبيب طبيبة ممرض ممرضة عالم عالمة';

/** Multi-word roles whose words are not roles on their own. */
const PHRASES = [
  'phd student',
  'phd candidate',
  'ph.d. student',
  'masters student',
  "master's student",
  'master student',
  'grad student',
  'graduate student',
  'doctoral student',
  'doctoral candidate',
  'research assistant',
  'research associate',
  'research fellow',
  'research engineer',
  'research scientist',
  'research software engineer',
  'principal investigator',
  'lab manager',
  'lab technician',
  'data scientist',
  'data engineer',
  'data analyst',
  'software engineer',
  'software developer',
  'machine learning engineer',
  'ml engineer',
  'product manager',
  'policy analyst',
  'field biologist',
  'field ecologist',
  'clinician scientist',
  'physician scientist',
  'citizen scientist',
  'independent researcher',
  'early career researcher',
  'senior researcher',
  'junior researcher',
  'nurse researcher',
  'team lead',
];

/** Words that qualify a role ("senior", "PhD", "lab", "research"). */
const MODIFIERS =
  'senior junior lead chief principal head staff visiting adjunct emeritus tenured ' +
  'assistant associate full postdoctoral doctoral graduate grad undergraduate undergrad ' +
  'phd msc masters master mphil first-year second-year final-year early-career ' +
  'research data software lab laboratory field clinical medical independent freelance ' +
  'citizen amateur professional retired aspiring budding former';

/**
 * More roles and qualifiers, read only by the role span corrections (settle-roles.ts): as
 * features of the classifier and the tagger they cost fields and topics (over four training
 * seeds, the styles set's topics 92.0 -> 89.9 %), as the wider level lexicon did.
 */
export const MORE_ROLE_WORDS: readonly string[] = (
  'planner worker communicator coordinator strategist advocate activist organiser organizer ' +
  'volunteer caregiver carer coach trainer leader faculty schoolteacher prof retiree registrar ' +
  'post-doc ' +
  // trades and services, whose people also write in
  'driver medic electrician plumber carpenter mechanic chef cook baker beekeeper ' +
  'firefighter cashier clerk secretary receptionist welder machinist bartender waiter ' +
  'waitress barista nanny housewife homemaker stay-at-home ' +
  // roles in French, Spanish, Portuguese and German that the features leave out, and what
  // Arabic calls lecturers, specialists, programmers, analysts, pharmacists and teachers
  'sociologue historien historienne philosophe linguiste géographe anthropologue ' +
  'psychologue épidémiologiste écologue mathématicien mathématicienne informaticien ' +
  'informaticienne climatologue astronome archéologue avocat avocate journaliste pharmacien ' +
  'pharmacienne postdoctorant postdoctorante stagiaire technicien technicienne ' +
  'analyste développeur développeuse agronome géologue neuroscientifique maître ' +
  'catedrático catedrática sociólogo socióloga historiador historiadora filósofo filósofa ' +
  'lingüista geógrafo geógrafa antropólogo antropóloga epidemiólogo epidemióloga ecólogo ' +
  'ecóloga climatólogo climatóloga astrónomo astrónoma arqueólogo ' +
  'arqueóloga abogado abogada periodista farmacéutico farmacéutica ' +
  'posdoc becario becaria analista desarrollador desarrolladora agrónomo ' +
  'agrónoma geólogo geóloga neurocientífico neurocientífica programador programadora ' +
  'maestro maestra docente tesista residente interne pédiatre généraliste kiné ' +
  'kinésithérapeute sage-femme vétérinaire dentiste cardiologue psychiatre neurologue ' +
  'radiologue chirurgien chirurgienne pediatra cardiólogo cardióloga psiquiatra ' +
  'aficionado aficionada jubilado jubilada retraité retraitée instituteur institutrice ' +
  'trabajador trabajadora travailleur travailleuse assistante ' +
  'معيد معيدة ' +
  'enfermeira enfermeiro mestranda mestrando doutorando doutoranda engenheiro engenheira ' +
  'pesquisador pesquisadora professora cientista ' +
  'doktorand doktorandin forscher forscherin wissenschaftler wissenschaftlerin ' +
  'datenwissenschaftler datenwissenschaftlerin ingenieur ingenieurin professorin ärztin arzt ' +
  'محاضر محاضرة أخصائي أخصائية اخصائي اخصائية مبرمج مبرمجة محلل محللة صيدلي صيدلانية ' +
  'معلم معلمة مدرس مدرسة متقاعد متقاعدة ' +
  // Italian, and the retired in Portuguese, German and Arabizi ("ana tbiba", a doctor)
  'studente studentessa ricercatore ricercatrice dottorando dottoranda ingegnere insegnante ' +
  'professore professoressa pensionato pensionata infermiere infermiera biologo biologa ' +
  'chimico chimica medico avvocato avvocata giornalista sviluppatore sviluppatrice ' +
  'aposentado aposentada estudante rentner rentnerin pensionar pensionarin lehrer lehrerin ' +
  'studentin informatiker informatikerin tbib tbiba ' +
  // more professions in German, Italian and Portuguese
  'hebamme ubersetzer ubersetzerin dolmetscher dolmetscherin mitarbeiter mitarbeiterin ' +
  'dozent dozentin facharzt facharztin apotheker apothekerin landwirt landwirtin ' +
  'physiker physikerin chemiker chemikerin biologe biologin psychologe psychologin ' +
  'historiker historikerin anwalt anwaltin journalistin ornithologe ornithologin ' +
  'farmacista architetto architetta assegnista geologo ' +
  'psicologo psicologa veterinario veterinaria statistico statistica matematico ' +
  'aluno aluna contador contadora advogado advogada farmaceutico farmaceutica ' +
  'jornalista desenvolvedor desenvolvedora fisioterapeuta nutricionista bancario bancaria ' +
  'apicultor apicultora mediateur mediatrice cheffe ' +
  // enthusiasts, who write in as often as the professions
  'appassionato appassionata passionne passionnee entusiasta amador amadora liebhaber ' +
  'محاسب محاسبة ' +
  // trades and offices across the six languages, as people name their own
  'fornaio fornaia pasticcere pasticcera cuoco cuoca commercialista impiegato impiegata ' +
  'bibliotecario bibliotecaria consulente tecnico tecnica pedagoga pedagogo ' +
  'padeiro padeira cozinheiro cozinheira motorista consultor consultora ' +
  'bibliothécaire boulanger boulangère cuisinier cuisinière comptable consultante ' +
  'panadero panadera cocinero cocinera contable ' +
  'produktmanager produktmanagerin pflegefachkraft krankenpfleger krankenpflegerin ' +
  'bibliothekar bibliothekarin bäcker bäckerin koch köchin buchhalter buchhalterin ' +
  'erzieher erzieherin sozialarbeiter sozialarbeiterin ' +
  'صحفي صحفية خبير خبيرة طيار ممرض ممرضة مهندس مهندسة طبيب طبيبة'
).split(' ');
export const MORE_ROLE_MODIFIERS: readonly string[] = (
  'third-year fourth-year fifth-year 1st-year 2nd-year 3rd-year 4th-year mid-career ' +
  'registered certified licensed chartered practising practicing experienced veteran ' +
  'part-time full-time semi-retired jr jr. sr sr. hobby backend back-end frontend ' +
  'front-end full-stack fullstack corporate ' +
  // German, declined: "pensionierter Lehrer", "freiberufliche Übersetzerin"
  'pensionierter pensionierte ehemaliger ehemalige freiberuflicher freiberufliche ' +
  'selbststandiger selbststandige leitender leitende wissenschaftlicher wissenschaftliche ' +
  'angestellter angestellte'
).split(' ');

export const ROLE_WORDS: readonly string[] = [...WORDS.split(' '), ...OTHER_LANGUAGES.split(' ')];
export const ROLE_PHRASES: readonly string[] = PHRASES;
export const ROLE_MODIFIERS: readonly string[] = MODIFIERS.split(' ');

/** English roles, as values a training phrasing's role can be swapped for. */
export const ENGLISH_ROLES: readonly string[] = [...WORDS.split(' '), ...PHRASES];

/**
 * Role forms of a one-word field: ecology → ecologist, statistics → statistician, physics
 * → physicist, economics → economist, history → historian, geography → geographer,
 * chemistry → chemist. Over-generation is harmless: a form that is no word never matches.
 */
export function fieldRoles(field: string): string[] {
  const out: string[] = [];
  if (field.endsWith('y')) {
    const stem = field.slice(0, -1);
    out.push(`${stem}ist`, `${stem}ian`, `${stem}er`);
    if (field.endsWith('ry')) out.push(field.slice(0, -2));
  }
  if (field.endsWith('ics')) {
    const stem = field.slice(0, -1); // statistic, physic, economic
    out.push(`${stem}ian`, `${stem}ist`, `${field.slice(0, -3)}ist`, field.slice(0, -3));
  }
  if (field.endsWith('ine')) out.push(`${field.slice(0, -1)}ist`);
  return out;
}
