/*
 * Text folded for searching Japanese names: what a user types (kanji, hiragana, katakana of either
 * width, romaji) and what the Zengin list holds meet in one form. Folding loses distinctions on purpose
 * (small kana, long-vowel spellings): a search finds more, it never decides anything.
 */

/** The katakana that have a hiragana counterpart (ァ…ヶ) sit 0x60 above it. */
const KATAKANA_FIRST = 0x30a1;
const KATAKANA_LAST = 0x30f6;
const HIRAGANA_FIRST = 0x3041;
const HIRAGANA_LAST = 0x3096;
const KANA_OFFSET = 0x60;

const shiftChars = (text: string, first: number, last: number, offset: number): string => {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) as number;
    out += code >= first && code <= last ? String.fromCodePoint(code + offset) : char;
  }
  return out;
};

/** Katakana to hiragana (グンマ → ぐんま); everything else as it is. Half-width kana need NFKC first. */
export const toHiragana = (text: string): string => shiftChars(text, KATAKANA_FIRST, KATAKANA_LAST, -KANA_OFFSET);

/** Hiragana to katakana (ぐんま → グンマ); everything else as it is. */
export const toKatakana = (text: string): string => shiftChars(text, HIRAGANA_FIRST, HIRAGANA_LAST, KANA_OFFSET);

/** The Zengin list has no small kana (チユウ for チュウ): small hiragana fold to their ordinary form. */
const ORDINARY_HIRAGANA: Readonly<Record<string, string>> = {
  ぁ: 'あ',
  ぃ: 'い',
  ぅ: 'う',
  ぇ: 'え',
  ぉ: 'お',
  っ: 'つ',
  ゃ: 'や',
  ゅ: 'ゆ',
  ょ: 'よ',
  ゎ: 'わ',
  ゕ: 'か',
  ゖ: 'け',
};

/** Spaces, long-vowel marks, hyphens, dots and brackets: written one way or another, or left out. */
const IGNORED = /[\s\-‐‑‒–—―−ー・･.,、。'’()（）「」]/gu;

/**
 * A name or a search as one comparable string: NFKC (full-width letters and digits to half-width,
 * half-width kana to full-width), lower case, katakana to hiragana, small kana to ordinary, and
 * without spaces, long-vowel marks and punctuation. Kanji stay as they are.
 */
export function searchFold(text: string): string {
  const hiragana = toHiragana(text.normalize('NFKC').toLowerCase());
  return [...hiragana.replace(IGNORED, '')].map((char) => ORDINARY_HIRAGANA[char] ?? char).join('');
}

/** Half a syllable at the end of what is typed so far (「sh」 of 「shinjuku」), as its spelling below begins. */
const UNFINISHED: Readonly<Record<string, string>> = { sh: 's', ch: 't', ts: 't', dz: 'z', j: 'z', f: 'h' };

/** Hepburn and IME spellings to one spelling (Kunrei-like), in this order. */
const ROMAJI_SPELLINGS: readonly [RegExp, string][] = [
  // Hepburn writes ん before b, m, p as m: gumma, shimbashi.
  [/m(?=[bmp])/g, 'n'],
  [/tch/g, 'tt'],
  [/shi/g, 'si'],
  [/sh/g, 'sy'],
  [/chi/g, 'ti'],
  [/ch/g, 'ty'],
  [/tsu/g, 'tu'],
  [/fu/g, 'hu'],
  [/ji/g, 'zi'],
  [/j/g, 'zy'],
  [/dzu/g, 'zu'],
  [/du/g, 'zu'],
  [/di/g, 'zi'],
  [/wo/g, 'o'],
  // The list has no small kana: きょ is きよ (roma 「kiyo」), so a contracted syllable is spelt so too.
  [/([kgsztdnhbpmr])y(?=[auo]|$)/g, '$1iy'],
  [/nn/g, 'n'],
];

/**
 * Romaji as one comparable string: letters only, lower case, Hepburn and Kunrei spellings alike
 * (shi/si, chi/ti, tsu/tu, fu/hu, ji/zi), ん before b/m/p as n, contracted syllables as the Zengin
 * list spells them (kyo → kiyo) and long vowels shortened (toukyou, tokyo → tokiyo). What is typed so
 * far may end in half a syllable: 「sh」 folds to 「s」, so it still leads to 「shinjuku」.
 */
export function romajiKey(text: string): string {
  let key = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^a-z]/g, '')
    .replace(/(sh|ch|ts|dz|j|f)$/, (end) => UNFINISHED[end] ?? end);
  for (const [pattern, replacement] of ROMAJI_SPELLINGS) key = key.replace(pattern, replacement);
  // Long vowels as Hepburn leaves them out: おう, おお → o, うう → u, until none is left (「oou」).
  let previous: string;
  do {
    previous = key;
    key = key.replace(/o[ou]|uu/g, (pair) => pair.charAt(0));
  } while (key !== previous);
  return key;
}
