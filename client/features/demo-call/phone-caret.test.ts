import { expect, test } from 'vitest';
import { reformatPhone } from './phone-caret.ts';

test('typing digit by digit formats as (XXX) XXX-XXXX with the caret at the end', () => {
  let value = '';
  const seen: string[] = [];
  for (const digit of '2108675309') {
    const next = reformatPhone(value + digit, value.length + 1);
    expect(next.caret).toBe(next.value.length);
    value = next.value;
    seen.push(value);
  }
  expect(seen).toEqual([
    '(2',
    '(21',
    '(210',
    '(210) 8',
    '(210) 86',
    '(210) 867',
    '(210) 867-5',
    '(210) 867-53',
    '(210) 867-530',
    '(210) 867-5309',
  ]);
});

test('an eleventh digit is dropped and a pasted number with +1 is formatted', () => {
  expect(reformatPhone('(210) 867-53091', 15).value).toBe('(210) 867-5309');
  expect(reformatPhone('+1 210 867 5309', 15)).toEqual({ value: '(210) 867-5309', caret: 14 });
});

test('deleting over a separator still removes a digit on the next press', () => {
  // Backspace after '(210) ' leaves '(210)': three digits, no closing bracket to get stuck on.
  expect(reformatPhone('(210)', 5)).toEqual({ value: '(210', caret: 4 });
  expect(reformatPhone('(210) 867', 9)).toEqual({ value: '(210) 867', caret: 9 });
});

test('an edit in the middle keeps the caret after the same digits', () => {
  // The visitor typed 4 after '(210) 8' in '(210) 867-5309' (now 11 digits, the last is dropped).
  expect(reformatPhone('(210) 8467-5309', 8)).toEqual({ value: '(210) 846-7530', caret: 8 });
  // The visitor deleted the 6 of '(210) 867-5309'.
  expect(reformatPhone('(210) 87-5309', 7)).toEqual({ value: '(210) 875-309', caret: 7 });
  // Caret at the start stays there.
  expect(reformatPhone('2108675309', 0)).toEqual({ value: '(210) 867-5309', caret: 0 });
});

test('full-width digits typed with a Japanese keyboard become the number, the caret after the same digits', () => {
  expect(reformatPhone('２１０８６７５３０９', 10)).toEqual({ value: '(210) 867-5309', caret: 14 });
  // A full-width 4 typed after '(210) 8'.
  expect(reformatPhone('(210) 8４67-5309', 8)).toEqual({ value: '(210) 846-7530', caret: 8 });
});
