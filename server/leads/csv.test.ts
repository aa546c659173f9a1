import { expect, test } from 'vitest';
import { csvCell, csvRow } from './csv.ts';

test.each([
  ['=HYPERLINK("http://evil.example","click")', `"'=HYPERLINK(""http://evil.example"",""click"")"`],
  ['+1 210 867 5309', "'+1 210 867 5309"],
  ['-2+3', "'-2+3"],
  ['@SUM(A1:A9)', "'@SUM(A1:A9)"],
  ['\tcmd', `"'\tcmd"`],
  ['\r=1', `"'\r'=1"`],
  [' =1+1', " '=1+1"],
  ['"=1+1"', `"""'=1+1"""`],
])('a cell that would start a formula, %j, is text: %s', (value, cell) => {
  expect(csvCell(value)).toBe(cell);
});

// A spreadsheet whose locale separates cells with `;` (or text pasted as tab-separated) ignores the quotes of a
// comma-separated file and splits the cell there: each piece that would start a formula is text too.
test.each([
  ['Acme;=1+1', `"Acme;'=1+1"`],
  ['Acme,+1', `"Acme,'+1"`],
  ['Mozilla/5.0\t-2+3', `"Mozilla/5.0\t'-2+3"`],
  ['Acme\r\n@SUM(A1)', `"Acme\r\n'@SUM(A1)"`],
  ['Acme; =1+1', `"Acme; '=1+1"`],
  ['Acme;"=1+1', `"Acme;""'=1+1"`],
  ['Acme;;=1;-1', `"Acme;;'=1;'-1"`],
])('a piece of a cell that another separator splits off, %j, is text: %s', (value, cell) => {
  expect(csvCell(value)).toBe(cell);
});

test('cells are quoted when they hold a separator of any common locale, a quote or a line break', () => {
  expect(csvCell('Jane Doe')).toBe('Jane Doe');
  expect(csvCell('Doe, Jane')).toBe('"Doe, Jane"');
  expect(csvCell('Doe; Jane')).toBe('"Doe; Jane"');
  expect(csvCell('Doe\tJane')).toBe('"Doe\tJane"');
  expect(csvCell('say "hi"')).toBe('"say ""hi"""');
  expect(csvCell('two\nlines')).toBe('"two\nlines"');
  expect(csvCell('a = b')).toBe('a = b');
  expect(csvCell('Smith-Jones Realty')).toBe('Smith-Jones Realty');
  expect(csvCell(null)).toBe('');
  expect(csvCell(undefined)).toBe('');
  expect(csvCell(3)).toBe('3');
  expect(csvCell(-3)).toBe('-3');
  expect(csvRow(['a', null, 'b,c', 4])).toBe('a,,"b,c",4\r\n');
});
