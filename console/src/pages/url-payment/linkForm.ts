import {
  type CreateUrlPaymentBody,
  MAX_PAYMENT_AMOUNT,
  URL_PAYMENT_DESCRIPTION_MAX,
  URL_PAYMENT_MAX_DAYS,
  type UrlPaymentStatus,
} from '@coin/contract';
import { type AmountProblem, halfWidthDigits, parseAmount } from '@/components/typedNumber';
import { tokyoDay } from '@/router/search';

const DAY_MS = 86_400_000;
/** A new link's default last day, counted from today. */
export const DEFAULT_EXPIRY_DAYS = 30;

export type DescriptionProblem = 'required' | 'tooLong';

/** Counted as the server counts (UTF-16 units of the trimmed text). */
export function descriptionProblem(text: string): DescriptionProblem | null {
  const trimmed = text.trim();
  if (trimmed === '') return 'required';
  if (trimmed.length > URL_PAYMENT_DESCRIPTION_MAX) return 'tooLong';
  return null;
}

/** The Asia/Tokyo day `days` after today (Tokyo has no daylight saving time, so days are 24 h). */
export const tokyoDayAfter = (days: number, now: Date = new Date()): string =>
  tokyoDay(new Date(now.getTime() + days * DAY_MS));

/** The days a link's last day may be: today up to URL_PAYMENT_MAX_DAYS ahead. */
export function expiryBounds(now: Date = new Date()): { min: string; max: string } {
  return { min: tokyoDay(now), max: tokyoDayAfter(URL_PAYMENT_MAX_DAYS, now) };
}

export const defaultExpiry = (now: Date = new Date()): string => tokyoDayAfter(DEFAULT_EXPIRY_DAYS, now);

const isCalendarDay = (day: string): boolean => {
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
};

/**
 * A day typed by hand → YYYY-MM-DD, or null: 2025/4/1, 2025-04-01, 2025.4.1, 2025年4月1日 and their
 * full-width forms.
 */
export function parseDayText(text: string): string | null {
  const match = /^(\d{4})\s*[/\-.年]\s*(\d{1,2})\s*[/\-.月]\s*(\d{1,2})\s*日?$/.exec(
    halfWidthDigits(text.trim()).replace(/[／－．]/g, (mark) => String.fromCharCode(mark.charCodeAt(0) - 0xfee0)),
  );
  if (!match) return null;
  const [, year, month, day] = match;
  const iso = `${year}-${month!.padStart(2, '0')}-${day!.padStart(2, '0')}`;
  return isCalendarDay(iso) ? iso : null;
}

export type ExpiryProblem = 'required' | 'invalid' | 'past' | 'tooFar';

export function expiryProblem(day: string | null, now: Date = new Date()): ExpiryProblem | null {
  if (!day) return 'required';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !isCalendarDay(day)) return 'invalid';
  const { min, max } = expiryBounds(now);
  if (day < min) return 'past';
  if (day > max) return 'tooFar';
  return null;
}

export interface LinkFormValues {
  /** The chosen coin's id as the select holds it ('' when none). */
  coinId: string;
  amount: string;
  description: string;
  expiresOn: string | null;
}

export interface LinkFormProblems {
  coinId?: 'required';
  amount?: AmountProblem;
  description?: DescriptionProblem;
  expiresOn?: ExpiryProblem;
}

/** The create body, or each field's problem. */
export function checkLinkForm(
  values: LinkFormValues,
  now: Date = new Date(),
): { body: CreateUrlPaymentBody } | { problems: LinkFormProblems } {
  const problems: LinkFormProblems = {};
  const coinId = Number(values.coinId);
  if (values.coinId === '' || !Number.isSafeInteger(coinId) || coinId < 1) problems.coinId = 'required';
  const amount = parseAmount(values.amount, MAX_PAYMENT_AMOUNT);
  if (!amount.ok) problems.amount = amount.problem;
  const description = descriptionProblem(values.description);
  if (description) problems.description = description;
  const expiry = expiryProblem(values.expiresOn, now);
  if (expiry) problems.expiresOn = expiry;
  if (Object.keys(problems).length > 0 || !amount.ok) return { problems };
  return {
    body: {
      coin_id: coinId,
      amount: amount.value,
      description: values.description.trim(),
      expires_on: values.expiresOn!,
    },
  };
}

/** Badge colours by link status. */
export const LINK_STATUS_COLORS: Readonly<Record<UrlPaymentStatus, string>> = {
  ACTIVE: 'teal',
  EXPIRED: 'gray',
  STOPPED: 'red',
};

/** Only a usable link can be stopped (the server answers 409 for a stopped one). */
export const canStopLink = (link: { status: UrlPaymentStatus }): boolean => link.status === 'ACTIVE';
