// Each detector on its own, over the shared context, before overlap resolution.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  createContext,
  findDigitChains,
  type Candidate,
  type DetectionContext,
} from './context.ts';
import { cardWindows, detectCreditCards, isCardNumber } from './credit-card.ts';
import { detectDatesOfBirth } from './date-of-birth.ts';
import { detectEmails } from './email.ts';
import { IBAN_LENGTHS, detectIbans } from './iban.ts';
import { detectIpAddresses, ipv4Valid, ipv6Valid } from './ip-address.ts';
import { detectNationalIds, nationalIdKind } from './national-id.ts';
import {
  detectPhoneNumbers,
  isInternationalNumber,
  isNationalNumber,
  isPhoneChain,
  looksLikeDate,
} from './phone.ts';
import { DEFAULT_PHONE_REGIONS, phoneRegions } from './regions.ts';

function run(detect: (ctx: DetectionContext) => Candidate[], text: string): string[] {
  return detect(createContext(text)).map((c) => text.slice(c.start, c.end));
}

function chain(view: string) {
  const [c, ...rest] = findDigitChains(view);
  assert.ok(c, `no chain in ${view}`);
  assert.equal(rest.length, 0);
  return c;
}

test('digit chains: groups, separators, plus and parentheses', () => {
  const c = chain('call +1 (415) 555-2671.');
  assert.equal(c.plus, true);
  assert.equal(c.digits, '14155552671');
  assert.deepEqual(c.separators, [' (', ') ', '-']);
  assert.equal('call +1 (415) 555-2671.'.slice(c.start, c.end), '+1 (415) 555-2671');
  // glued to Latin letters: a code, not a number
  assert.deepEqual(findDigitChains('ref A1234567 and 1990s'), []);
  // two numbers separated by a word are two chains
  assert.equal(findDigitChains('050 1234 or 055 9876').length, 2);
});

const phoneCases: [string, boolean][] = [
  ['+966 50 123 4567', true],
  ['+0 123 456 789', false], // no country code starts with 0
  ['+12 345', false], // too short for E.164
  ['0501234567', true],
  ['123456', false],
  ['1234567890123', false], // 13 digits without + is not a national number
  ['12-05-1990', false],
  ['1990.05.12', false],
  ['256.1.1.1', false],
  ['3.14159265', false],
  ['7777777', false],
  ['999-45-6789', false],
];
for (const [view, expected] of phoneCases) {
  test(`phone chain ${view} → ${expected}`, () =>
    assert.equal(isPhoneChain(chain(view)), expected));
}

test('date shapes', () => {
  assert.equal(looksLikeDate(chain('31-12-1999')), true);
  assert.equal(looksLikeDate(chain('2024-02-29')), true);
  assert.equal(looksLikeDate(chain('050-123-4567')), false);
  assert.equal(looksLikeDate(chain('40-40-1999')), false);
});

test('phone detector over spoken and written text', () => {
  assert.deepEqual(run(detectPhoneNumbers, 'oh five five one two three four five six seven'), [
    'oh five five one two three four five six seven',
  ]);
  // seven digits, but no number of any default region's plan
  assert.deepEqual(run(detectPhoneNumbers, 'one two three four five six seven'), []);
  assert.deepEqual(run(detectPhoneNumbers, 'one two three four five six'), []);
});

test('national numbers: valid in the region and said with its trunk prefix', () => {
  assert.equal(isNationalNumber('0551234567', 'SA'), true);
  assert.equal(isNationalNumber('551234567', 'SA'), false); // no leading 0
  assert.equal(isNationalNumber('0523456789', 'SA'), false); // 052 is no Saudi mobile range
  assert.equal(isNationalNumber('0523456789', 'AE'), true);
  assert.equal(isNationalNumber('4155552671', 'US'), true); // the US dials no trunk prefix
  assert.equal(isNationalNumber('1234567', 'US'), false);
  assert.equal(isInternationalNumber('966551234567'), true);
  assert.equal(isInternationalNumber('97141234567'), false); // Dubai numbers do not start 41
  assert.equal(isPhoneChain(chain('079 123 4567')), false);
  assert.equal(isPhoneChain(chain('079 123 4567'), ['JO']), true);
});

test('phone regions from session languages, then the defaults', () => {
  assert.deepEqual(phoneRegions(['ar-JO', 'en-US']), ['JO', 'US', 'SA', 'AE', 'EG', 'GB']);
  assert.deepEqual(phoneRegions(['ar']), ['EG', 'SA', 'AE', 'US', 'GB']); // likely region
  assert.deepEqual(phoneRegions(['not a tag!']), [...DEFAULT_PHONE_REGIONS]);
  assert.deepEqual(phoneRegions(undefined), [...DEFAULT_PHONE_REGIONS]);
});

