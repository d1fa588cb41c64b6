import {
  type CallBody,
  JOURNAL_ACCOUNT_DEFAULTS,
  type JournalAccounts,
  type JournalAccountsResponse,
} from '@coin/contract';
import { sql } from 'kysely';
import { type Db, inTransaction } from '../db/connection';
import { recordAudit } from './audit';
import { addDays, addMonths, tokyoDayStart, tokyoPeriod } from './time';

/**
 * The journal export (仕訳データ) of a period, from the merchant's side, in 弥生会計's import layout
 * 「弥生取り込み(インポート)形式(弥生会計 05以降)」 (docs/operations.md, "Journal export (仕訳)"):
 *
 * - sales: per Tokyo day and coin, 売掛金 (sub-account: the coin) / 売上高; refunds the reverse;
 * - refund fees: per Tokyo day and coin, 支払手数料 / 売掛金;
 * - rebates the service paid: 売掛金 / 雑収入, one per rebate;
 * - a month's payment fees: settled from the balance, 支払手数料 / 売掛金 on the settlement day; settled
 *   in cash, 支払手数料 / 未払金 on the month's last day; months not settled yet are left out; an
 *   operator's later correction of a booked month, 支払手数料 / 未払金 (or the reverse) on its day;
 * - each payout not returned by the bank whose transfer date has come, on that date: 普通預金 (net) +
 *   支払手数料 (payout fee) + 支払手数料 (transfer fee) / 売掛金 (gross), one multi-line entry.
 *
 * Amounts are tax-inclusive yen (the coins are yen-valued). The account names are the merchant's
 * (journal_accounts), or the defaults.
 */

/** The columns of the layout, in order (the file has no header row; the names document the cells). */
export const YAYOI_COLUMNS = [
  '識別フラグ',
  '伝票No.',
  '決算',
  '取引日付',
  '借方勘定科目',
  '借方補助科目',
  '借方部門',
  '借方税区分',
  '借方金額',
  '借方税金額',
  '貸方勘定科目',
  '貸方補助科目',
  '貸方部門',
  '貸方税区分',
  '貸方金額',
  '貸方税金額',
  '摘要',
  '番号',
  '期日',
  'タイプ',
  '生成元',
  '仕訳メモ',
  '付箋1',
  '付箋2',
  '調整',
] as const;

/** 識別フラグ: a one-line entry; the first, middle and last rows of a multi-line one. */
export const YAYOI_FLAGS = { single: 2000, first: 2110, middle: 2100, last: 2101 } as const;

/**
 * The tax category of the service's fees: taxable purchases for taxable sales (課対仕入), tax included
 * (内), 10 %. Written as 弥生会計 composes an import's 税区分 (category, calculation, rate: its example is
 * 課税売上内10%). Other lines leave it empty: 弥生会計 then takes the account's own category, which is
 * right for 売掛金, 普通預金 and 未払金 (対象外), and leaves the rate of the goods sold (10 % or the
 * reduced 8 %, which the service does not know) to the shop's own setting of 売上高.
 */
export const FEE_TAX_CATEGORY = '課対仕入内10%';

/** The consumption tax on a month's fees (before tax), as the fee summaries and their corrections hold it (fees.ts). */
const feeTax = (fee: number) => Math.floor(fee / 10);

/** The consumption tax a tax-inclusive amount at 10 % holds, yen fractions cut off. */
export const includedTax = (amount: number) => Math.floor((amount * 10) / 110);

export type JournalCell = string | number | null;

/** One side of one line of an entry. */
interface Side {
  account: string;
  sub?: string | undefined;
  taxCategory?: string | undefined;
  amount: number;
  tax?: number | undefined;
}

/** One journal entry: its date (YYYY-MM-DD), its debit and credit lines (each side's total equal), its description. */
export interface JournalEntry {
  date: string;
  debit: Side[];
  credit: Side[];
  description: string;
}

const cellsOf = (side: Side | undefined): JournalCell[] =>
  side
    ? [side.account, side.sub ?? null, null, side.taxCategory ?? null, side.amount, side.tax ?? null]
    : // A line of a multi-line entry with nothing on this side: no account, amount 0.
      [null, null, null, null, 0, null];

/**
 * An entry's rows in the layout: one row (2000) when it has one line a side, else one row per line
 * (2110, 2100…, 2101), debit and credit lines side by side. Lines of 0 yen are left out.
 */
