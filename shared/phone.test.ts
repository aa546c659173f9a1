import { expect, test } from 'vitest';
import { cleanPhone, formatPhone, formatPhoneAsYouType, isTenDigitPhone, toE164 } from './phone.ts';

test.each([
  ['(210) 867-5309', '2108675309'],
  ['210.867.5309', '2108675309'],
  ['+1 210 867 5309', '2108675309'],
  ['12108675309', '2108675309'],
  ['1-210-867-5309', '2108675309'],
  // 11 digits not starting with 1 keep every digit, and are then not 10 digits.
  ['22108675309', '22108675309'],
  // A leading 1 is dropped only from exactly 11 digits.
  ['1210867530', '1210867530'],
  ['', ''],
  ['call me', ''],
  // Digits of any script count as the digits they are: full-width (a Japanese keyboard), Arabic-Indic,
  // Devanagari, and mathematical monospace, whose run of ten follows four others.
  ['（２１０）８６７－５３０９', '2108675309'],
  ['＋１ ２１０ ８６７ ５３０９', '2108675309'],
  ['٢١٠ ٨٦٧ ٥٣٠٩', '2108675309'],
  ['२१० ८६७ ५३०९', '2108675309'],
  ['𝟸𝟷𝟶 𝟾𝟼𝟽 𝟻𝟹𝟶𝟿', '2108675309'],
  ['210 ８６７ 5309', '2108675309'],
  // Invisible and format characters pasted along are not digits either: they go.
  ['\u200b(210)\u2060 867-5309\u202e', '2108675309'],
  ['\u200f٢١٠\u200f ٨٦٧ ٥٣٠٩', '2108675309'],
  // Other numerals are not digits: superscripts, circled and Roman numerals, fractions.
  ['²¹⁰ ⑧⑥⑦ Ⅴ ½', ''],
])('cleanPhone(%j) is %j', (input, expected) => {
  expect(cleanPhone(input)).toBe(expected);
});

test('exactly ten digits is valid, anything else is not', () => {
  expect(isTenDigitPhone('2108675309')).toBe(true);
  expect(isTenDigitPhone(cleanPhone('+1 (210) 867-5309'))).toBe(true);
  expect(isTenDigitPhone('210867530')).toBe(false);
  expect(isTenDigitPhone('21086753090')).toBe(false);
  expect(isTenDigitPhone('210867530x')).toBe(false);
  expect(isTenDigitPhone('')).toBe(false);
});

test.each([
  ['', ''],
  ['2', '(2'],
  ['210', '(210'],
  ['2108', '(210) 8'],
  ['210867', '(210) 867'],
  ['2108675', '(210) 867-5'],
  ['2108675309', '(210) 867-5309'],
  ['21086753091234', '(210) 867-5309'],
  ['(210) 867-53', '(210) 867-53'],
  ['+1 210 867 5309', '(210) 867-5309'],
  ['abc', ''],
])('formatPhoneAsYouType(%j) is %j', (input, expected) => {
  expect(formatPhoneAsYouType(input)).toBe(expected);
});

test('formatting is stable: formatting a formatted number changes nothing', () => {
  for (const input of ['2', '210', '2108', '2108675', '2108675309']) {
    const once = formatPhoneAsYouType(input);
    expect(formatPhoneAsYouType(once)).toBe(once);
  }
});

test('toE164 adds +1 to ten digits and refuses anything else', () => {
  expect(toE164('2108675309')).toBe('+12108675309');
  expect(() => toE164('210867530')).toThrow(RangeError);
});

test('a stored number reads as (XXX) XXX-XXXX; one that is not 10 digits is shown as stored', () => {
  expect(formatPhone('2108675309')).toBe('(210) 867-5309');
  expect(formatPhone('442079460958')).toBe('442079460958');
  expect(formatPhone('')).toBe('');
});
