import { expect, test } from 'vitest';
import { csvCell, csvRow } from './csv.ts';

test.each([
  ['=HYPERLINK("http://evil.example","click")', `"'=HYPERLINK(""http://evil.example"",""click"")"`],
  ['+1 210 867 5309', "'+1 210 867 5309"],
  ['-2+3', "'-2+3"],
  ['@SUM(A1:A9)', "'@SUM(A1:A9)"],
  ['\tcmd', "'\tcmd"],
  ['\r=1', `"'\r=1"`],
])('a cell that would start a formula, %j, is text: %s', (value, cell) => {
  expect(csvCell(value)).toBe(cell);
});

test('cells are quoted only when they hold a comma, a quote or a line break (RFC 4180)', () => {
  expect(csvCell('Jane Doe')).toBe('Jane Doe');
  expect(csvCell('Doe, Jane')).toBe('"Doe, Jane"');
  expect(csvCell('say "hi"')).toBe('"say ""hi"""');
  expect(csvCell('two\nlines')).toBe('"two\nlines"');
  expect(csvCell('a = b')).toBe('a = b');
  expect(csvCell(null)).toBe('');
  expect(csvCell(undefined)).toBe('');
  expect(csvCell(3)).toBe('3');
  expect(csvCell(-3)).toBe('-3');
  expect(csvRow(['a', null, 'b,c', 4])).toBe('a,,"b,c",4\r\n');
});
