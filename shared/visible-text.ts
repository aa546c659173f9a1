// What a person sees is all a free-text field may carry (docs/product-rules.md#hidden-characters). Names and
// company names travel to the call automation and its AI, which reads characters a screen never shows: tag
// characters spell out ASCII invisibly, runs of variation selectors or joiners smuggle bytes. So a field's text
// is NFC-normalised first (a precomposed accent is one character), then the invisible characters a copy and paste
// leaves behind are dropped, then anything else invisible is refused.

const ZWNJ = '\u200C';
const ZWJ = '\u200D';

// Left behind by copying from documents and web pages, and shown by nothing: the soft hyphen, the zero-width
// space, the word joiner and the byte-order mark. Dropped without a word.
const STRAY = /[\u00AD\u200B\u2060\uFEFF]/u;

// Scripts whose spelling uses the zero-width joiner or non-joiner after a letter or a virama: Persian and the
// other Arabic-script languages, the Indic scripts (Sinhala "Sri", Malayalam chillus), and their neighbours.
const JOINING_SCRIPT =
  /[\p{scx=Arab}\p{scx=Syrc}\p{scx=Nkoo}\p{scx=Adlm}\p{scx=Rohg}\p{scx=Mong}\p{scx=Deva}\p{scx=Beng}\p{scx=Guru}\p{scx=Gujr}\p{scx=Orya}\p{scx=Taml}\p{scx=Telu}\p{scx=Knda}\p{scx=Mlym}\p{scx=Sinh}\p{scx=Tibt}\p{scx=Mymr}\p{scx=Khmr}]/u;
const LETTER_OR_MARK = /[\p{L}\p{M}]/u;
// Inside an emoji sequence (woman + ZWJ + laptop, a thumbs-up with a skin tone + ZWJ + …): a joiner between
// two pictographs.
const EMOJI_BEFORE_JOINER = /\p{Extended_Pictographic}|\p{Emoji_Modifier}|\uFE0F/u;
const PICTOGRAPH = /\p{Extended_Pictographic}/u;

const VARIATION_SELECTOR = /\p{Variation_Selector}/u;
const EMOJI = /\p{Emoji}/u;
const HAN = /\p{scx=Hani}/u;
const MYANMAR = /\p{scx=Mymr}/u;
const MONGOLIAN = /\p{scx=Mong}/u;

// The only tag characters in use are the three flags of Great Britain's nations; any other run of them is text
// written in invisible ink.
const NATION_FLAGS =
  /\u{1F3F4}(?:\u{E0067}\u{E0062}(?:\u{E0065}\u{E006E}\u{E0067}|\u{E0073}\u{E0063}\u{E0074}|\u{E0077}\u{E006C}\u{E0073}))\u{E007F}/gu;
const BLACK_FLAG = '\u{1F3F4}';

// Controls, format characters (bidi controls, tags, interlinear annotations, invisible operators), private use,
// unassigned code points and noncharacters, lone surrogates, line and paragraph separators, every other
// default-ignorable character (the Hangul fillers U+115F, U+1160, U+3164, U+FFA0, the combining grapheme joiner)
// and the blanks that look like nothing: the empty braille pattern and the object replacement character.
const HIDDEN = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\u2800\uFFFC]/u;

// Combining marks stacked on one letter. Real names need up to three: Vietnamese and Yoruba two before NFC (one
// after), Devanagari a nukta, a vowel sign and a nasal sign ("ड़ें"), Burmese and Tibetan stacks three. More is
// "Zalgo" text, or bytes hidden in marks that draw nothing.
export const COMBINING_MARKS_MAX = 3;
const STACKING_MARK = /[\p{Mn}\p{Me}]/u;

function joinerFits(joiner: string, before = '', after = ''): boolean {
  if (LETTER_OR_MARK.test(before) && JOINING_SCRIPT.test(before)) return true;
  return joiner === ZWJ && EMOJI_BEFORE_JOINER.test(before) && PICTOGRAPH.test(after);
}

/** A variation selector picks a glyph for the character before it, and only for characters that have variants. */
function selectorFits(selector: string, before = ''): boolean {
  const code = selector.codePointAt(0) ?? 0;
  if (code === 0xfe0e || code === 0xfe0f) return EMOJI.test(before);
  if (code >= 0x180b && code <= 0x180f) return MONGOLIAN.test(before);
  if (code >= 0xe0100) return HAN.test(before);
  return HAN.test(before) || MYANMAR.test(before);
}

/**
 * The text without the invisible characters a copy and paste leaves behind: soft hyphens, zero-width spaces,
 * word joiners, byte-order marks, and zero-width joiners and non-joiners where they join nothing.
 */
export function dropStrayInvisibles(text: string): string {
  const chars = Array.from(text);
  return chars
    .filter((char, i) => {
      if (STRAY.test(char)) return false;
      if (char === ZWNJ || char === ZWJ) return joinerFits(char, chars[i - 1], chars[i + 1]);
      return true;
    })
    .join('');
}

/**
 * True when the text holds a character a person neither types nor sees (see the lists above), a variation
 * selector or joiner out of place, or more than `COMBINING_MARKS_MAX` combining marks in a row. Letters of any
 * script, digits, spaces, punctuation and emoji do not count.
 */
export function hasHiddenCharacters(text: string): boolean {
  const chars = Array.from(text.replace(NATION_FLAGS, BLACK_FLAG));
  let marks = 0;
  for (const [i, char] of chars.entries()) {
    marks = STACKING_MARK.test(char) ? marks + 1 : 0;
    if (marks > COMBINING_MARKS_MAX) return true;
    const before = chars[i - 1];
    if (char === ZWNJ || char === ZWJ) {
      if (!joinerFits(char, before, chars[i + 1])) return true;
    } else if (VARIATION_SELECTOR.test(char)) {
      if (!selectorFits(char, before)) return true;
    } else if (HIDDEN.test(char)) {
      return true;
    }
  }
  return false;
}
