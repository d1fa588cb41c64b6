/*
 * The journal export's accounts as plain values: the /download page's settings card lists them, and
 * taking them from the schemas' module (schemas/journal.ts) brought zod into that page's chunk.
 */

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
