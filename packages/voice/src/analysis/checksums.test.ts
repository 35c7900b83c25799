import { test } from 'node:test';
import assert from 'node:assert/strict';
import { emiratesIdValid, luhnValid, mod97Valid, saudiIdValid, ssnValid } from './checksums.ts';

const cases: [name: string, fn: (s: string) => boolean, input: string, expected: boolean][] = [
  ['Luhn: Visa test number', luhnValid, '4111111111111111', true],
  ['Luhn: Mastercard test number', luhnValid, '5555555555554444', true],
  ['Luhn: Amex 15 digits', luhnValid, '378282246310005', true],
  ['Luhn: last digit off by one', luhnValid, '4111111111111112', false],
  ['Luhn: textbook example', luhnValid, '79927398713', true],
  ['Luhn: textbook example, wrong check digit', luhnValid, '79927398710', false],
  ['Luhn: adjacent digits swapped', luhnValid, '79927398731', false],
  ['Luhn: non-digits', luhnValid, '4111-1111', false],
  ['mod-97: Saudi IBAN', mod97Valid, 'SA0380000000608010167519', true],
  ['mod-97: UK IBAN with letters in the BBAN', mod97Valid, 'GB82WEST12345698765432', true],
  ['mod-97: German IBAN', mod97Valid, 'DE89370400440532013000', true],
  ['mod-97: UAE IBAN', mod97Valid, 'AE070331234567890123456', true],
  ['mod-97: wrong check digits', mod97Valid, 'SA0480000000608010167519', false],
  ['mod-97: one BBAN digit changed', mod97Valid, 'GB82WEST12345698765433', false],
  ['mod-97: lower case accepted', mod97Valid, 'gb82west12345698765432', true],
  ['SSN: ordinary number', ssnValid, '123456789', true],
  ['SSN: area 000', ssnValid, '000456789', false],
  ['SSN: area 666', ssnValid, '666456789', false],
  ['SSN: area 9xx', ssnValid, '999456789', false],
  ['SSN: group 00', ssnValid, '123006789', false],
  ['SSN: serial 0000', ssnValid, '123450000', false],
  ['SSN: Woolworth wallet card', ssnValid, '078051120', false],
  ['SSN: 8 digits', ssnValid, '12345678', false],
  ['Saudi ID: citizen', saudiIdValid, '1123456780', true],
  ['Saudi ID: Iqama', saudiIdValid, '2109876546', true],
  ['Saudi ID: wrong check digit', saudiIdValid, '1123456781', false],
  ['Saudi ID: must start with 1 or 2', saudiIdValid, '3123456787', false],
  ['Emirates ID: valid', emiratesIdValid, '784198512345673', true],
  ['Emirates ID: wrong check digit', emiratesIdValid, '784198512345674', false],
  ['Emirates ID: not 784', emiratesIdValid, '785198512345672', false],
];

for (const [name, fn, input, expected] of cases) {
  test(`checksum: ${name}`, () => assert.equal(fn(input), expected));
}

test('Saudi ID check agrees with Luhn on 10-digit numbers starting 1 or 2', () => {
  let seed = 7;
  const rand = (): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % 10;
  let valid = 0;
  for (let n = 0; n < 2000; n++) {
    const id = String(1 + (n % 2)) + Array.from({ length: 9 }, rand).join('');
    assert.equal(saudiIdValid(id), luhnValid(id), id);
    if (luhnValid(id)) valid++;
  }
  // roughly one in ten random numbers carries a valid check digit
  assert.ok(valid > 120 && valid < 280, String(valid));
});
