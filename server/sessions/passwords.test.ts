import { expect, test } from 'vitest';
import { passwordMatches } from './passwords.ts';

test('only the exact password matches, whatever the lengths', () => {
  expect(passwordMatches('correct horse', 'correct horse')).toBe(true);
  expect(passwordMatches('correct hors', 'correct horse')).toBe(false);
  expect(passwordMatches('correct horse!', 'correct horse')).toBe(false);
  expect(passwordMatches('', 'correct horse')).toBe(false);
  expect(passwordMatches('Correct horse', 'correct horse')).toBe(false);
  expect(passwordMatches('pässwörd', 'pässwörd')).toBe(true);
});
