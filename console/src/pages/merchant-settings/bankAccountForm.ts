import { type BankAccount, type BankAccountType, ZENGIN_DIGITS } from '@coin/contract';
import { isApiError } from '@/api/errors';
import type { SettingsBodySchemas } from '@/api/merchantSettings';
import { fieldRefusal } from '@/components/accountErrors';
import { amountDigits } from '@/components/typedNumber';

/** The Zengin code lengths (the contract's, which its schemas check): input sizes, look-ups, padding. */
export { ZENGIN_DIGITS };

/** The form's hints (and the names the look-ups find) go under their inputs. */
export const DESCRIPTION_BELOW: ('label' | 'input' | 'description' | 'error')[] = [
  'label',
  'input',
  'description',
  'error',
];

/** The form as typed. */
export interface BankAccountValues {
  bankCode: string;
  branchCode: string;
  accountType: BankAccountType;
  accountNumber: string;
  holderName: string;
}
export type BankField = keyof BankAccountValues;
export type BankProblems = Partial<Record<BankField, string>>;

/** The request body as the contract's schema leaves it: the number padded, the name converted. */
export interface CheckedBankAccount {
  bank_code: string;
  branch_code: string;
  account_type: BankAccountType;
  account_number: string;
  holder_name: string;
}

/** A fresh form; with an account registered, its bank, branch, type and holder (the number is typed again). */
export const bankAccountValuesOf = (account: BankAccount | null): BankAccountValues => ({
  bankCode: account?.bank_code ?? '',
  branchCode: account?.branch_code ?? '',
  accountType: account?.account_type ?? 'ORDINARY',
  accountNumber: '',
  holderName: account?.holder_name ?? '',
});

/**
 * What the form starts with each time it is shown: a fresh or registered account's values, or what was
 * typed before the confirm step, with the field the server refused.
 */
export interface BankAccountDraft {
  values: BankAccountValues;
  problems: BankProblems;
}

export const bankAccountDraftOf = (account: BankAccount | null): BankAccountDraft => ({
  values: bankAccountValuesOf(account),
  problems: {},
});

/** Codes and numbers as typed: full-width digits to half-width, spaces and separators dropped. */
export const digitsTyping = amountDigits;

/** What a code field holds is text to search with (a name), not a code: it was typed but not chosen. */
export const isSearchText = (value: string): boolean => value.trim() !== '' && !/^\d+$/.test(value);

/** A code that has all its digits: then, and only then, it is looked up. */
export const isCompleteCode = (code: string, digits: number): boolean => code.length === digits && /^\d+$/.test(code);

/** Leaving the number field pads a shorter number with zeros: 12345 → 0012345. */
export const padAccountNumber = (typed: string): string =>
  /^\d+$/.test(typed) && typed.length < ZENGIN_DIGITS.accountNumber
    ? typed.padStart(ZENGIN_DIGITS.accountNumber, '0')
    : typed;

export const FIELD_OF: Readonly<Record<string, BankField>> = {
  bank_code: 'bankCode',
  branch_code: 'branchCode',
  account_type: 'accountType',
  account_number: 'accountNumber',
  holder_name: 'holderName',
};
/** The order of the fields on screen: the first with a problem takes the focus. */
export const BANK_FIELDS: readonly BankField[] = [
  'bankCode',
  'branchCode',
  'accountType',
  'accountNumber',
  'holderName',
];

/** A Zengin look-up as the form sees it: nothing until its code is complete, then checking, found or not. */
export type Lookup = { state: 'idle' | 'checking' | 'notFound' | 'failed' } | { state: 'found'; name: string };

export function lookupOf(
  query: { isSuccess: boolean; isError: boolean; data?: { name: string } | undefined; error: unknown },
  enabled: boolean,
): Lookup {
  if (!enabled) return { state: 'idle' };
  if (query.isSuccess && query.data) return { state: 'found', name: query.data.name };
  if (query.isError) return isApiError(query.error, 404) ? { state: 'notFound' } : { state: 'failed' };
  return { state: 'checking' };
}

export interface LookupTexts {
  bankNotFound: string;
  branchNotFound: string;
  /** The look-up itself failed (network, server). */
  failed: string;
  /** Submitted while a look-up is under way. */
  waiting: string;
  /** Submitted with a name typed in a code field but no entry chosen from its list. */
  unpickedBank: string;
  unpickedBranch: string;
}

/** What a look-up that found nothing, or failed, says under its code. */
export function lookupError(lookup: Lookup, notFound: string, texts: Pick<LookupTexts, 'failed'>): string | undefined {
  if (lookup.state === 'notFound') return notFound;
  if (lookup.state === 'failed') return texts.failed;
  return undefined;
}

/** What the confirm step shows and sends: the checked body and the names the look-ups found. */
export interface ConfirmedAccount {
  body: CheckedBankAccount;
  bankName: string;
  branchName: string;
}

/**
 * The step from the form to its confirm step: the values checked with the contract's schema of the
 * request (its messages are the server's), and both codes found in the Zengin list.
 */
export function confirmBankAccount(
  values: BankAccountValues,
  schema: SettingsBodySchemas['bankAccount'],
  lookups: { bank: Lookup; branch: Lookup },
  texts: LookupTexts,
): { ok: true; confirmed: ConfirmedAccount } | { ok: false; problems: BankProblems } {
  const parsed = schema.safeParse({
    bank_code: values.bankCode,
    branch_code: values.branchCode,
    account_type: values.accountType,
    account_number: values.accountNumber,
    holder_name: values.holderName,
  });
  const problems: BankProblems = {};
  // A name searched with but not chosen: the schema would only say the code is not digits.
  if (isSearchText(values.bankCode)) problems.bankCode = texts.unpickedBank;
  if (isSearchText(values.branchCode)) problems.branchCode = texts.unpickedBranch;
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = FIELD_OF[String(issue.path[0])];
      if (field) problems[field] ??= issue.message;
    }
  }
  const { bank, branch } = lookups;
  problems.bankCode ??= bank.state === 'checking' ? texts.waiting : lookupError(bank, texts.bankNotFound, texts);
  // A branch is looked up only under a bank that was found.
  if (bank.state === 'found') {
    problems.branchCode ??=
      branch.state === 'checking' ? texts.waiting : lookupError(branch, texts.branchNotFound, texts);
  }
  const found = BANK_FIELDS.filter((field) => problems[field] !== undefined);
  if (found.length > 0)
    return { ok: false, problems: Object.fromEntries(found.map((field) => [field, problems[field]])) };
  if (!parsed.success || bank.state !== 'found' || branch.state !== 'found') {
    // Only an incomplete code can leave a look-up idle, and the schema has refused it.
    return { ok: false, problems: {} };
  }
  return { ok: true, confirmed: { body: parsed.data, bankName: bank.name, branchName: branch.name } };
}

/** A refused registration (400 with `field`) as the problem of that field; null for any other failure. */
export function bankAccountRefusal(error: unknown, invalidRequest: string): BankProblems | null {
  const refusal = fieldRefusal(error);
  const field = refusal ? FIELD_OF[refusal.field] : undefined;
  if (!refusal || !field) return null;
  return { [field]: refusal.message ?? invalidRequest };
}
