import { test } from 'node:test';
import assert from 'node:assert/strict';
import { NEUTRAL_THRESHOLD, analyzeSentiment, type SentimentLabel } from './sentiment.ts';

const cases: [text: string, expected: SentimentLabel][] = [
  // English
  ['The service was excellent, thank you so much!', 'positive'],
  ['I love this app', 'positive'],
  ['This is terrible, I hate it', 'negative'],
  ['I have a problem with my order', 'negative'],
  ['The agent was rude and unhelpful.', 'negative'],
  // negation
  ['not good', 'negative'],
  ["The food isn't good", 'negative'],
  ["I don't think it's good", 'negative'],
  ['never happy with this', 'negative'],
  ['not bad', 'positive'],
  ['no problem', 'positive'],
  ['It is not working', 'negative'],
  ['I would not recommend this', 'negative'],
  ['no thanks', 'neutral'],
  // contrast
  ['The food was great but the service was terrible', 'negative'],
  ['The app is slow but the support team was very helpful', 'positive'],
  // questions and plain statements
  ['What time does the store open?', 'neutral'],
  ['Is the service good?', 'neutral'],
  ['Can you help me with my booking?', 'neutral'],
  ['Why is this so bad?', 'negative'],
  ['I want to book a table for two', 'neutral'],
  ['I work at a bank', 'neutral'],
  ['ok', 'neutral'],
  // Arabic, MSA
  ['الخدمة ممتازة شكرا', 'positive'],
  ['هذا المنتج سيء للغاية', 'negative'],
  ['الموظف لطيف ومفيد', 'positive'],
  ['ليس جيدا', 'negative'],
  ['لم يعجبني الفندق', 'negative'],
  ['لا يعمل التطبيق', 'negative'],
  ['هل الخدمة جيدة؟', 'neutral'],
  ['متى يفتح المحل؟', 'neutral'],
  ['ما أجمل هذا المكان', 'positive'],
  // Arabic, colloquial (Gulf, Levantine, Egyptian)
  ['والله الخدمة حلوة مرة', 'positive'],
  ['زين وايد، يعطيك العافية', 'positive'],
  ['انا مبسوط كتير', 'positive'],
  ['الأكل كويس أوي', 'positive'],
  ['مش حلو', 'negative'],
  ['مو زين', 'negative'],
  ['ماعجبنيش الأكل', 'negative'],
  ['والمشكلة إنه ما رد علي', 'negative'],
  ['أنا زعلان وتعبان من التأخير', 'negative'],
  ['مش شغال من امبارح', 'negative'],
  ['ما في مشكلة', 'positive'],
  ['مافي مشكلة أبدا', 'positive'],
  ['الموظف كان لطيف بس التطبيق بطيء', 'negative'],
  ['التطبيق بطيء لكن الموظف ممتاز', 'positive'],
  ['لا شكرا', 'neutral'],
  ['بدي احجز موعد بكرة', 'neutral'], // بكرة (tomorrow) is not ب + كره (hate)
  ['احنا مبسوطين من الخدمة', 'positive'],
  ['الحمد لله بخير', 'positive'],
  // mixed Arabic + English
  ['the delivery was ممتاز but the app is بطيء جدا', 'negative'],
  ['شكرا كتير the support was great', 'positive'],
  ['الخدمة was not good', 'negative'],
  ['I love it 😍', 'positive'],
];

for (const [text, expected] of cases) {
  test(`sentiment: ${text}`, () => assert.equal(analyzeSentiment(text).label, expected));
}

test('score stays in -1..1 and agrees with the label', () => {
  const long = 'excellent amazing wonderful perfect '.repeat(50);
  const s = analyzeSentiment(long).score;
  assert.ok(s > 0.9 && s <= 1, String(s));
  const n = analyzeSentiment('terrible awful horrible '.repeat(50)).score;
  assert.ok(n < -0.9 && n >= -1, String(n));
  assert.deepEqual(analyzeSentiment(''), { label: 'neutral', score: 0 });
  for (const [text] of cases) {
    const r = analyzeSentiment(text);
    const expected =
      Math.abs(r.score) < NEUTRAL_THRESHOLD ? 'neutral' : r.score > 0 ? 'positive' : 'negative';
    assert.equal(r.label, expected, text);
  }
});

test('intensifiers and negation change the magnitude', () => {
  const good = analyzeSentiment('good').score;
  assert.ok(analyzeSentiment('very good').score > good);
  assert.ok(analyzeSentiment('حلو جدا').score > analyzeSentiment('حلو').score);
  assert.ok(analyzeSentiment('slightly good').score < good);
  // "not bad" is weaker than "good", "not good" weaker than "bad"
  assert.ok(analyzeSentiment('not bad').score < good);
  assert.ok(analyzeSentiment('not good').score > analyzeSentiment('bad').score);
  // the negation window is three words, and a comma ends it
  assert.equal(analyzeSentiment('no, it is great').label, 'positive');
  assert.equal(analyzeSentiment('not that I would ever say it was great').label, 'positive');
});
