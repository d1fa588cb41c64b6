/*
 * Account holder names as the Zengin transfer system carries them: half-width katakana, digits, upper-case
 * letters, space and a few symbols. The console converts as the user types; the server converts the same
 * way before it checks, so both accept exactly the same names.
 */

const FULL_KANA = 'アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワヲン';
const HALF_KANA = 'ｱｲｳｴｵｶｷｸｹｺｻｼｽｾｿﾀﾁﾂﾃﾄﾅﾆﾇﾈﾉﾊﾋﾌﾍﾎﾏﾐﾑﾒﾓﾔﾕﾖﾗﾘﾙﾚﾛﾜｦﾝ';

/** Small kana and obsolete ones are written with their ordinary form in Zengin names. */
const ORDINARY_KANA: Readonly<Record<string, string>> = {
  ァ: 'ア',
  ィ: 'イ',
  ゥ: 'ウ',
  ェ: 'エ',
  ォ: 'オ',
  ッ: 'ツ',
  ャ: 'ヤ',
  ュ: 'ユ',
  ョ: 'ヨ',
  ヮ: 'ワ',
  ヵ: 'カ',
  ヶ: 'ケ',
  ヰ: 'イ',
  ヱ: 'エ',
};

/** Marks that have a Zengin counterpart. */
const SYMBOLS: Readonly<Record<string, string>> = {
  '\u3099': 'ﾞ', // combining voiced sound mark (after NFD)
  '\u309A': 'ﾟ', // combining semi-voiced sound mark
  ー: '-',
  '‐': '-',
  '−': '-',
  '–': '-',
  '—': '-',
  '・': '.',
  '、': ',',
  '。': '.',
  '「': '｢',
  '」': '｣',
  '\u3000': ' ',
};

const HALF_OF = new Map<string, string>([...FULL_KANA].map((c, i) => [c, HALF_KANA[i] as string]));

/**
 * Converts what a user typed to a Zengin holder name: full-width letters and digits to half-width,
 * letters to upper case, hiragana and katakana to half-width katakana (small kana to their ordinary
 * form, voiced kana as kana + ﾞ), the long-vowel mark to `-`. Characters Zengin cannot carry (kanji,
 * for example) are kept, so the check can name them.
 */
export function toZenginKana(input: string): string {
  // NFKC first: full-width ASCII to ASCII and half-width kana to full-width (ｶﾞ → ガ), so that every
  // kana goes through one path; NFD then splits voiced kana into the kana and its mark.
  const folded = input.normalize('NFKC').toUpperCase().normalize('NFD');
  let out = '';
  for (const char of folded) {
    const code = char.codePointAt(0) as number;
    // Hiragana → katakana (the blocks are 0x60 apart).
    const katakana = code >= 0x3041 && code <= 0x3096 ? String.fromCodePoint(code + 0x60) : char;
    const ordinary = ORDINARY_KANA[katakana] ?? katakana;
    out += HALF_OF.get(ordinary) ?? SYMBOLS[ordinary] ?? ordinary;
  }
  return out;
}

/** One character a Zengin name may hold. */
const ZENGIN_CHAR = /[0-9A-Zｦｱ-ﾝﾞﾟ ().,\-/｢｣]/u;

/** The characters of a converted name that Zengin cannot carry, each once, in order of appearance. */
export function zenginInvalidChars(name: string): string[] {
  return [...new Set([...name].filter((c) => !ZENGIN_CHAR.test(c)))];
}

export const ZENGIN_NAME_MESSAGES = {
  required: '口座名義（カナ）を入力してください',
  tooLong: (max: number) => `口座名義は半角${max}文字以内で入力してください`,
  invalid: (chars: readonly string[]) =>
    `口座名義に使えない文字が含まれています（${chars.join(' ')}）。カナ・英大文字・数字・スペース・記号 ( ) . , - / ｢ ｣ が使えます`,
} as const;
