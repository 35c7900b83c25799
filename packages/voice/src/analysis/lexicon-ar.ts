// Arabic sentiment words: Modern Standard Arabic plus Gulf, Levantine and Egyptian
// colloquial forms as speech recognition writes them. Keys are stored normalised
// (normalizeArabic), and lookups also try the word without clitics (و، ف، ب، ال، لل …
// ها، هم، ني، ك، ين …), so only base forms are listed. Words that a clitic-stripped
// stem would confuse with a common neutral word are left out (كره "hate" vs بكرة
// "tomorrow" and الكرة "the ball"; عطل "fault" vs عطلة "holiday"). Weights: ±3 strong, ±2 clear, ±1 mild.
import { normalizeArabic } from './arabic.ts';
import { weighted, type Valence } from './lexicon-types.ts';

const n = normalizeArabic;

/** Arabic base form (normalised) → valence. */
export const AR_LEXICON: ReadonlyMap<string, Valence> = new Map<string, Valence>([
  ...weighted(
    3,
    `ممتاز ممتازة رائع رائعة روعة مذهل مدهش عظيم عظيمة خرافي خيالي مبدع إبداع أروع أجمل
     يجنن تحفة هايل مثالي مثالية أحبك بحبك`,
    n,
  ),
  ...weighted(
    2,
    `جميل جيد جيدة حلو حلوة كويس كويسة منيح منيحة زين زينة مزيان زوين باهي شكرا شكر مشكور
     مشكورة متشكر متشكرين ممنون ممنونة تسلم تسلمي يسلمو يسلموا سعيد سعيدة سعادة فرحان
     فرحانة فرح فرحة مسرور سرور مبسوط مبسوطة مرتاح مرتاحة راضي راضية لطيف لطيفة مفيد مفيدة
     ممتع ممتعة مستمتع استمتعت نجاح ناجح موفق ممتن شاكر أحب بحب حب حبيت عجبني يعجبني أعجبني
     عجبتني أعجبتني محترم محترمة محترف ودود أحلى أحسن أفضل جامد ظريف نظيف مريح مريحة فخور
     متحمس أنصح وناسة مستانس مستانسة مبروك تهانينا عسل`,
    n,
  ),
  ...weighted(1.5, `بخير مضبوط سريع سهل سهلة واضح انحلت اتحلت تحسن`, n),
  ...weighted(1, `تمام آمن أمان مقبول هادئ أسرع أوفر`, n),
  ...weighted(0.5, `طيب ماشي أوكي اوكي صح صحيح معقول`, n),
  ...weighted(
    -3,
    `كارثة كارثي مصيبة مقرف مقزز زفت فاشل فاشلة أسوأ أكره نصب نصاب احتيال حرامي حرامية
     بشع بشعة تعيس زبالة مهزلة`,
    n,
  ),
  ...weighted(
    -2,
    `سيء سيئ سيئة رديء رديئة وحش وحشة شين شينة خايس خايب بايخ بايخة مشكلة مشاكل خطأ أخطاء
     غلط غلطة أعطال معطل عطلان خربان خربانة خراب زعلان زعلانة زعل حزين حزينة غاضب
     غضبان معصب متضايق متضايقة مضايق مزعج مزعجة إزعاج ممل مملة زهقان طفشان قرفان مقهور
     مستاء استياء محبط إحباط مخيب خيبة ظلم ظالم كذب كذاب غش مغشوش خسارة خسرت ضايع ضعت فشل
     إهمال مهمل متخلف غبي سخيف سخيفة تافه مخيف يكره ألم وجع مؤلم محرج بطال يائس قهر`,
    n,
  ),
  ...weighted(
    -1.5,
    `للأسف بطيء بطيئة تأخير متأخر متأخرة تعبان تعبانة تعب متعب متعبة قلق قلقان قلقانة خايف
     خايفة خوف شكوى أشتكي صعب صعبة معقد معقدة ضعيف ضعيفة مريض مريضة عيب مستحيل مرفوض رفضوا
     ناقص نقص لخبطة ملخبط`,
    n,
  ),
  ...weighted(-1, `آسف متأسف عذرا غالي غالية زحمة غريب`, n),
  // Neutral alone, a complaint when negated ("مش شغال", "ما يشتغل", "لا يعمل").
  ...weighted([0, -2], `شغال شغالة يشتغل تشتغل اشتغل يعمل تعمل زابط ظابط نافع ينفع ساعد يساعد`, n),
  ...weighted([1, -2], `فاد يفيد ساعدني ساعدتني`, n),
]);

/** Negation particles (MSA and colloquial), including fused forms "there is no …". */
export const AR_NEGATORS: ReadonlySet<string> = new Set(
  `مش مو مب ما لا ليس ليست لست لسنا لم لن غير بدون بلا مافي مافيش مفيش ماكو مهوش مهيش
   موب ماني مانيش`
    .split(/\s+/)
    .map(n),
);

/** Degree words; most follow the word they modify ("حلو جدا"), some precede ("مرة حلو"). */
export const AR_INTENSIFIERS: ReadonlyMap<string, number> = new Map(
  (
    [
      ['جدا', 1.5],
      ['جداً', 1.5],
      ['كتير', 1.5],
      ['كثير', 1.5],
      ['كثيرا', 1.5],
      ['مرة', 1.5],
      ['مره', 1.5],
      ['وايد', 1.5],
      ['واجد', 1.5],
      ['خالص', 1.5],
      ['أوي', 1.5],
      ['قوي', 1.3],
      ['بزاف', 1.5],
      ['للغاية', 1.7],
      ['تماما', 1.4],
      ['عنجد', 1.3],
      ['بجد', 1.3],
      ['كتييير', 1.8],
      ['شوي', 0.6],
      ['شوية', 0.6],
      ['شويه', 0.6],
      ['نوعا', 0.6],
      ['اكتر', 1.3],
      ['أكثر', 1.3],
    ] as const
  ).map(([w, f]) => [n(w), f]),
);

/** Contrast words: the clause after them outweighs the clause before. */
export const AR_CONTRAST: ReadonlySet<string> = new Set(
  ['لكن', 'ولكن', 'لاكن', 'بس', 'بينما'].map(n),
);

/** Fixed phrases matched before single words, with their valence. */
export const AR_PHRASES: readonly (readonly [string, number])[] = (
  [
    ['ما شاء الله', 2],
    ['ماشاء الله', 2],
    ['الحمد لله', 1],
    ['الحمدلله', 1],
    ['الله يعطيك العافية', 2],
    ['يعطيك العافية', 2],
    ['الله يسلمك', 1],
    ['الله يخليك', 1],
    ['ما قصرت', 2],
    ['ماقصرت', 2],
    ['ما تقصر', 2],
    ['لا بأس', 1],
    ['ولا يهمك', 1],
    ['لا شكرا', 0],
    ['يا سلام', 1.5],
    ['إن شاء الله', 0],
    ['ان شاء الله', 0],
    ['مع الأسف', -1.5],
    ['حسبي الله', -2],
    ['الله يسامحك', -1],
  ] as const
).map(([p, v]) => [n(p), v] as const);

/** Multi-word degree phrases, like AR_INTENSIFIERS. */
export const AR_DEGREE_PHRASES: readonly (readonly [string, number])[] = (
  [
    ['نوعا ما', 0.6],
    ['نوعاً ما', 0.6],
    ['الى حد ما', 0.6],
    ['إلى حد ما', 0.6],
  ] as const
).map(([p, v]) => [n(p), v] as const);
