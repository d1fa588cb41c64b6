import { readdirSync, readFileSync } from 'node:fs';
import { type Font, openSync } from 'fontkit';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import zengin from 'zengin-code';
import { merchantQrPoster, POSTER_TEXT } from '../domain/merchantQr';
import { COINS, MERCHANT_LIST } from '../seed/accounts';
import { DEMO_BANK_ACCOUNTS } from '../seed/payouts';
import { pdfText } from '../testing/pdfText';
import { FEE_INVOICE_TEXT } from './feeInvoice';
import { PAYOUT_STATEMENT_TEXT } from './payoutStatement';
import { RECEIPT_TEXT } from './receipt';
import { FONTS } from './typeset';

/*
 * The committed subsets of Noto Sans JP (server/fonts, made by `npm run fonts:subset`) have a glyph for
 * everything the documents print: their own wording, the demo's names, every bank and branch a payout
 * can go to, and any name a shop could type in Shift_JIS-era software (Windows-31J, CP932).
 */

/** The one CP932 character the source font (Noto Sans JP 2.004) has no glyph for: ≒ (0x81E0, 0x8790). */
const NOT_IN_SOURCE_FONT = new Set(['≒']);

const openFont = (path: string): Font => {
  const font = openSync(path);
  if (!('hasGlyphForCodePoint' in font)) throw new Error(`${path} is a font collection`);
  return font;
};
const fonts = Object.entries(FONTS).map(([weight, path]) => ({ weight, font: openFont(path) }));

/** The characters of `text` (whitespace and controls aside) the font has no glyph for. */
const missing = (font: Font, text: Iterable<string>) =>
  [...new Set(text)]
    .filter((char) => /\P{C}/u.test(char) && char.trim() !== '')
    .filter((char) => !font.hasGlyphForCodePoint(char.codePointAt(0) ?? 0));

/** Every string in a text constant; a function's fixed wording, by calling it. */
function wording(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'function') return wording((value as (...args: string[]) => unknown)('1', '2', '3'));
  if (value && typeof value === 'object') return Object.values(value).flatMap(wording);
  return [];
}

/** The non-ASCII characters of a source file's code (its comments aside): every string it can print. */
const literalCharacters = (path: string) =>
  readFileSync(path, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|\s)\/\/.*$/gm, '')
    .replace(/\p{ASCII}/gu, '');

const DOCUMENT_SOURCES = [
  ...readdirSync(new URL('.', import.meta.url))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => new URL(file, import.meta.url).pathname),
  new URL('../domain/merchantQr.ts', import.meta.url).pathname,
];

/** The Windows-31J double-byte repertoire (JIS X 0208 levels 1 and 2, the NEC and IBM extensions). */
function cp932Repertoire(): string[] {
  const chars: string[] = [];
  for (let lead = 0x81; lead <= 0xfc; lead++) {
    if (lead >= 0xa0 && lead <= 0xdf) continue;
    for (let trail = 0x40; trail <= 0xfc; trail++) {
      const char = iconv.decode(Buffer.from([lead, trail]), 'cp932');
      const codePoint = char.codePointAt(0) ?? 0xfffd;
      if (char.length === 1 && codePoint !== 0xfffd && !(codePoint >= 0xe000 && codePoint <= 0xf8ff)) chars.push(char);
    }
  }
  return chars;
}

describe.each(fonts)('Noto Sans JP $weight (subset)', ({ font }) => {
  it("has every character of the documents' wording", () => {
    const constants = wording([FEE_INVOICE_TEXT, RECEIPT_TEXT, PAYOUT_STATEMENT_TEXT, POSTER_TEXT]).join('');
    expect(constants).toContain('記載事項を訂正するもの'); // a function's wording too
    expect(missing(font, constants)).toEqual([]);
    const sources = DOCUMENT_SOURCES.map(literalCharacters).join('');
    expect(sources).toContain('御中');
    expect(missing(font, sources)).toEqual([]);
  });

  it("has the demo's merchants, coins and bank accounts", () => {
    const names = [
      ...MERCHANT_LIST.map((merchant) => merchant.name),
      ...COINS.map((coin) => coin.name),
      ...DEMO_BANK_ACCOUNTS.flatMap((account) => [account.bank_name, account.branch_name, account.holder_name]),
    ].join('');
    expect(missing(font, names)).toEqual([]);
  });

  it('has every bank and branch name of the Zengin code list (a payout statement prints them)', () => {
    const names = Object.values(zengin)
      .flatMap((bank) => [bank.name, ...Object.values(bank.branches).map((branch) => branch.name)])
      .join('');
    expect(names.length).toBeGreaterThan(50_000);
    expect(missing(font, names)).toEqual([]);
  });

  it('has JIS X 0208 levels 1 and 2, the NEC and IBM extensions, kana and full-width forms', () => {
    const sample = [
      '亜唖娃阿哀愛挨姶逢葵', // level 1 (0x889F on)
      '蓮連錬呂魯櫓炉賂路露労婁廊弄朗楼榔浪漏牢狼篭老聾蝋郎六麓禄肋録論倭和話歪賄脇惑枠鷲亙亘鰐詫藁蕨椀湾碗腕', // level 1's end
      '弌丐丕个丱丶丼丿乂乖乘亂亅豫亊舒弍于亞亟', // level 2 (0x989F on)
      '黼黽鼇鼈皷鼕鼡鼬鼾齊齒齔齣齟齠齡齦齧齬齪齷齲齶龕龜龠堯槇遙瑤凜熙', // level 2's end
      '①⑳ⅠⅩ㍉㌔㈱㈲㊤№℡∮∑', // NEC special characters (row 13)
      '纊褜鍈銈蓜俉炻昱棈鋹曻彅', // NEC-selected IBM extensions
      '髙﨑德琦塚增寬朗隆神祥福靖精羽諸都飯館鶴黑ⅰⅹ￤＇＂', // IBM extensions
      'ぁあゔゟァヺー・ｦｱﾝﾞﾟ！＠Ｚｚ～￥￠￡￢', // kana, half-width katakana, full-width forms
      '、。〃々〆〇「」『』【】〒〜※→○●■□△▲◎◇◆★☆♪', // symbols and punctuation
      '§¨°±´¶×÷ΑΩαωАЯая─│┌┼━┃', // Latin-1, Greek, Cyrillic, box drawing
      'Café ¥1,234 −￥500 — ‥…‰′″', // Latin text with accents, signs
    ].join('');
    expect(missing(font, sample)).toEqual([]);
  });

  it('has the whole CP932 repertoire but the one character the source font lacks', () => {
    const repertoire = cp932Repertoire();
    expect(repertoire.length).toBeGreaterThan(7_000);
    expect(missing(font, repertoire)).toEqual([...NOT_IN_SOURCE_FONT]);
  });
});

describe('the QR poster', () => {
  it("prints a name of CP932's extension kanji with the subset embedded as TrueType", async () => {
    const name = '髙﨑商店 ①号店';
    const pdf = await merchantQrPoster(
      { url: 'https://qr.example.jp/merchant/?wallet_no=1100000009', merchant_name: name, wallet_no: '1100000009' },
      new Date('2026-11-26T00:00:00Z'),
    );
    const raw = pdf.toString('latin1');
    expect(raw).toMatch(/\/FontName \/[A-Z]{6}\+NotoSansJP-Bold/);
    expect(raw).toContain('/FontFile2');
    const text = await pdfText(pdf);
    expect(text).toContain(name.replace(/\s+/g, ''));
    expect(text).toContain(POSTER_TEXT.heading);
  });
});
