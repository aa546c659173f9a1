import { formatPhoneAsYouType, phoneDigits } from '#shared/phone.ts';

/**
 * Reformats a phone field after an edit and says where the caret belongs: after the same number of digits
 * as before, so that typing or deleting in the middle of '(210) 867-5309' does not throw the caret to the end.
 */
export function reformatPhone(raw: string, caret: number): { value: string; caret: number } {
  const value = formatPhoneAsYouType(raw);
  const digitsBefore = phoneDigits(raw.slice(0, caret)).length;
  if (digitsBefore === 0) return { value, caret: 0 };
  let seen = 0;
  for (let i = 0; i < value.length; i++) {
    if (/\d/.test(value.charAt(i))) seen++;
    if (seen === digitsBefore) return { value, caret: i + 1 };
  }
  return { value, caret: value.length };
}
