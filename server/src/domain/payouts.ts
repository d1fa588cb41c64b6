import {
  BANK_ACCOUNT_HOLD_HOURS_DEFAULT,
  BANK_ACCOUNT_TYPE_LABELS,
  type BankAccountType,
  type CallResponse,
  type MaskedAccount,
  type Payout,
  type PayoutStatus,
} from '@coin/contract';
import { type Db, inTransaction } from '../db/connection';
import { DomainError } from './errors';
import { feeRateOn } from './fees';
import { heldForRefunds, postTransaction, SYSTEM_WALLETS } from './ledger';
import { tokyoDateTime } from './mail';
import { closingBefore, closingOnOrAfter, payoutDateOf, periodStartOf } from './payoutCalendar';
import { addDays, tokyoDate, tokyoPeriod } from './time';

/**
 * Payouts: at each closing (the 15th and the last day of a month) the payout run moves the merchant's
 * balance of the payout coin above its reserve out of its wallet to its bank account, less the payout fee (the merchant's
 * WITHDRAWAL rate in fee_rates) and the bank transfer fee; the transfer happens on the payout date of
 * the payout calendar (payoutCalendar.ts).
 */

/** The coin paid out in yen. */
export const PAYOUT_COIN_ID = 1;
/**
 * What a payout leaves in the wallet: the merchant's reserve for refunds and other payments between
 * closings (支払準備金). A payout pays the balance above it.
 */
export const PAYOUT_RESERVE = 30_000;
/** When the hold of payouts to an account changed at `changedAt` ends; null when it never changed. */
export const holdEnd = (changedAt: Date | null, holdHours: number): Date | null =>
  changedAt && holdHours > 0 ? new Date(changedAt.getTime() + holdHours * 60 * 60 * 1000) : null;

/** The bank transfer fee of a payout, in yen. */
export const PAYOUT_TRANSFER_FEE = 250;
/** A run closes the closings of at most this many days back (a new service does not pay out a year at once). */
const LOOKBACK_DAYS = 31;

export const PAYOUT_MESSAGES = {
  noBankAccount: '振込先口座が登録されていないため、出金を見送りました',
  accountHeld: (until: Date) =>
    `振込先口座が変更されたため、${tokyoDateTime(until)}まで出金を保留しました（保留分はその後の最初の出金で振り込みます）`,
  belowFees: '出金できる残高（支払準備金を除く）が手数料に満たないため、出金を見送りました',
  notGroupParent: 'グループの親加盟店のみ、グループ加盟店の出金情報を閲覧できます',
} as const;

/** What a balance pays out: the part above the reserve. */
export const payableOf = (balance: number) => Math.max(0, balance - PAYOUT_RESERVE);

/** The payout fee of a gross amount at a rate in basis points; fractions of a yen are cut off. */
export const payoutFee = (gross: number, rateBp: number) => Math.floor((gross * rateBp) / 10_000);

/** An account number as every screen and file shows it: its last 4 digits (`****4567`). */
export const maskAccountNumber = (accountNumber: string) => `****${accountNumber.slice(-4)}`;

export function maskAccount(account: {
  bank_name: string;
  branch_name: string;
  account_type: BankAccountType;
  account_number: string;
}): MaskedAccount {
  return {
    bank_name: account.bank_name,
    branch_name: account.branch_name,
    account_type_label: BANK_ACCOUNT_TYPE_LABELS[account.account_type],
    number_masked: maskAccountNumber(account.account_number),
  };
}

/** One line for a CSV cell: `群馬 前橋 普通 ****4567`. */
export const maskedAccountText = (account: MaskedAccount) =>
  `${account.bank_name} ${account.branch_name} ${account.account_type_label} ${account.number_masked}`;

/** FAILED once returned by the bank; PAID from its payout date on; SCHEDULED before. */
export function payoutStatus(payout: { failed_at: Date | null; payout_date: string }, today: string): PayoutStatus {
  if (payout.failed_at) return 'FAILED';
  return payout.payout_date <= today ? 'PAID' : 'SCHEDULED';
}

/** The merchant's payout fee rate on a Tokyo day, in basis points (0 when none is set). */
const payoutFeeRate = (db: Db, merchantId: number, day: string) => feeRateOn(db, merchantId, 'WITHDRAWAL', day);

