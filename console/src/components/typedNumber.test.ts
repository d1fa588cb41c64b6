import { describe, expect, it } from 'vitest';
import { amountTyping, caretAfterRewrite, halfWidthDigits, isAmountSeparator, parseAmount } from './typedNumber';

describe('halfWidthDigits', () => {
  it('turns full-width digits into half-width ones and leaves the rest', () => {
    expect(halfWidthDigits('０１２３４５６７８９')).toBe('0123456789');
    expect(halfWidthDigits('１，０００円')).toBe('1，000円');
    expect(halfWidthDigits('abc')).toBe('abc');
  });
});

describe('amountTyping', () => {
  it.each([
    ['１，０００', '1,000'],
    ['1000', '1,000'],
    ['1,0000', '10,000'],
    ['１２３４５６７', '1,234,567'],
    ['1 000', '1,000'],
    ['1、000', '1,000'],
    ['0012', '12'],
    ['', ''],
    ['1.5', '1.5'],
    ['１．５', '1.5'],
    ['-５', '-5'],
    ['－５', '-5'],
    ['１０００円', '1,000'],
    ['￥１，０００', '1,000'],
    ['¥1000', '1,000'],
    [' １ ０００ ', '1,000'],
  ])('%s is shown as %s', (typed, shown) => {
    expect(amountTyping(typed)).toBe(shown);
  });

  it('leaves a number longer than 15 digits unformatted', () => {
    expect(amountTyping('1234567890123456')).toBe('1234567890123456');
  });
});

describe('parseAmount', () => {
  it.each([
    ['１，０００', { ok: true, value: 1000 }],
    ['1,000', { ok: true, value: 1000 }],
    ['100000', { ok: true, value: 100000 }],
    ['１０００円', { ok: true, value: 1000 }],
    ['1,000円', { ok: true, value: 1000 }],
    ['￥１，０００', { ok: true, value: 1000 }],
    ['１，０００　', { ok: true, value: 1000 }],
    ['円', { ok: false, problem: 'required' }],
    ['１円０００', { ok: false, problem: 'invalid' }],
    ['－１', { ok: false, problem: 'invalid' }],
    ['ー１', { ok: false, problem: 'invalid' }],
    ['１．５', { ok: false, problem: 'invalid' }],
    ['1,000.00', { ok: false, problem: 'invalid' }],
    ['', { ok: false, problem: 'required' }],
    ['　', { ok: false, problem: 'required' }],
    ['0', { ok: false, problem: 'positive' }],
    ['1.5', { ok: false, problem: 'invalid' }],
    ['-1', { ok: false, problem: 'invalid' }],
    ['abc', { ok: false, problem: 'invalid' }],
    ['100001', { ok: false, problem: 'max' }],
    ['99999999999999999999', { ok: false, problem: 'max' }],
  ] as const)('%s → %o (max 100,000)', (typed, expected) => {
    expect(parseAmount(typed, 100_000)).toEqual(expected);
  });
});

describe('caretAfterRewrite', () => {
  it('keeps the caret after the same digit when separators move', () => {
    // 「1,000」 with 5 typed after the 1: 「15,000」, caret after the 5.
    expect(caretAfterRewrite('15,000', 2, '15,000', isAmountSeparator)).toBe(2);
    // 「100」 with 0 typed at the end: 「1,000」, caret at the end.
    expect(caretAfterRewrite('1000', 4, '1,000', isAmountSeparator)).toBe(5);
    // 「1,000」 with 2 typed after the 1: 「12,000」 from 「12,000」; then 「123,000」 from 「123,000」.
    expect(caretAfterRewrite('1234,000', 4, '1,234,000', isAmountSeparator)).toBe(5);
    // Deleting the first digit of 「1,234」 leaves 「,234」 → 「234」 with the caret at the start.
    expect(caretAfterRewrite(',234', 0, '234', isAmountSeparator)).toBe(0);
  });

  it('puts the caret at the end when the text got shorter than where it was', () => {
    expect(caretAfterRewrite('12345', 5, '12', isAmountSeparator)).toBe(2);
  });
});
