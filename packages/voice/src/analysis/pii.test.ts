import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PII_CATEGORIES, detectPII, resolveOverlaps, type PIICategory } from './pii.ts';

type Expected = [PIICategory, string][];

/** Category and the exact original text each reported span covers. */
function found(text: string): Expected {
  return detectPII(text).map((p) => [p.category, text.slice(p.offset, p.offset + p.length)]);
}

const AR_CARD = 'أربعة واحد واحد واحد واحد واحد واحد واحد واحد واحد واحد واحد واحد واحد واحد واحد';

const cases: [name: string, text: string, expected: Expected][] = [
  // email
  [
    'written e-mail',
    'write to john.smith@example.com today',
    [['email', 'john.smith@example.com']],
  ],
  ['e-mail at sentence end', 'It is Jane_Doe99@mail.co.uk.', [['email', 'Jane_Doe99@mail.co.uk']]],
  [
    'spoken e-mail',
    'my email is john dot smith at example dot com thanks',
    [['email', 'john dot smith at example dot com']],
  ],
  [
    'spoken e-mail with Arabic connectors',
    'ايميلي john آت gmail دوت com',
    [['email', 'john آت gmail دوت com']],
  ],
  ['"look at this dot com" is not an address', 'look at this dot com', []],
  ['"meet me at google dot com" is not an address', 'meet me at google dot com', []],
  ['spoken address needs a known TLD', 'bob at home dot zzz', []],
  ['no TLD, no e-mail', 'user@localhost is fine', []],
  // phone
  ['international phone', 'call +966 50 123 4567 now', [['phone_number', '+966 50 123 4567']]],
  ['US format with parentheses', 'call +1 (415) 555-2671', [['phone_number', '+1 (415) 555-2671']]],
  ['national format with dashes', 'ring 050-123-4567 please', [['phone_number', '050-123-4567']]],
  ['00 international prefix', 'dial 00971 4 331 2000', [['phone_number', '00971 4 331 2000']]],
  ["a number outside its country's plan", 'dial 00971 4 123 4567', []],
  ['an order number is not a phone', 'order number 48213307 shipped', []],
  ['a postcode and its extension are not a phone', 'postal code 12271 3452', []],
  ['a counting sequence is not a phone', 'one two three four five six seven, ready', []],
  [
    'spoken English digits with "oh" and "double"',
    'my number is oh five double five, one two three, four five six seven okay',
    [['phone_number', 'oh five double five, one two three, four five six seven']],
  ],
  [
    'spoken "plus" international number',
    'plus nine six six five oh one two three four five six seven',
    [['phone_number', 'plus nine six six five oh one two three four five six seven']],
  ],
  [
    'Arabic number words',
    'رقمي صفر خمسة خمسة واحد اثنين ثلاثة أربعة خمسة ستة سبعة شكرا',
    [['phone_number', 'صفر خمسة خمسة واحد اثنين ثلاثة أربعة خمسة ستة سبعة']],
  ],
  [
    'colloquial Arabic number words',
    'اتصل على صفر خمسة اتنين تلاتة اربع خمس ست سبع تمانية تسعة',
    [['phone_number', 'صفر خمسة اتنين تلاتة اربع خمس ست سبع تمانية تسعة']],
  ],
  ['Arabic-Indic digits', 'رقمي ٠٥٥١٢٣٤٥٦٧ من فضلك', [['phone_number', '٠٥٥١٢٣٤٥٦٧']]],
  ['Eastern Arabic-Indic digits', 'شماره ۰۹۱۲۳۴۵۶۷۸۹', [['phone_number', '۰۹۱۲۳۴۵۶۷۸۹']]],
  ['six digits are not a phone', 'order 123456 shipped', []],
  ['an amount is not a phone', 'I paid 450 riyals in 2023', []],
  ['a date is not a phone', 'the meeting is on 12-05-2024', []],
  // credit card
  ['Visa with spaces', 'card 4111 1111 1111 1111 thanks', [['credit_card', '4111 1111 1111 1111']]],
  ['Mastercard with dashes', 'card 5555-5555-5555-4444', [['credit_card', '5555-5555-5555-4444']]],
  ['Amex 4-6-5', 'amex 3782 822463 10005', [['credit_card', '3782 822463 10005']]],
  ['card failing Luhn', 'card 4111 1111 1111 1112 thanks', []],
  ['random 16 digits failing Luhn', 'ref 1234567812345678', []],
  [
    'spoken English card digits',
    'it is four one one one, one one one one, one one one one, one one one one and expiry oh five',
    [['credit_card', 'four one one one, one one one one, one one one one, one one one one']],
  ],
  [
    'spoken Arabic card digits',
    `رقم البطاقة ${AR_CARD} وتاريخ الانتهاء`,
    [['credit_card', AR_CARD]],
  ],
  [
    'Arabic-Indic card digits',
    'البطاقة ٤١١١ ١١١١ ١١١١ ١١١١',
    [['credit_card', '٤١١١ ١١١١ ١١١١ ١١١١']],
  ],
  // IBAN
  [
    'Saudi IBAN',
    'IBAN SA03 8000 0000 6080 1016 7519 please',
    [['iban', 'SA03 8000 0000 6080 1016 7519']],
  ],
  [
    'UK IBAN with letters',
    'pay GB82 WEST 1234 5698 7654 32.',
    [['iban', 'GB82 WEST 1234 5698 7654 32']],
  ],
  ['compact German IBAN', 'DE89370400440532013000', [['iban', 'DE89370400440532013000']]],
  ['IBAN with wrong check digits', 'IBAN SA04 8000 0000 6080 1016 7519', []],
  ['IBAN one character short', 'IBAN SA03 8000 0000 6080 1016 751', []],
  // mod-97 holds, but a UK BBAN starts with four letters (the bank) and a German one is digits
  ['IBAN with a BBAN of the wrong structure', 'account GB26 1234 5698 7654 3210 12', []],
  ['German IBAN with a letter', 'IBAN DE63 3704 0044 0532 0130 0X', []],
  // national ID
  ['US SSN', 'my SSN is 123-45-6789', [['national_id', '123-45-6789']]],
  ['SSN with spaces', 'ssn 123 45 6789', [['national_id', '123 45 6789']]],
  [
    'spoken SSN after a cue',
    'social security number one two three four five six seven eight nine',
    [['national_id', 'one two three four five six seven eight nine']],
  ],
  ['SSN area 999', 'ssn 999-45-6789', []],
  ['SSN area 666', 'ssn 666-12-3456', []],
  ['SSN group 00', 'ssn 123-00-6789', []],
  ['Saudi national ID', 'رقم الهوية 1123456780', [['national_id', '1123456780']]],
  ['Iqama', 'my iqama is 2109876546', [['national_id', '2109876546']]],
  ['Saudi ID in Arabic-Indic digits', 'الهوية ١١٢٣٤٥٦٧٨٠', [['national_id', '١١٢٣٤٥٦٧٨٠']]],
  ['Saudi-looking ID failing the check is not reported', 'ID 1123456781', []],
  ['Emirates ID', 'Emirates ID 784-1985-1234567-3', [['national_id', '784-1985-1234567-3']]],
  ['Emirates ID wrong check digit', 'Emirates ID 784-1985-1234567-4', []],
  // IP
  ['IPv4', 'server 192.168.1.10 is down', [['ip_address', '192.168.1.10']]],
  ['IPv4 at sentence end', 'ping 8.8.8.8.', [['ip_address', '8.8.8.8']]],
  ['octet out of range', 'host 256.1.1.1 bad', []],
  ['leading zero octet', 'host 192.168.01.1', []],
  [
    'spoken IPv4',
    'connect to one nine two dot one six eight dot one dot one',
    [['ip_address', 'one nine two dot one six eight dot one dot one']],
  ],
  [
    'full IPv6',
    'addr 2001:0db8:85a3:0000:0000:8a2e:0370:7334 ok',
    [['ip_address', '2001:0db8:85a3:0000:0000:8a2e:0370:7334']],
  ],
  [
    'compressed IPv6 with zone',
    'use fe80::1%eth0 or 2001:db8::1',
    [
      ['ip_address', 'fe80::1%eth0'],
      ['ip_address', '2001:db8::1'],
    ],
  ],
  ['clock time is not IPv6', 'at 10:30:45 today', []],
  ['MAC address is not IPv6', 'mac 00:1A:2B:3C:4D:5E', []],
  // date of birth
  ['DOB numeric', 'I was born on 12/05/1990.', [['date_of_birth', '12/05/1990']]],
  ['DOB month name', 'date of birth: March 3rd, 1990', [['date_of_birth', 'March 3rd, 1990']]],
  [
    'DOB spoken',
    'born on the fifth of March nineteen ninety',
    [['date_of_birth', 'fifth of March nineteen ninety']],
  ],
  ['DOB Arabic', 'تاريخ الميلاد ١٥/٠٣/١٩٩٠', [['date_of_birth', '١٥/٠٣/١٩٩٠']]],
  ['DOB Arabic month name', 'مواليد 15 مارس 1990', [['date_of_birth', '15 مارس 1990']]],
  ['a date without a birth cue', 'the invoice is dated 12/05/1990', []],
  ['impossible birth date', 'born on 45/13/1990', []],
  // mixed and offsets
  [
    'mixed Arabic + English with e-mail and phone',
    'ممكن تتواصل معي على john.smith@example.com أو على الرقم 0551234567 شكرا',
    [
      ['email', 'john.smith@example.com'],
      ['phone_number', '0551234567'],
    ],
  ],
  [
    'spoken e-mail and Arabic spoken phone in one sentence',
    'ايميلي sara at outlook dot com ورقمي صفر خمسة خمسة واحد اثنين ثلاثة أربعة خمسة ستة سبعة',
    [
      ['email', 'sara at outlook dot com'],
      ['phone_number', 'صفر خمسة خمسة واحد اثنين ثلاثة أربعة خمسة ستة سبعة'],
    ],
  ],
  ['nothing personal', 'What is the weather like in Riyadh tomorrow?', []],
  ['empty text', '', []],
];