/** Payouts with their merchant, coin and posting (the list's rows; a statement's). */
export function payouts(db: Db) {
  return db
    .selectFrom('payouts as p')
    .innerJoin('merchants as m', 'm.id', 'p.merchant_id')
    .innerJoin('coins as c', 'c.id', 'p.coin_id')
    .innerJoin('transactions as t', 't.id', 'p.transaction_id')
    .select([
      't.created_at as posted_at',
      'p.id',
      'p.merchant_id',
      'm.name as merchant_name',
      'p.period_start',
      'p.period_end',
      'p.payout_date',
      'c.name as coin_name',
      'p.gross_amount',
      'p.fee',
      'p.transfer_fee',
      'p.net_amount',
      'p.bank_name',
      'p.branch_name',
      'p.account_type',
      'p.account_number',
      'p.failed_at',
      'p.failure_reason',
      'p.transaction_id',
    ]);
}

type PayoutRow = Awaited<ReturnType<ReturnType<typeof payouts>['executeTakeFirstOrThrow']>>;

export function toPayout(row: PayoutRow, today: string): Payout {
  return {
    id: row.id,
    merchant_id: row.merchant_id,
    merchant_name: row.merchant_name,
    period_start: row.period_start,
    period_end: row.period_end,
    payout_date: row.payout_date,
    coin_name: row.coin_name,
    gross_amount: row.gross_amount,
    fee: row.fee,
    transfer_fee: row.transfer_fee,
    net_amount: row.net_amount,
    account: maskAccount(row),
    status: payoutStatus(row, today),
    failure_reason: row.failure_reason,
    transaction_id: row.transaction_id,
    posted_at: row.posted_at.toISOString(),
  };
}

interface PeriodPage {
  start_date: string;
  end_date: string;
  limit: number;
  offset: number;
}

/** Payouts of some merchants whose period ended in the Tokyo period, newest first, one page and the count. */
async function payoutPage(db: Db, merchantIds: readonly number[], query: PeriodPage, today: string) {
  tokyoPeriod(query.start_date, query.end_date);
  const filtered = payouts(db)
    .where('p.merchant_id', 'in', merchantIds)
    .where('p.period_end', '>=', query.start_date)
    .where('p.period_end', '<=', query.end_date);
  const [{ total }, rows] = await Promise.all([
    filtered
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
    filtered
      .orderBy('p.period_end', 'desc')
      .orderBy('p.merchant_id')
      .orderBy('p.id', 'desc')
      .limit(query.limit)
      .offset((query.offset - 1) * query.limit)
      .execute(),
  ]);
  return {
    items: rows.map((row) => toPayout(row, today)),
    total: Number(total),
    limit: query.limit,
    offset: query.offset,
  };
}

async function accountOf(db: Db, merchantId: number) {
  return db.selectFrom('merchant_bank_accounts').selectAll().where('merchant_id', '=', merchantId).executeTakeFirst();
}

async function balanceOf(db: Db, walletNo: string, coinId: number): Promise<number> {
  const row = await db
    .selectFrom('wallet_balances')
    .select('amount')
    .where('wallet_no', '=', walletNo)
    .where('coin_id', '=', coinId)
    .executeTakeFirst();
  return row?.amount ?? 0;
}

/** At most this many payouts awaiting their transfer day are answered beside the list (two closings a month). */
const SCHEDULED_SHOWN = 3;

/**
 * The merchant's payouts, those awaiting their transfer day, its next closing with the expected payout,
 * and the closings passed over.
 */
