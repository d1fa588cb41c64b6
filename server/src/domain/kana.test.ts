import { describe, expect, it } from 'vitest';
import { romajiKey, searchFold, toHiragana, toKatakana } from './kana';

describe('toHiragana and toKatakana', () => {
  it('turn katakana into hiragana and back, small and rare kana included', () => {
    expect(toHiragana('グンマ')).toBe('ぐんま');
    expect(toHiragana('ヴァッキョヵヶ')).toBe('ゔぁっきょゕゖ');
    expect(toKatakana('ぐんま')).toBe('グンマ');
    expect(toKatakana('ゔぁっきょゕゖ')).toBe('ヴァッキョヵヶ');
  });

  it('leave everything else alone: kanji, latin letters, the long-vowel mark, half-width kana', () => {
    expect(toHiragana('群馬ABCー１ｸﾞﾝﾏ')).toBe('群馬ABCー１ｸﾞﾝﾏ');
    expect(toKatakana('群馬abcー1')).toBe('群馬abcー1');
  });

  it('are each other’s inverse on kana', () => {
    const hiragana = 'あいうえおかがきぎゃゅょっゎんゔゕゖ';
    expect(toHiragana(toKatakana(hiragana))).toBe(hiragana);
  });
});

describe('searchFold', () => {
  it.each([
    ['ぐんま', 'ぐんま'],
    ['グンマ', 'ぐんま'],
    ['ｸﾞﾝﾏ', 'ぐんま'],
    ['群馬', '群馬'],
    ['ＰａｙＰａｙ', 'paypay'],
    ['三菱ＵＦＪ', '三菱ufj'],
    ['０１２８', '0128'],
  ])('folds %s to %s', (typed, folded) => {
    expect(searchFold(typed)).toBe(folded);
  });

  it('writes small kana as the Zengin list does (チユウ for チュウ)', () => {
    expect(searchFold('しょうこうちゅうきん')).toBe(searchFold('シヨウコウチユウキン'));
    expect(searchFold('ｼｮｳｺｳ')).toBe('しようこう');
  });

  it('drops spaces, long-vowel marks, hyphens and dots however they are written', () => {
    expect(searchFold('ミツビシユ－エフジエイ')).toBe('みつびしゆえふじえい');
    expect(searchFold('みつびし ゆーえふじぇい')).toBe('みつびしゆえふじえい');
    expect(searchFold('ｽﾀﾝﾀﾞｰﾄﾞ・ﾁｬｰﾀｰﾄﾞ')).toBe('すたんだどちやたど');
    expect(searchFold('　・ー ')).toBe('');
  });
});

describe('romajiKey', () => {
  it.each([
    // Hepburn's m before b, m, p is ん.
    ['gunma', 'gumma'],
    ['shinbashi', 'shimbashi'],
    // Hepburn and Kunrei.
    ['shinjuku', 'sinzyuku'],
    ['mitsubishi', 'mitubisi'],
    ['fukuoka', 'hukuoka'],
    ['chiba', 'tiba'],
    // The list spells contracted syllables without small kana: きょ as kiyo, ちゅう as chiyuu.
    ['kyoto', 'kiyouto'],
    ['chuo', 'chiyuuou'],
    // Long vowels written or not.
    ['tokyo', 'toukiyou'],
    ['osaka', 'oosaka'],
    ['ouchi', 'oouchi'],
    // An IME's double n.
    ['gunnma', 'gunma'],
    // Case, width and punctuation.
    ['Gunma', 'ＧＵＮＭＡ'],
    ["shin'yokohama", 'shinyokohama'],
  ])('reads %s and %s alike', (one, other) => {
    expect(romajiKey(one)).toBe(romajiKey(other));
  });

  it('lets half a syllable typed so far lead to the whole', () => {
    for (const [partial, whole] of [
      ['sh', 'shinjuku'],
      ['shinj', 'shinjuku'],
      ['ch', 'chiba'],
      ['ts', 'tsukuba'],
      ['f', 'fukuoka'],
      ['tou', 'toukyou'],
      ['ky', 'kyoto'],
      ['ki', 'kiyomizu'],
    ]) {
      expect(romajiKey(whole as string).startsWith(romajiKey(partial as string)), `${partial} → ${whole}`).toBe(true);
    }
  });

  it('keeps letters only', () => {
    expect(romajiKey('mitsubishiyu-efujiei')).toBe(romajiKey('mitsubishiyuefujiei'));
    expect(romajiKey('群馬 123')).toBe('');
  });
});
