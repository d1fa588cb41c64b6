import type { RebateCoinSettings } from '@coin/contract';
import type { SettingsBodySchemas, UpdateRebateCoinBody } from '@/api/merchantSettings';
import { fieldRefusal } from '@/components/accountErrors';
import { halfWidthDigits } from '@/components/typedNumber';

/** The form as typed: the chosen coin ('' for no rebate) and the rate in percent. */
export interface RebateValues {
  coinId: string;
  rate: string;
}
export type RebateField = keyof RebateValues;
/** What is wrong with a field, as shown: the contract's message (the server's, for a refused save) or ours. */
export type RebateProblems = Partial<Record<RebateField, string>>;

/** The texts of problems the contract does not word. */
export interface RebateTexts {
  /** The rate is not a number. */
  rateInvalid: string;
  /** The server refused a field without a Japanese message. */
  invalidRequest: string;
}

/** Basis points as a percentage someone would type: 150 → "1.5", 0 → "0". */
export const percentText = (bp: number): string => String(bp / 100);

export const rebateValuesOf = (settings: RebateCoinSettings): RebateValues => ({
  coinId: settings.coin_id === null ? '' : String(settings.coin_id),
  rate: percentText(settings.rate_bp),
});

const DECIMAL_POINTS = new Set(['．', '。', '､']);
const DROPPED = new Set([' ', '\u3000', '%', '％']);

/** A rate as typed → half-width: １．５％ → 1.5 (other characters stay, to be refused). */
export const rateTyping = (typed: string): string =>
  [...halfWidthDigits(typed)]
    .filter((char) => !DROPPED.has(char))
    .map((char) => (DECIMAL_POINTS.has(char) ? '.' : char))
    .join('');

/** Characters rateTyping drops: the caret keeps its place among the others. */
export const isRateIgnorable = (char: string): boolean => DROPPED.has(char);

/**
 * A typed percentage in basis points: "1.5" → 150. Finer than a basis point stays fractional
 * ("1.234" → 123.4) for the check to refuse; null when empty, NaN when it is not a number.
 */
export function rateBasisPoints(typed: string): number | null {
  const text = rateTyping(typed);
  if (text === '') return null;
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return Number.NaN;
  const [, whole = '0', fraction = ''] = match;
  // Up to two decimals this is exact: 10^decimals divides the digits times 100.
  return (Number(`${whole}${fraction}`) * 100) / 10 ** fraction.length;
}

/** What the settings say a rate may be: whole basis points in steps, from 0 to the maximum. */
export const isAllowedRate = (bp: number | null, settings: Pick<RebateCoinSettings, 'max_rate_bp' | 'step_bp'>) =>
  bp !== null && Number.isInteger(bp) && bp >= 0 && bp <= settings.max_rate_bp && bp % settings.step_bp === 0;

/** The request body of the form's values: no coin is no rebate, so its rate is 0 whatever was typed. */
export function rebateBody(
  values: RebateValues,
  texts: RebateTexts,
): UpdateRebateCoinBody | { problems: RebateProblems } {
  if (values.coinId === '') return { coin_id: null, rate_bp: 0 };
  const bp = rateBasisPoints(values.rate);
  if (Number.isNaN(bp)) return { problems: { rate: texts.rateInvalid } };
  // An empty rate goes to the check as NaN: the contract's "還元率を入力してください".
  return { coin_id: Number(values.coinId), rate_bp: bp ?? Number.NaN };
}

const FIELD_OF: Readonly<Record<string, RebateField>> = { coin_id: 'coinId', rate_bp: 'rate' };

/** Checks the values with the contract's schema of the request: the body to send, or the problems by field. */
export function checkRebate(
  values: RebateValues,
  schema: SettingsBodySchemas['rebateCoin'],
  texts: RebateTexts,
): { ok: true; body: UpdateRebateCoinBody } | { ok: false; problems: RebateProblems } {
  const body = rebateBody(values, texts);
  if ('problems' in body) return { ok: false, problems: body.problems };
  const parsed = schema.safeParse(body);
  if (parsed.success) return { ok: true, body: parsed.data };
  const problems: RebateProblems = {};
  for (const issue of parsed.error.issues) {
    const field = FIELD_OF[String(issue.path[0])] ?? 'rate';
    problems[field] ??= issue.message;
  }
  return { ok: false, problems };
}

/** A refused save (400 with `field`) as the problem of that field; null for any other failure. */
export function rebateRefusal(error: unknown, texts: RebateTexts): RebateProblems | null {
  const refusal = fieldRefusal(error);
  const field = refusal ? FIELD_OF[refusal.field] : undefined;
  if (!refusal || !field) return null;
  return { [field]: refusal.message ?? texts.invalidRequest };
}
