import { z } from 'zod';

/* The journal export (仕訳データ, 弥生会計's import layout): the account names each merchant books under. */

/** The accounts of the journal, in the order the settings form shows them. */
export const JOURNAL_ACCOUNT_KEYS = ['receivable', 'sales', 'fees', 'bank', 'payable', 'other_income'] as const;
export type JournalAccountKey = (typeof JOURNAL_ACCOUNT_KEYS)[number];

/**
 * What the journal books under when the merchant has set nothing: the names 弥生会計's standard chart of
 * accounts carries, so that a first import needs no matching.
 */
export const JOURNAL_ACCOUNT_DEFAULTS: Readonly<Record<JournalAccountKey, string>> = {
  /** The coin balance the service owes the merchant; its sub-account (補助科目) is the coin's name. */
  receivable: '売掛金',
  sales: '売上高',
  /** Payment fees, refund fees, payout fees and bank transfer fees. */
  fees: '支払手数料',
  /** Where payouts arrive. */
  bank: '普通預金',
  /** A month's fees the merchant pays in cash (not from its balance), until it pays them. */
  payable: '未払金',
  /** Rebates the service pays the merchant. */
  other_income: '雑収入',
};

export const JOURNAL_ACCOUNT_NAME_MAX = 24;

export const JOURNAL_ACCOUNT_MESSAGES = {
  required: '勘定科目名を入力してください',
  tooLong: `勘定科目名は${JOURNAL_ACCOUNT_NAME_MAX}文字以内で入力してください`,
  unsafe: '勘定科目名に制御文字・改行・表示されない文字は使えません',
} as const;

/** Controls, line breaks and format characters (direction marks, zero-width characters): nothing a ledger name holds. */
const UNSAFE_ACCOUNT_CHAR = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

/** An account name as 弥生会計 matches it against its chart of accounts: trimmed, 1–24 characters, visible. */
export const journalAccountNameSchema = z
  .string()
  .trim()
  .superRefine((name, ctx) => {
    if (UNSAFE_ACCOUNT_CHAR.test(name)) ctx.addIssue({ code: 'custom', message: JOURNAL_ACCOUNT_MESSAGES.unsafe });
    else if (name === '') ctx.addIssue({ code: 'custom', message: JOURNAL_ACCOUNT_MESSAGES.required });
    else if (name.length > JOURNAL_ACCOUNT_NAME_MAX) {
      ctx.addIssue({ code: 'custom', message: JOURNAL_ACCOUNT_MESSAGES.tooLong });
    }
  });

export const journalAccountsSchema = z.object({
  receivable: journalAccountNameSchema,
  sales: journalAccountNameSchema,
  fees: journalAccountNameSchema,
  bank: journalAccountNameSchema,
  payable: journalAccountNameSchema,
  other_income: journalAccountNameSchema,
});
export type JournalAccounts = z.infer<typeof journalAccountsSchema>;

export const journalAccountsResponseSchema = z.object({
  accounts: z.object({
    receivable: z.string(),
    sales: z.string(),
    fees: z.string(),
    bank: z.string(),
    payable: z.string(),
    other_income: z.string(),
  }),
  /** True while the merchant has set nothing and the defaults apply. */
  is_default: z.boolean(),
});
export type JournalAccountsResponse = z.infer<typeof journalAccountsResponseSchema>;

export const updateJournalAccountsBodySchema = journalAccountsSchema;
