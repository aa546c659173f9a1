import { expect, test } from 'vitest';
import { judgeName, nameProblem } from './name-heuristics.ts';

test.each([
  'Jane Doe',
  'Al',
  'Madonna',
  "Conan O'Brien",
  'D’Angelo Russell',
  'Jean-Luc Picard',
  'Mary-Kate Olsen',
  'José Álvarez',
  'Zoë Saldaña',
  'Björk Guðmundsdóttir',
  'Łukasz Żuraw',
  'François Hollande',
  'Martin Luther King Jr.',
  'J.R. Smith',
  'St. John Rivers',
  'Ng Wei',
  'Lynn Mkrtchyan',
  'Rebecca Schwartz',
  'Ludwig Hirschsprung',
  'Gerty Ewert',
  'Krzysztof Brzęczyszczykiewicz',
  'Nguyễn Văn An',
  'Иван Петров',
  '王伟',
  'محمد علي',
  // Persian and Sinhala spell with a zero-width non-joiner and joiner.
  'مهرداد\u200Cپور',
  'ශ්\u200Dරී Perera',
  'अंजलि शर्मा',
  'สมชาย ใจดี',
  '  Jane   Doe  ',
])('%j looks like a name', (name) => {
  expect(nameProblem(name)).toBeUndefined();
  expect(judgeName(name)).toBe('valid');
});

test.each([
  ['J', 'length'],
  ['', 'length'],
  [`${'A'.repeat(40)} ${'b'.repeat(40)}`, 'length'],
  ['john@example.com', 'link'],
  ['www.cheap-leads.com', 'link'],
  ['Visit http now', 'link'],
  ['buy.xyz', 'link'],
  ['John Smith 2', 'digits'],
  ['R2D2', 'digits'],
  ['John_Smith', 'characters'],
  ['<script>', 'characters'],
  ['John!!', 'characters'],
  ['john.doe', 'characters'],
  ['-Jane', 'characters'],
  ['J K', 'no-letter-pair'],
  ['Test User', 'placeholder'],
  ['foo bar', 'placeholder'],
  ['Aaaaron Smith', 'repeated-letter'],
  ['Jooooohn', 'repeated-letter'],
  ['asasas', 'repeated-chunk'],
  ['Jane Lalala', 'repeated-chunk'],
  ['asdfgh', 'keyboard-run'],
  ['Qwerty Jones', 'keyboard-run'],
  ['qwerty', 'placeholder'],
  ['Jane Poiuy', 'keyboard-run'],
  ['asdf Jones', 'keyboard-run'],
  ['abcdef Smith', 'keyboard-run'],
  ['Jane Xkcdfg', 'no-vowels'],
  ['Dskjfhglo Smith', 'consonant-run'],
  ['Dskjfhgl Smith', 'no-vowels'],
  ['Jane Asdkjfhgtl', 'consonant-run'],
])('%j is refused (%s)', (name, problem) => {
  expect(nameProblem(name)).toBe(problem);
  expect(judgeName(name)).toBe('invalid');
});
