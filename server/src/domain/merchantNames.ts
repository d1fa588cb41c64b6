/*
 * Shop names that read alike (issue 45): a payer picks the payee by its name, and an invitation's subject
 * carries it, so no shop may take a name that reads as another's. Two names read alike when they are
 * equal once width, case, spaces and middle dots are set aside (NFKC) and look-alike characters are
 * folded: kana and kanji that look the same (カ/力, ロ/口, エ/工), the long-sound mark and dashes,
 * and Latin letters written in Cyrillic or Greek.
 */

const LOOK_ALIKES: Record<string, string> = {
  // Kanji read as katakana in a shop name.
  力: 'カ',
  口: 'ロ',
  工: 'エ',
  二: 'ニ',
  八: 'ハ',
  夕: 'タ',
  卜: 'ト',
  〇: 'O',
  // The long-sound mark, dashes and the kanji one.
  ー: '-',
  一: '-',
  '‐': '-',
  '‑': '-',
  '–': '-',
  '—': '-',
  '―': '-',
  '−': '-',
  // Small and large ケ (ヶ in 〜ヶ丘).
  ヶ: 'ケ',
  // Cyrillic and Greek letters that look Latin (after lower-casing).
  а: 'a',
  в: 'b',
  е: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  і: 'i',
  ј: 'j',
  ѕ: 's',
  α: 'a',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  ν: 'v',
  κ: 'k',
  ι: 'i',
  // Latin letters that look like digits.
  o: '0',
  l: '1',
};

/** The form two names that read alike share. */
export function nameLookAlikeKey(name: string): string {
  const plain = name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s・·･.]/gu, '');
  let key = '';
  for (const char of plain) key += LOOK_ALIKES[char] ?? char;
  return key;
}

/** The first of `others` whose name reads as `name`, or undefined. */
export function lookAlikeOf<T extends { name: string }>(name: string, others: readonly T[]): T | undefined {
  const key = nameLookAlikeKey(name);
  return others.find((other) => nameLookAlikeKey(other.name) === key);
}