export function entryRows(entry: JournalEntry): JournalCell[][] {
  const debit = entry.debit.filter((line) => line.amount !== 0);
  const credit = entry.credit.filter((line) => line.amount !== 0);
  const total = (lines: Side[]) => lines.reduce((sum, line) => sum + line.amount, 0);
  if (total(debit) !== total(credit)) {
    throw new Error(`unbalanced journal entry (${entry.description}): ${total(debit)} ≠ ${total(credit)}`);
  }
  const count = Math.max(debit.length, credit.length);
  if (count === 0) return [];
  const date = entry.date.replaceAll('-', '/');
  const rows: JournalCell[][] = [];
  for (let index = 0; index < count; index++) {
    const flag =
      count === 1
        ? YAYOI_FLAGS.single
        : index === 0
          ? YAYOI_FLAGS.first
          : index === count - 1
            ? YAYOI_FLAGS.last
            : YAYOI_FLAGS.middle;
    rows.push([
      flag,
      null,
      null,
      date,
      ...cellsOf(debit[index]),
      ...cellsOf(credit[index]),
      entry.description,
      null,
      null,
      // タイプ: 0 (a journal entry, not a slip of a cash book).
      0,
      null,
      null,
      null,
      null,
      // 調整: not an adjusting entry.
      'no',
    ]);
  }
  return rows;
}

/** The merchant's account names, or the defaults where it has set none. */
export async function journalAccounts(db: Db, merchantId: number): Promise<JournalAccountsResponse> {
  const row = await db
    .selectFrom('journal_accounts')
    .select(['receivable', 'sales', 'fees', 'bank', 'payable', 'other_income'])
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
  return row ? { accounts: row, is_default: false } : { accounts: { ...JOURNAL_ACCOUNT_DEFAULTS }, is_default: true };
}

export async function updateJournalAccounts(
  db: Db,
  merchantId: number,
  actor: { userId: number; clientIp: string },
  body: CallBody<'updateJournalAccounts'>,
  now: Date,
): Promise<JournalAccountsResponse> {
  await inTransaction(db, async (trx) => {
    const before = await journalAccounts(trx, merchantId);
    await trx
      .insertInto('journal_accounts')
      .values({ merchant_id: merchantId, ...body, updated_by: actor.userId, updated_at: now })
      .onConflict((oc) => oc.column('merchant_id').doUpdateSet({ ...body, updated_by: actor.userId, updated_at: now }))
      .execute();
    await recordAudit(
      trx,
      {
        actorUserId: actor.userId,
        action: 'merchant.journal_accounts_updated',
        merchantId,
        before: before.accounts,
        after: body,
        clientIp: actor.clientIp,
      },
      now,
    );
  });
  return journalAccounts(db, merchantId);
}

const tokyoDay = (column: string) => sql<string>`to_char(${sql.ref(column)} at time zone 'Asia/Tokyo', 'YYYY-MM-DD')`;
const monthLabel = (month: string) => `${month.slice(0, 4)}年${Number(month.slice(4))}月分`;
/** The last day (YYYY-MM-DD) of a month 'YYYYMM'. */
const lastDayOf = (month: string) => {
  const next = addMonths(month, 1);
  return addDays(`${next.slice(0, 4)}-${next.slice(4)}-01`, -1);
};

/** The merchant's entries of one ledger type summed per Tokyo day and coin, of the given sign. */
async function dailyTotals(db: Db, walletNo: string, type: 'PAYMENT' | 'REFUND', sign: 1 | -1, from: Date, to: Date) {
  const rows = await db
    .selectFrom('entries as e')
    .innerJoin('coins as c', 'c.id', 'e.coin_id')
    .select([
      tokyoDay('e.created_at').as('date'),
      'c.name as coin_name',
      (eb) => eb.fn.sum<number>('e.amount').as('amount'),
    ])
    .where('e.wallet_no', '=', walletNo)
    .where('e.type', '=', type)
    .where('e.amount', sign > 0 ? '>' : '<', 0)
    .where('e.created_at', '>=', from)
    .where('e.created_at', '<', to)
    .groupBy([sql`1`, 'c.name'])
    .orderBy(sql`1`)
    .orderBy('c.name')
    .execute();
  return rows.map((row) => ({ date: row.date, coin: row.coin_name, amount: Math.abs(Number(row.amount)) }));
}