export async function listPayouts(
  db: Db,
  merchantId: number,
  query: PeriodPage,
  now: Date,
  holdHours = BANK_ACCOUNT_HOLD_HOURS_DEFAULT,
): Promise<CallResponse<'listPayouts'>> {
  const today = tokyoDate(now);
  const [page, scheduled, merchant, account, skipped] = await Promise.all([
    payoutPage(db, [merchantId], query, today),
    // Closed, not yet transferred: the payouts due before the next closing's.
    payouts(db)
      .where('p.merchant_id', '=', merchantId)
      .where('p.failed_at', 'is', null)
      .where('p.payout_date', '>', today)
      .orderBy('p.payout_date')
      .orderBy('p.id')
      .limit(SCHEDULED_SHOWN)
      .execute(),
    db.selectFrom('merchants').select('wallet_no').where('id', '=', merchantId).executeTakeFirstOrThrow(),
    accountOf(db, merchantId),
    // Closings passed over since the last payout (that payout carried their money).
    db
      .selectFrom('payout_skips')
      .select(['period_end', 'reason', 'created_at'])
      .where('merchant_id', '=', merchantId)
      .where(({ selectFrom, not, exists }) =>
        not(
          exists(
            selectFrom('payouts as later')
              .select('later.id')
              .where('later.merchant_id', '=', merchantId)
              .whereRef('later.period_end', '>', 'payout_skips.period_end'),
          ),
        ),
      )
      .orderBy('period_end', 'desc')
      .limit(12)
      .execute(),
  ]);
  // The first closing not yet run: today's closing is already past once its payout exists.
  const lastRun = scheduled.at(-1)?.period_end;
  const first = closingOnOrAfter(lastRun && lastRun >= today ? addDays(lastRun, 1) : today);
  const heldUntil = account ? holdEnd(account.changed_at, holdHours) : null;
  // One story after a bank change (issue 45): the closings run while the hold lasts are passed over, and
  // the first run after it pays their money to the new account; that run is the next payout shown.
  let closing = first;
  const holdEndDay = heldUntil && heldUntil.getTime() > now.getTime() ? tokyoDate(heldUntil) : null;
  while (holdEndDay !== null && addDays(closing, 1) <= holdEndDay) closing = closingOnOrAfter(addDays(closing, 1));
  const gross = payableOf(
    (await balanceOf(db, merchant.wallet_no, PAYOUT_COIN_ID)) -
      (await heldForRefunds(db, merchant.wallet_no, PAYOUT_COIN_ID)),
  );
  const fees = payoutFee(gross, await payoutFeeRate(db, merchantId, today)) + PAYOUT_TRANSFER_FEE;
  return {
    ...page,
    scheduled: scheduled.map((row) => toPayout(row, today)),
    next: {
      period_start: periodStartOf(first),
      period_end: closing,
      payout_date: payoutDateOf(closing),
      expected_gross: gross,
      expected_net: Math.max(0, gross - fees),
      account: account ? maskAccount(account) : null,
      account_held_until: heldUntil && heldUntil.getTime() > now.getTime() ? heldUntil.toISOString() : null,
    },
    skipped: skipped.map((row) => ({ ...row, created_at: row.created_at.toISOString() })),
  };
}

/** The merchants of the group `merchantId` is the parent of; refused (403) to a merchant that is none. */
export async function groupMemberIds(db: Db, merchantId: number): Promise<number[]> {
  return (await groupMembers(db, merchantId)).map((member) => member.id);
}

async function groupMembers(db: Db, merchantId: number) {
  const members = await db
    .selectFrom('merchant_groups as g')
    .innerJoin('merchants as m', 'm.group_id', 'g.id')
    .select(['m.id', 'm.name'])
    .where('g.parent_merchant_id', '=', merchantId)
    .orderBy('m.id')
    .execute();
  if (members.length === 0) throw new DomainError('forbidden', PAYOUT_MESSAGES.notGroupParent);
  return members;
}

/** For a group parent: the payouts of every merchant of its group, with each merchant's totals. */
export async function listGroupPayouts(
  db: Db,
  merchantId: number,
  query: PeriodPage,
  now: Date,
): Promise<CallResponse<'listGroupPayouts'>> {
  const members = await groupMembers(db, merchantId);
  const ids = members.map((member) => member.id);
  const [page, totals] = await Promise.all([
    payoutPage(db, ids, query, tokyoDate(now)),
    db
      .selectFrom('payouts')
      .select((eb) => [
        'merchant_id',
        eb.fn.countAll<number>().as('count'),
        eb.fn.sum<number>('gross_amount').as('gross_amount'),
        eb.fn.sum<number>('fee').as('fee'),
        eb.fn.sum<number>('transfer_fee').as('transfer_fee'),
        eb.fn.sum<number>('net_amount').as('net_amount'),
      ])
      .where('merchant_id', 'in', ids)
      .where('period_end', '>=', query.start_date)
      .where('period_end', '<=', query.end_date)
      .where('failed_at', 'is', null)
      .groupBy('merchant_id')
      .execute(),
  ]);
  const byMerchant = new Map(totals.map((row) => [row.merchant_id, row]));
  return {
    ...page,
    merchants: members.map((member) => {
      const row = byMerchant.get(member.id);
      return {
        merchant_id: member.id,
        merchant_name: member.name,
        count: Number(row?.count ?? 0),
        gross_amount: Number(row?.gross_amount ?? 0),
        fee: Number(row?.fee ?? 0),
        transfer_fee: Number(row?.transfer_fee ?? 0),
        net_amount: Number(row?.net_amount ?? 0),
      };
    }),
  };
}

/* ---------- the operator's payout run ---------- */

export interface PayoutRunResult {
  date: string;
  paid: { merchant_id: number; merchant_name: string; period_end: string; payout_date: string; net_amount: number }[];
  skipped: { merchant_id: number; merchant_name: string; period_end: string; reason: string }[];
}

/**
 * Closes the periods due on `date` (whose closing day is before it) and pays each merchant out: per
 * merchant, ONE database transaction that posts the WITHDRAWAL (merchant → payouts wallet for the net
 * amount and → fees wallet for the fees) and records the payout. A merchant without a bank account, or
 * whose balance does not cover the fees, is passed over and told why on its page. Closings already
 * paid or passed over are not due again, so running the same date twice pays nothing twice.
 */
