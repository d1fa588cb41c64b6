import { ZENGIN_SEARCH_LIMIT } from '@coin/contract';
import { describe, expect, it } from 'vitest';
import { DomainError } from './errors';
import { bankFullName, branchFullName, findBank, findBranch, ZENGIN_MESSAGES } from './zengin';
import { searchBanks, searchBranches } from './zenginSearch';

const codes = (answer: { entries: { code: string }[] }) => answer.entries.map((entry) => entry.code);

describe('full names', () => {
  it.each([
    ['0128', '群馬', '群馬銀行'],
    ['0005', '三菱ＵＦＪ', '三菱UFJ銀行'],
    ['9900', 'ゆうちょ', 'ゆうちょ銀行'],
    ['0401', 'シティバンク、エヌ・エイ', 'シティバンク、エヌ・エイ'],
    ['1203', '高崎信金', '高崎信用金庫'],
    ['1000', '信金中央金庫', '信金中央金庫'],
    ['2146', '群馬県信組', '群馬県信用組合'],
    ['2963', '中央労金', '中央労働金庫'],
    ['2004', '商工中金', '商工組合中央金庫'],
    ['4544', '前橋市農協', '前橋市農業協同組合'],
    ['3001', '北海道信連', '北海道信用農業協同組合連合会'],
    ['2213', '整理回収機構', '整理回収機構'],
  ])('of bank %s %s is %s, and a full name stays as it is', (code, listed, full) => {
    expect(bankFullName(code, listed)).toBe(full);
    expect(bankFullName(code, full)).toBe(full);
  });

  it.each([
    ['0128', '前橋', '前橋支店'],
    ['0128', '本店営業部', '本店営業部'],
    ['0128', '前橋市役所出張所', '前橋市役所出張所'],
    ['1001', '長万部', '長万部支店'],
    ['3000', '本所', '本所'],
    ['0157', '寺辺代理店', '寺辺代理店'],
    ['9900', '〇一八', '〇一八店'],
  ])('of a branch of %s %s is %s, and a full name stays as it is', (bankCode, listed, full) => {
    expect(branchFullName(bankCode, listed)).toBe(full);
    expect(branchFullName(bankCode, full)).toBe(full);
  });

  it('are what the look-ups answer', async () => {
    expect(await findBank('0128')).toEqual({ code: '0128', name: '群馬銀行', kana: 'グンマ' });
    expect(await findBranch('0128', '112')).toMatchObject({ code: '112', name: '前橋支店' });
  });
});

describe('searchBanks', () => {
  it.each([
    ['kanji', '群馬'],
    ['hiragana', 'ぐんま'],
    ['katakana', 'グンマ'],
    ['half-width katakana', 'ｸﾞﾝﾏ'],
    ['romaji as typed', 'gunma'],
    ['romaji in capitals', 'GUNMA'],
    ['Hepburn romaji', 'Gumma'],
    ['full-width romaji', 'ｇｕｎｍａ'],
    ['the full name', '群馬銀行'],
  ])('finds 群馬銀行 first by %s (%s)', async (_, typed) => {
    const { entries } = await searchBanks(typed);
    expect(entries[0]).toEqual({ code: '0128', name: '群馬銀行', kana: 'グンマ' });
  });

  it('ranks a name that is the text, then names it begins, then names it is in', async () => {
    // 群馬 is 群馬銀行's name; 群馬県信組 begins with it; 北群馬信金 has it inside.
    expect(codes(await searchBanks('ぐんま'))).toEqual(['0128', '2146', '2149', '2151', '1210']);
  });

  it('finds a bank by its code, and the banks whose code begins with the digits typed, by code', async () => {
    expect(codes(await searchBanks('0128'))).toEqual(['0128']);
    expect(codes(await searchBanks('０１２８'))).toEqual(['0128']);
    const answer = await searchBanks('012');
    expect(codes(answer)).toEqual(['0120', '0121', '0122', '0123', '0124', '0125', '0126', '0128', '0129']);
    expect(answer.more).toBe(false);
  });

  it('reads the list’s kana without small letters, and latin names in any case', async () => {
    expect(codes(await searchBanks('しょうこうちゅうきん'))).toEqual(['2004']);
    expect(codes(await searchBanks('ufj'))).toEqual(['0005', '0288']);
    expect(codes(await searchBanks('ペイペイ'))).toEqual(['0033']);
  });

  it(`answers at most ${ZENGIN_SEARCH_LIMIT} entries, saying when more matched`, async () => {
    const many = await searchBanks('しんきん');
    expect(many.entries).toHaveLength(ZENGIN_SEARCH_LIMIT);
    expect(many.more).toBe(true);
    expect(many.entries[0]?.code).toBe('1000');
    const few = await searchBanks('しんきん', 3);
    expect(codes(few)).toEqual(codes(many).slice(0, 3));
  });

  it('finds nothing for text that is only marks, or matches nothing', async () => {
    expect(await searchBanks('ー・')).toEqual({ entries: [], more: false });
    expect(await searchBanks('存在しない銀行')).toEqual({ entries: [], more: false });
    expect(await searchBanks('9998')).toEqual({ entries: [], more: false });
  });
});

describe('searchBranches', () => {
  it('searches the branches of one bank by name, reading, romaji or code', async () => {
    const maebashi = ['112', '105', '109', '113', '117'];
    for (const typed of ['前橋', 'まえばし', 'マエバシ', 'ﾏｴﾊﾞｼ', 'maebashi']) {
      expect(codes(await searchBranches('0128', typed)), typed).toEqual(maebashi);
    }
    expect((await searchBranches('0128', 'まえばし')).entries[0]).toEqual({
      code: '112',
      name: '前橋支店',
      kana: 'マエバシ',
    });
    expect(codes(await searchBranches('0128', '112'))).toEqual(['112']);
    expect(codes(await searchBranches('0128', 'ほんてん'))).toEqual(['100']);
  });

  it('finds only branches of the bank asked', async () => {
    // 前橋 is a branch of 高崎信金 too (011); 群馬銀行 has no branch 011.
    expect(codes(await searchBranches('1203', 'まえばし'))).toContain('011');
    expect(codes(await searchBranches('0128', '011'))).toEqual([]);
  });

  it('refuses a bank the list does not have (not found)', async () => {
    const refusal = searchBranches('9998', 'ほんてん');
    await expect(refusal).rejects.toBeInstanceOf(DomainError);
    await expect(refusal).rejects.toMatchObject({ type: 'not_found', message: ZENGIN_MESSAGES.unknownBank });
  });
});
