import { expect, test } from 'vitest';
import { leadSearchTerms, SEARCH_WORDS_MAX, searchLookup, wordsOf } from './search-terms.ts';

test('words are letters and digits of any script, folded to lower case without accents', () => {
  expect(wordsOf('José O’Brien-Smith')).toEqual(['jose', 'o', 'brien', 'smith']);
  expect(wordsOf('ÅSA  Müller, 3rd')).toEqual(['asa', 'muller', '3rd']);
  expect(wordsOf('李 小龍')).toEqual(['李', '小龍']);
  expect(wordsOf('%_!')).toEqual([]);
});

test('a lead is found by its name, company and e-mail words, its address, and its number three ways', () => {
  expect(
    leadSearchTerms({
      full_name: 'Jane Smith',
      company_name: 'Smith & Co Realty',
      email: ' Jane.S@Example.com ',
      phone: '2108675309',
    }).sort(),
  ).toEqual(
    [
      'jane',
      'smith',
      'co',
      'realty',
      's',
      'example',
      'com',
      'jane.s@example.com',
      '2108675309',
      '8675309',
      '5309',
    ].sort(),
  );
  // A contact form's number that is not 10 digits is kept as its digits.
  expect(
    leadSearchTerms({ full_name: 'A B', company_name: null, email: 'a@b.co', phone: '44 20 7946 0958' }),
  ).toContain('442079460958');
});

test('a search is a whole number exactly, part of a number, an address start, or words', () => {
  expect(searchLookup('(210) 867-5309')).toEqual({ exact: '2108675309' });
  expect(searchLookup('1-210-867-5309')).toEqual({ exact: '2108675309' });
  expect(searchLookup('867-5309')).toEqual({ prefixes: ['8675309'] });
  // Digits of any script, as every phone field reads them (docs/product-rules.md#phone-numbers).
  expect(searchLookup('２１０ ８６７ ５３０９')).toEqual({ exact: '2108675309' });
  expect(searchLookup('٥٣٠٩')).toEqual({ prefixes: ['5309'] });
  expect(searchLookup(' Jane.S@Example ')).toEqual({ prefixes: ['jane.s@example'] });
  expect(searchLookup('Smith  JANE smith')).toEqual({ prefixes: ['smith', 'jane'] });
  expect(searchLookup('%')).toEqual({ prefixes: [] });
  expect(searchLookup('a b c d e f g h i j')).toEqual({ prefixes: [...'abcdefghij'].slice(0, SEARCH_WORDS_MAX) });
});
