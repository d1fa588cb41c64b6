/*
 * Numbers typed into text inputs: full-width digits (what a Japanese IME often gives) become
 * half-width, separators are dropped, amounts show thousands separators as they are typed.
 */

import { groupedInteger } from '@coin/contract';

const FULL_WIDTH_ZERO = 0xff10;
const FULL_WIDTH_NINE = 0xff19;

/** Full-width digits (０–９) as half-width ones; every other character unchanged, one for one. */
export function halfWidthDigits(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.charCodeAt(0);
    out += code >= FULL_WIDTH_ZERO && code <= FULL_WIDTH_NINE ? String.fromCharCode(code - FULL_WIDTH_ZERO + 48) : char;
  }
  return out;
}

/** Thousands separators and spaces someone may type in an amount (half- and full-width). */
const AMOUNT_SEPARATORS = new Set([',', '，', '、', ' ', '\u3000']);
export const isAmountSeparator = (char: string): boolean => AMOUNT_SEPARATORS.has(char);

/** Amounts above this many digits are not formatted (beyond what a JS number holds exactly). */
const MAX_DIGITS = 15;

/** A unit someone may type with an amount (「１０００円」, 「￥1,000」): the field already says the unit. */
const UNIT = /^[¥￥]|円$/g;
/** Full-width signs and points, as the IME gives them: 「－５」, 「１．５」. */
const FULL_WIDTH_MARKS: Readonly<Record<string, string>> = { '－': '-', ー: '-', '．': '.' };

/**
 * The digits of a typed amount, half-width, without separators or a yen mark; other
 * characters are kept (a minus sign, a decimal point, letters), for the check to refuse.
 */
export const amountDigits = (typed: string): string =>
  [...halfWidthDigits(typed.trim().replace(UNIT, ''))]
    .filter((char) => !isAmountSeparator(char))
    .map((char) => FULL_WIDTH_MARKS[char] ?? char)
    .join('');

/**
 * What an amount input shows after a keystroke: 「１，０００」 and 「1000」 both become 「1,000」.
 * Text that is not a whole number stays as typed (half-width), so the check can say what is wrong.
 */
export function amountTyping(typed: string): string {
  const digits = amountDigits(typed);
  if (!/^\d+$/.test(digits) || digits.length > MAX_DIGITS) return digits;
  return groupedInteger(Number(digits));
}

export type AmountProblem = 'required' | 'invalid' | 'positive' | 'max';
export type AmountCheck = { ok: true; value: number } | { ok: false; problem: AmountProblem };

/** A typed amount as a whole number from 1 to `max`, or what is wrong with it. */
export function parseAmount(typed: string, max: number): AmountCheck {
  const digits = amountDigits(typed);
  if (digits === '') return { ok: false, problem: 'required' };
  if (!/^\d+$/.test(digits)) return { ok: false, problem: 'invalid' };
  if (digits.length > MAX_DIGITS) return { ok: false, problem: 'max' };
  const value = Number(digits);
  if (value < 1) return { ok: false, problem: 'positive' };
  if (value > max) return { ok: false, problem: 'max' };
  return { ok: true, value };
}

/**
 * Where the caret goes after the input's text was rewritten (`typed` → `shown`): after as many
 * significant characters (those `ignorable` says are not separators) as stood before it in `typed`,
 * so typing in the middle of 「1,000」 does not throw the caret to the end.
 */
export function caretAfterRewrite(
  typed: string,
  caret: number,
  shown: string,
  ignorable: (char: string) => boolean,
): number {
  let significant = 0;
  for (const char of typed.slice(0, caret)) if (!ignorable(char)) significant += 1;
  if (significant === 0) return 0;
  let seen = 0;
  for (let index = 0; index < shown.length; index += 1) {
    if (!ignorable(shown.charAt(index))) seen += 1;
    if (seen === significant) return index + 1;
  }
  return shown.length;
}
