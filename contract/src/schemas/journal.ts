import { z } from 'zod';
import { JOURNAL_ACCOUNT_MESSAGES, JOURNAL_ACCOUNT_NAME_MAX } from '../journalAccounts';

/* The journal export (仕訳データ, 弥生会計's import layout): the account names each merchant books under. */

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