test('card numbers: Luhn, length, industry digit', () => {
  assert.equal(isCardNumber('4111111111111111'), true);
  assert.equal(isCardNumber('4111111111111112'), false);
  assert.equal(isCardNumber('411111111111'), false); // 12 digits
  assert.equal(isCardNumber('0000000000000000'), false); // Luhn-valid but one repeated digit
  assert.equal(isCardNumber('784198512345673'), false); // Emirates ID: industry digit 7
  // a trailing CVV or a leading count does not hide the card
  const c = chain('2 4111 1111 1111 1111 737');
  assert.deepEqual(cardWindows(c), [{ first: 1, last: 4 }]);
  assert.deepEqual(run(detectCreditCards, 'cards: 4111-1111-1111-1111 and 5555 5555 5555 4444'), [
    '4111-1111-1111-1111',
    '5555 5555 5555 4444',
  ]);
  // dots are not card separators
  assert.deepEqual(run(detectCreditCards, '4111.1111.1111.1111'), []);
});

test('national IDs need the whole chain', () => {
  assert.equal(nationalIdKind(chain('123-45-6789'), ''), 'ssn');
  assert.equal(nationalIdKind(chain('123-45 6789'), ''), undefined); // mixed separators
  assert.equal(nationalIdKind(chain('123456789'), 'my ssn is '), 'ssn');
  assert.equal(nationalIdKind(chain('123456789'), 'my order is '), undefined);
  assert.equal(nationalIdKind(chain('1123456780'), ''), 'saudi');
  assert.equal(nationalIdKind(chain('112 345 6780'), ''), undefined);
  assert.equal(nationalIdKind(chain('112 345 6780'), 'رقم الهوية '), 'saudi');
  assert.equal(nationalIdKind(chain('+1123456780'), ''), undefined);
  assert.equal(nationalIdKind(chain('784198512345673'), ''), 'emirates');
  assert.equal(nationalIdKind(chain('784-1985-1234567-3'), ''), 'emirates');
  assert.deepEqual(run(detectNationalIds, 'هويتي ١١٢٣٤٥٦٧٨٠'), ['١١٢٣٤٥٦٧٨٠']);
});

test('IBAN: registry lengths and spelled-out country letters', () => {
  assert.equal(IBAN_LENGTHS.get('SA'), 24);
  assert.equal(IBAN_LENGTHS.get('GB'), 22);
  assert.deepEqual(run(detectIbans, 'AE07 0331 2345 6789 0123 456'), [
    'AE07 0331 2345 6789 0123 456',
  ]);
  assert.deepEqual(
    run(
      detectIbans,
      'my iban is S A zero three eight zero zero zero zero zero zero zero six zero eight zero one zero one six seven five one nine',
    ),
    [
      'S A zero three eight zero zero zero zero zero zero zero six zero eight zero one zero one six seven five one nine',
    ],
  );
  // the right length but glued to more characters
  assert.deepEqual(run(detectIbans, 'SA0380000000608010167519X'), []);
  // unknown country
  assert.deepEqual(run(detectIbans, 'ZZ03 8000 0000 6080 1016 7519'), []);
  // mod-97 holds but the BBAN breaks the country's structure (UAE: 19 digits)
  assert.deepEqual(run(detectIbans, 'AE33 A331 2345 6789 0123 456'), []);
});

test('IP validators', () => {
  assert.equal(ipv4Valid('0.0.0.0'), true);
  assert.equal(ipv4Valid('255.255.255.255'), true);
  assert.equal(ipv4Valid('255.255.255.256'), false);
  assert.equal(ipv4Valid('01.2.3.4'), false);
  assert.equal(ipv6Valid('::1'), true);
  assert.equal(ipv6Valid('::ffff:192.0.2.1'), true);
  assert.equal(ipv6Valid('::'), false); // no hex digit: not worth reporting
  assert.equal(ipv6Valid('1:2:3:4:5:6:7:8:9'), false);
  assert.deepEqual(run(detectIpAddresses, 'a 1.2.3.4.5 b'), []); // five parts: not an address
});

test('e-mail and date-of-birth detectors', () => {
  assert.deepEqual(run(detectEmails, 'a@b.io and x at y dot io'), ['a@b.io', 'x at y dot io']);
  assert.deepEqual(run(detectDatesOfBirth, 'DOB 1990-05-12'), ['1990-05-12']);
  assert.deepEqual(run(detectDatesOfBirth, 'born on the twenty-first of May 1985'), [
    'twenty-first of May 1985',
  ]);
  assert.deepEqual(run(detectDatesOfBirth, 'ولدت في 3 يناير 2001'), ['3 يناير 2001']);
  assert.deepEqual(run(detectDatesOfBirth, 'born on 12/05/2999'), []); // in the future
});
