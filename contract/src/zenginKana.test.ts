import { describe, expect, it } from 'vitest';
import { holderNameSchema } from './merchantSettings';
import { toZenginKana, zenginInvalidChars } from './zenginKana';

describe('toZenginKana', () => {
  it.each([
    ['full-width katakana', 'メブクカフェ', 'ﾒﾌﾞｸｶﾌｴ'],
    ['hiragana', 'あかぎせいかてん', 'ｱｶｷﾞｾｲｶﾃﾝ'],
    ['semi-voiced kana', 'パン ポップ', 'ﾊﾟﾝ ﾎﾟﾂﾌﾟ'],
    ['ヴ', 'ヴイ', 'ｳﾞｲ'],
    ['small kana become ordinary', 'ァィゥェォッャュョヮヵヶ', 'ｱｲｳｴｵﾂﾔﾕﾖﾜｶｹ'],
    ['obsolete kana', 'ヰヱヲ', 'ｲｴｦ'],
    ['half-width kana stay (voiced mark kept)', 'ｶﾞｯｺｳ', 'ｶﾞﾂｺｳ'],
    ['long vowel mark', 'コーヒー', 'ｺ-ﾋ-'],
    ['half-width long vowel mark', 'ｺｰﾋｰ', 'ｺ-ﾋ-'],
    ['full-width letters and digits, upper-cased', 'ａｂｃ１２３', 'ABC123'],
    ['lower-case letters', 'abc', 'ABC'],
    ['full-width space and brackets', 'カ）メブク　カフェ（ド', 'ｶ)ﾒﾌﾞｸ ｶﾌｴ(ﾄﾞ'],
    ['Japanese punctuation', 'ア・イ、ウ。「エ」', 'ｱ.ｲ,ｳ.｢ｴ｣'],
    ['kanji are kept for the check to name them', '赤城カフェ', '赤城ｶﾌｴ'],
    ['empty', '', ''],
  ])('%s', (_, input, expected) => {
    expect(toZenginKana(input)).toBe(expected);
  });

  it('is idempotent: converting twice changes nothing', () => {
    for (const input of ['メブクカフェ', 'あかぎせいかてん', 'コーヒー（カ', 'ＡＢＣ１２３']) {
      expect(toZenginKana(toZenginKana(input))).toBe(toZenginKana(input));
    }
  });
});

describe('zenginInvalidChars', () => {
  it.each([
    ['ｶ)ﾒﾌﾞｸｶﾌｴ', []],
    ['ABC 123 ().,-/｢｣', []],
    ['赤城ｶﾌｴ赤', ['赤', '城']],
    ['ｧｨ', ['ｧ', 'ｨ']],
    ['A&B', ['&']],
    ['ｱｰ', ['ｰ']],
  ])('%s → %j', (name, invalid) => {
    expect(zenginInvalidChars(name)).toEqual(invalid);
  });
});

describe('holderNameSchema', () => {
  it('converts, trims, and accepts a name Zengin can carry', () => {
    expect(holderNameSchema.parse(' かぶしきがいしゃ　めぶく ')).toBe('ｶﾌﾞｼｷｶﾞｲｼﾔ ﾒﾌﾞｸ');
  });

  it.each([
    ['', '口座名義（カナ）を入力してください'],
    ['赤城', '使えない文字が含まれています（赤 城）'],
    ['ア'.repeat(31), '半角30文字以内'],
    // Voiced kana take two half-width characters: 16 of them are 32.
    ['ガ'.repeat(16), '半角30文字以内'],
  ])('refuses %j', (input, message) => {
    const result = holderNameSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain(message);
  });
});