for (const [name, text, expected] of cases) {
  test(`detectPII: ${name}`, () => assert.deepEqual(found(text), expected));
}

test('national phone numbers are read in the plans of the session languages and the defaults', () => {
  const jordan = 'رقمي ٠٧٩ ١٢٣ ٤٥٦٧';
  assert.deepEqual(detectPII(jordan), [], 'not a number of SA, AE, EG, US or GB');
  assert.deepEqual(detectPII(jordan, { languages: ['ar-JO'] }), [
    { category: 'phone_number', offset: 5, length: 12 },
  ]);
  // a Saudi mobile in an English-only session: the default regions still include SA
  assert.equal(detectPII('call 055 123 4567', { languages: ['en-US'] }).length, 1);
  // a Persian number, read in Iran's plan
  assert.equal(detectPII('شماره ۰۹۱۲۳۴۵۶۷۸۹', { languages: ['fa'] }).length, 1);
});

test('offsets are UTF-16 code units: emoji before a match', () => {
  const text = '👋🏽 hi, my number is 050 123 4567';
  const [item, ...rest] = detectPII(text);
  assert.equal(rest.length, 0);
  // 👋🏽 is two code points but four UTF-16 code units
  assert.deepEqual(item, { category: 'phone_number', offset: 22, length: 12 });
  const card = detectPII('😀😀 4111111111111111');
  assert.deepEqual(card, [{ category: 'credit_card', offset: 5, length: 16 }]);
});

