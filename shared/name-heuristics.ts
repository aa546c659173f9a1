// The offline name check, used when no name service is configured (docs/product-rules.md#lead-checks): real
// people's names in any script pass; URLs, e-mails, digits, placeholders and keyboard mashing do not. It answers
// as the name service does: 'valid' | 'invalid'.
export type NameVerdict = 'valid' | 'invalid';

export type NameProblem =
  | 'length'
  | 'link'
  | 'digits'
  | 'characters'
  | 'no-letter-pair'
  | 'placeholder'
  | 'repeated-letter'
  | 'repeated-chunk'
  | 'keyboard-run'
  | 'no-vowels'
  | 'consonant-run';

export const NAME_MIN_LENGTH = 2;
export const NAME_MAX_LENGTH = 80;

// A word of a name: letters with inner apostrophes or hyphens (O'Neil, Jean-Luc, D’Angelo), an optional
// closing period (Jr., St.), or initials such as J.R. Letters include the zero-width joiner and non-joiner that
// Persian and the Indic scripts spell with; the form's schema has already dropped them anywhere else
// (docs/product-rules.md#hidden-characters).
const WORD = /^(?:[\p{L}\p{M}\u200C\u200D]+(?:['’-][\p{L}\p{M}\u200C\u200D]+)*\.?|(?:\p{L}\.)+)$/u;
const LINK = /@|:\/\/|\bwww\.|\bhttps?\b|\.(?:com|net|org|io|ru|info|biz|xyz|co|us)\b/iu;
const ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm', 'abcdefghijklmnopqrstuvwxyz'];
const PLACEHOLDERS = new Set([
  'test',
  'testing',
  'tester',
  'asdf',
  'qwerty',
  'fake',
  'none',
  'null',
  'undefined',
  'anonymous',
  'nobody',
  'noname',
  'foo',
  'bar',
  'baz',
  'abc',
  'xyz',
  'sample',
  'example',
  'user',
  'name',
  'first',
  'last',
  'firstname',
  'lastname',
]);
// Five letters in keyboard or alphabet order anywhere is mashing; four is common inside real names
// (Gerty, Ewert), so four only counts when it is the whole word (asdf).
const RUNS_ANYWHERE = keyboardRuns(5);
const RUNS_WHOLE_WORD = keyboardRuns(4);

function keyboardRuns(length: number): Set<string> {
  const runs = new Set<string>();
  for (const row of ROWS) {
    for (const line of [row, [...row].reverse().join('')]) {
      for (let i = 0; i + length <= line.length; i++) runs.add(line.slice(i, i + length));
    }
  }
  return runs;
}

function hasRun(word: string, runs: Set<string>, length: number): boolean {
  for (let i = 0; i + length <= word.length; i++) if (runs.has(word.slice(i, i + length))) return true;
  return false;
}

/** Lower case without accents, for the checks that only make sense in the Latin alphabet. */
function latinLetters(word: string): string | undefined {
  const plain = word
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’.-]/g, '');
  return /^[a-z]+$/.test(plain) ? plain : undefined;
}

function mashingIn(word: string): NameProblem | undefined {
  const latin = latinLetters(word);
  if (latin === undefined) return undefined;
  if (hasRun(latin, RUNS_ANYWHERE, 5) || (latin.length === 4 && RUNS_WHOLE_WORD.has(latin))) return 'keyboard-run';
  // 'y' is a vowel in names (Lynn, Mkrtchyan); five letters without one is not a name (Ng and Vlk are short).
  if (latin.length >= 5 && !/[aeiouy]/.test(latin)) return 'no-vowels';
  // Real surnames reach seven consonants in a row (Hirschsprung); eight is a hand on the keyboard.
  if (/[^aeiouy]{8,}/.test(latin)) return 'consonant-run';
  return undefined;
}

/** Why a full name looks invalid, or undefined when it looks like a person's name. */
export function nameProblem(fullName: string): NameProblem | undefined {
  const name = fullName.normalize('NFC').trim().replace(/\s+/gu, ' ');
  const length = [...name].length;
  if (length < NAME_MIN_LENGTH || length > NAME_MAX_LENGTH) return 'length';
  if (LINK.test(name)) return 'link';
  if (/\p{N}/u.test(name)) return 'digits';
  const words = name.split(' ');
  if (!words.every((word) => WORD.test(word))) return 'characters';
  if (!/\p{L}{2}/u.test(name)) return 'no-letter-pair';
  const lower = name.toLowerCase();
  if (words.every((word) => PLACEHOLDERS.has(word.toLowerCase().replace(/\.$/, '')))) return 'placeholder';
  if (/(\p{L})\1{3,}/u.test(lower)) return 'repeated-letter';
  if (/(\p{L}{2,3})\1{2,}/u.test(lower)) return 'repeated-chunk';
  for (const word of words) {
    const problem = mashingIn(word);
    if (problem) return problem;
  }
  return undefined;
}

/** The name check offline: 'invalid' rejects the request. */
export function judgeName(fullName: string): NameVerdict {
  return nameProblem(fullName) === undefined ? 'valid' : 'invalid';
}
