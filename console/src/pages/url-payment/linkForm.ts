import {
  type CreateUrlPaymentBody,
  MAX_PAYMENT_AMOUNT,
  URL_PAYMENT_DESCRIPTION_MAX,
  URL_PAYMENT_MAX_DAYS,
  type UrlPaymentStatus,
} from '@coin/contract';
import { isCalendarDay, tokyoDayAfter } from '@/components/typedDay';
import { type AmountProblem, parseAmount } from '@/components/typedNumber';
import { tokyoDay } from '@/router/search';

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

/** The days a link's last day may be: today up to URL_PAYMENT_MAX_DAYS ahead. */
export function expiryBounds(now: Date = new Date()): { min: string; max: string } {
  return { min: tokyoDay(now), max: tokyoDayAfter(URL_PAYMENT_MAX_DAYS, now) };
}

export const defaultExpiry = (now: Date = new Date()): string => tokyoDayAfter(DEFAULT_EXPIRY_DAYS, now);

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

export type LinkField = keyof LinkFormValues;

const LINK_FIELD_OF: Readonly<Record<string, LinkField>> = {
  coin_id: 'coinId',
  amount: 'amount',
  description: 'description',
  expires_on: 'expiresOn',
};

/** The form field a 400 refusal names (the body's field), if it is one of the form's. */
export const linkFieldOf = (bodyField: string): LinkField | undefined => LINK_FIELD_OF[bodyField];

/** Badge colours by link status. */
export const LINK_STATUS_COLORS: Readonly<Record<UrlPaymentStatus, string>> = {
  ACTIVE: 'teal',
  EXPIRED: 'gray',
  STOPPED: 'red',
};

/** Only a usable link can be stopped (the server answers 409 for a stopped one). */
export const canStopLink = (link: { status: UrlPaymentStatus }): boolean => link.status === 'ACTIVE';