test('results are sorted by offset and never overlap', () => {
  const text =
    'mail a@b.com, card 4111 1111 1111 1111, ip 10.0.0.1, iban GB82 WEST 1234 5698 7654 32, phone +44 20 7946 0958';
  const items = detectPII(text);
  assert.deepEqual(
    items.map((i) => i.category),
    ['email', 'credit_card', 'ip_address', 'iban', 'phone_number'],
  );
  for (let k = 1; k < items.length; k++) {
    const prev = items[k - 1]!;
    assert.ok(prev.offset + prev.length <= items[k]!.offset);
  }
});

test('overlaps keep the more specific category, then the longer span', () => {
  assert.deepEqual(
    resolveOverlaps([
      { category: 'phone_number', start: 0, end: 20 },
      { category: 'credit_card', start: 2, end: 18 },
      { category: 'phone_number', start: 25, end: 30 },
      { category: 'phone_number', start: 24, end: 35 },
    ]),
    [
      { category: 'credit_card', offset: 2, length: 16 },
      { category: 'phone_number', offset: 24, length: 11 },
    ],
  );
});

test('every category is documented in the README', async () => {
  const { readFile } = await import('node:fs/promises');
  const readme = await readFile(new URL('./README.md', import.meta.url), 'utf8');
  for (const c of PII_CATEGORIES) assert.ok(readme.includes(`\`${c}\``), c);
});