/** Every entry of the period, oldest first (ties: sales, refunds, refund fees, rebates, fees, payouts). */
export async function journalEntriesOf(
  db: Db,
  merchantId: number,
  walletNo: string,
  startDate: string,
  endDate: string,
  accounts: JournalAccounts,
  today: string,
): Promise<JournalEntry[]> {
  const { from, to } = tokyoPeriod(startDate, endDate);
  const entries: { order: number; entry: JournalEntry }[] = [];
  const add = (order: number, entry: JournalEntry) => entries.push({ order, entry });

  for (const row of await dailyTotals(db, walletNo, 'PAYMENT', 1, from, to)) {
    add(0, {
      date: row.date,
      debit: [{ account: accounts.receivable, sub: row.coin, amount: row.amount }],
      credit: [{ account: accounts.sales, amount: row.amount }],
      description: `${row.coin} 決済売上`,
    });
  }
  for (const row of await dailyTotals(db, walletNo, 'REFUND', -1, from, to)) {
    add(1, {
      date: row.date,
      debit: [{ account: accounts.sales, amount: row.amount }],
      credit: [{ account: accounts.receivable, sub: row.coin, amount: row.amount }],
      description: `${row.coin} 返金`,
    });
  }

  // Refund fees: FEE transactions charged with a refund (refunds.ts).
  const refundFees = await db
    .selectFrom('entries as e')
    .innerJoin('transactions as t', 't.id', 'e.transaction_id')
    .innerJoin('transactions as r', 'r.id', 't.related_transaction_id')
    .innerJoin('coins as c', 'c.id', 'e.coin_id')
    .select([
      tokyoDay('e.created_at').as('date'),
      'c.name as coin_name',
      (eb) => eb.fn.sum<number>('e.amount').as('amount'),
    ])
    .where('e.wallet_no', '=', walletNo)
    .where('e.type', '=', 'FEE')
    .where('r.type', '=', 'REFUND')
    .where('e.created_at', '>=', from)
    .where('e.created_at', '<', to)
    .groupBy([sql`1`, 'c.name'])
    .orderBy(sql`1`)
    .orderBy('c.name')
    .execute();
  for (const row of refundFees) {
    const amount = Math.abs(Number(row.amount));
    add(2, {
      date: row.date,
      debit: [{ account: accounts.fees, taxCategory: FEE_TAX_CATEGORY, amount, tax: includedTax(amount) }],
      credit: [{ account: accounts.receivable, sub: row.coin_name, amount }],
      description: `${row.coin_name} 返金手数料`,
    });
  }

  const rebates = await db
    .selectFrom('merchant_rebates as r')
    .innerJoin('coins as c', 'c.id', 'r.coin_id')
    .select([tokyoDay('r.paid_at').as('date'), 'r.month', 'r.campaign', 'r.amount', 'c.name as coin_name'])
    .where('r.merchant_id', '=', merchantId)
    .where('r.paid_at', '>=', from)
    .where('r.paid_at', '<', to)
    .orderBy('r.paid_at')
    .orderBy('r.id')
    .execute();
  for (const row of rebates) {
    add(3, {
      date: row.date,
      debit: [{ account: accounts.receivable, sub: row.coin_name, amount: row.amount }],
      credit: [{ account: accounts.other_income, amount: row.amount }],
      description: `${monthLabel(row.month)} ${row.campaign}`,
    });
  }

  // A month's payment fees, booked once they are settled: from the balance on the settlement day, or in
  // cash on the month's last day, at the fees in effect then. An operator's later correction of the month
  // (fee_corrections; the difference is settled outside the service) is an entry of its own on its day.
  const fees = await db
    .selectFrom('monthly_fee_summaries as f')
    .leftJoin('entries as e', (join) =>
      join.onRef('e.transaction_id', '=', 'f.settlement_transaction_id').on('e.wallet_no', '=', walletNo),
    )
    .leftJoin('coins as c', 'c.id', 'e.coin_id')
    .select([
      'f.summarized_month',
      'f.amount',
      'f.status',
      'e.amount as paid',
      'e.created_at as settled_at',
      tokyoDay('e.created_at').$castTo<string | null>().as('settled_on'),
      'c.name as coin_name',
    ])
    .where('f.merchant_id', '=', merchantId)
    .where('f.status', '!=', 'UNSETTLED')
    .orderBy('f.summarized_month')
    .execute();
  const corrections = await db
    .selectFrom('fee_corrections')
    .select(['summarized_month', 'previous_amount', 'amount', 'created_at', tokyoDay('created_at').as('day')])
    .where('merchant_id', '=', merchantId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const inPeriod = (date: string) => date >= startDate && date <= endDate;
  for (const row of fees) {
    const month = monthLabel(row.summarized_month);
    const cash = row.status === 'CASH_SETTLED' || row.settled_at === null;
    const bookedAt = cash ? tokyoDayStart(addDays(lastDayOf(row.summarized_month), 1)) : (row.settled_at as Date);
    const later = corrections.filter(
      (c) => c.summarized_month === row.summarized_month && new Date(c.created_at) >= bookedAt,
    );
    // The fees as they stood when booked: before the first correction made since.
    const bookedFee = later[0]?.previous_amount ?? row.amount;
    const bookedTax = feeTax(bookedFee);
    // From the balance: what the wallet paid (the ledger); in cash: the fees and their tax.
    const total = cash ? bookedFee + bookedTax : -Number(row.paid);
    const date = cash ? lastDayOf(row.summarized_month) : (row.settled_on as string);
    if (total !== 0 && inPeriod(date)) {
      add(4, {
        date,
        debit: [{ account: accounts.fees, taxCategory: FEE_TAX_CATEGORY, amount: total, tax: bookedTax }],
        credit: [
          cash
            ? { account: accounts.payable, amount: total }
            : { account: accounts.receivable, sub: row.coin_name ?? undefined, amount: total },
        ],
        description: `${month} 決済手数料${cash ? '（現金払い）' : ''}`,
      });
    }
    for (const correction of later) {
      const tax = feeTax(correction.amount) - feeTax(correction.previous_amount);
      const change = correction.amount - correction.previous_amount + tax;
      if (change === 0 || !inPeriod(correction.day)) continue;
      const fee = {
        account: accounts.fees,
        taxCategory: FEE_TAX_CATEGORY,
        amount: Math.abs(change),
        tax: Math.abs(tax),
      };
      const payable = { account: accounts.payable, amount: Math.abs(change) };
      add(4, {
        date: correction.day,
        // Raised: more to pay (未払金); lowered: the service owes it back (未払金 debited).
        debit: [change > 0 ? fee : payable],
        credit: [change > 0 ? payable : fee],
        description: `${month} 決済手数料の訂正`,
      });
    }
  }

  const payouts = await db
    .selectFrom('payouts as p')
    .innerJoin('coins as c', 'c.id', 'p.coin_id')
    .select([
      'p.payout_date',
      'p.period_start',
      'p.period_end',
      'p.gross_amount',
      'p.fee',
      'p.transfer_fee',
      'p.net_amount',
      'c.name as coin_name',
    ])
    .where('p.merchant_id', '=', merchantId)
    .where('p.failed_at', 'is', null)
    .where('p.payout_date', '>=', startDate)
    .where('p.payout_date', '<=', endDate < today ? endDate : today)
    .orderBy('p.payout_date')
    .orderBy('p.id')
    .execute();
  for (const row of payouts) {
    add(5, {
      date: row.payout_date,
      debit: [
        { account: accounts.bank, amount: row.net_amount },
        { account: accounts.fees, taxCategory: FEE_TAX_CATEGORY, amount: row.fee, tax: includedTax(row.fee) },
        {
          account: accounts.fees,
          taxCategory: FEE_TAX_CATEGORY,
          amount: row.transfer_fee,
          tax: includedTax(row.transfer_fee),
        },
      ],
      credit: [{ account: accounts.receivable, sub: row.coin_name, amount: row.gross_amount }],
      description: `出金 ${row.period_start.replaceAll('-', '/')}～${row.period_end.replaceAll('-', '/')}締め`,
    });
  }

  entries.sort((a, b) => (a.entry.date < b.entry.date ? -1 : a.entry.date > b.entry.date ? 1 : a.order - b.order));
  return entries.map(({ entry }) => entry);
}

/** The journal file's rows: every entry of the period in the layout (one batch: a period holds few entries). */
export async function* journalBatches(
  db: Db,
  merchantId: number,
  walletNo: string,
  startDate: string,
  endDate: string,
  today: string,
): AsyncGenerator<JournalCell[][]> {
  const { accounts } = await journalAccounts(db, merchantId);
  const entries = await journalEntriesOf(db, merchantId, walletNo, startDate, endDate, accounts, today);
  yield entries.flatMap(entryRows);
}