export async function runPayouts(
  db: Db,
  date: string,
  now = new Date(),
  holdHours = BANK_ACCOUNT_HOLD_HOURS_DEFAULT,
): Promise<PayoutRunResult> {
  const result: PayoutRunResult = { date, paid: [], skipped: [] };
  const latestDue = closingBefore(date);
  const merchants = await db
    .selectFrom('merchants')
    .select(['id', 'name', 'wallet_no'])
    .where('status', '=', 'OPEN')
    .orderBy('id')
    .execute();
  for (const merchant of merchants) {
    await inTransaction(db, async (trx) => {
      // The merchant's payouts queue here: a concurrent run waits, then finds the closing done.
      await trx.selectFrom('merchants').select('id').where('id', '=', merchant.id).forUpdate().execute();
      const last = await trx
        .selectFrom('payouts')
        .select('period_end')
        .where('merchant_id', '=', merchant.id)
        .union(trx.selectFrom('payout_skips').select('period_end').where('merchant_id', '=', merchant.id))
        .orderBy('period_end', 'desc')
        .limit(1)
        .executeTakeFirst();
      const since = last?.period_end ?? addDays(date, -LOOKBACK_DAYS);
      if (latestDue <= since) return;
      const skip = async (reason: string) => {
        await trx
          .insertInto('payout_skips')
          .values({ merchant_id: merchant.id, period_end: latestDue, reason, created_at: now })
          .onConflict((oc) => oc.columns(['merchant_id', 'period_end']).doNothing())
          .execute();
        result.skipped.push({ merchant_id: merchant.id, merchant_name: merchant.name, period_end: latestDue, reason });
      };
      const account = await accountOf(trx, merchant.id);
      if (!account) return skip(PAYOUT_MESSAGES.noBankAccount);
      // Trust: a payout to an account changed from another one waits until every Owner could react.
      const heldUntil = holdEnd(account.changed_at, holdHours);
      if (heldUntil && heldUntil.getTime() > now.getTime()) return skip(PAYOUT_MESSAGES.accountHeld(heldUntil));
      // Money held for refund applications still waiting is not paid out.
      const gross = payableOf(
        (await balanceOf(trx, merchant.wallet_no, PAYOUT_COIN_ID)) -
          (await heldForRefunds(trx, merchant.wallet_no, PAYOUT_COIN_ID)),
      );
      const fee = payoutFee(gross, await payoutFeeRate(trx, merchant.id, latestDue));
      const net = gross - fee - PAYOUT_TRANSFER_FEE;
      if (net <= 0) return skip(PAYOUT_MESSAGES.belowFees);
      const { transactionId } = await postTransaction(trx, {
        type: 'WITHDRAWAL',
        merchantId: merchant.id,
        comment: `出金（${latestDue.replaceAll('-', '/')}締め ${account.bank_name} ${BANK_ACCOUNT_TYPE_LABELS[account.account_type]} ****${account.account_number.slice(-4)}）`,
        idempotencyKey: `payout:${merchant.id}:${latestDue}`,
        at: now,
        entries: [
          { walletNo: merchant.wallet_no, coinId: PAYOUT_COIN_ID, amount: -gross },
          { walletNo: SYSTEM_WALLETS.payouts, coinId: PAYOUT_COIN_ID, amount: net },
          { walletNo: SYSTEM_WALLETS.fees, coinId: PAYOUT_COIN_ID, amount: fee + PAYOUT_TRANSFER_FEE },
        ],
      });
      const payoutDate = payoutDateOf(latestDue);
      await trx
        .insertInto('payouts')
        .values({
          merchant_id: merchant.id,
          // From the day after the last closing done (a passed-over closing's money is in this payout).
          period_start: last ? addDays(last.period_end, 1) : periodStartOf(latestDue),
          period_end: latestDue,
          payout_date: payoutDate,
          coin_id: PAYOUT_COIN_ID,
          gross_amount: gross,
          fee,
          transfer_fee: PAYOUT_TRANSFER_FEE,
          net_amount: net,
          bank_name: account.bank_name,
          branch_name: account.branch_name,
          account_type: account.account_type,
          account_number: account.account_number,
          transaction_id: transactionId,
          created_at: now,
        })
        .execute();
      result.paid.push({
        merchant_id: merchant.id,
        merchant_name: merchant.name,
        period_end: latestDue,
        payout_date: payoutDate,
        net_amount: net,
      });
    });
  }
  return result;
}
