import type { UtilityBillCategory } from '@coin/contract';
import { type Insertable, sql, type Transaction } from 'kysely';
import { Random } from '../db/random';
import type { Database, UtilityBillPaymentTable } from '../db/schema';
import { SYSTEM_WALLETS } from '../domain/ledger';
import { closingBefore, payoutDateOf, periodStartOf } from '../domain/payoutCalendar';
import { PAYOUT_COIN_ID, PAYOUT_MESSAGES, PAYOUT_TRANSFER_FEE } from '../domain/payouts';
import { addDays, tokyoDate } from '../domain/time';
import { DEMO_MERCHANTS } from './accounts';
import { REBATE_CAMPAIGNS } from './core/monthEnd';
import { PAYOUT_RETURN_COMMENT } from './core/payoutRuns';

/**
 * Payouts, rebates and utility bills, demo rows (DESIGN.md §9): bank accounts of 本店 and 駅前店 (まちのパン屋
 * has none, so its last closing was passed over), the payouts of the core's WITHDRAWAL transactions
 * (one returned by the bank, the latest still scheduled), the core's REBATE transactions by month and
 * campaign, and 13 months of utility bills paid by QR at 本店 and 駅前店.
 */

type Trx = Transaction<Database>;

const SEED = 20261124;
const DAY = 24 * 60 * 60 * 1000;

/** Codes and names as the Zengin code list has them (群馬銀行: 0128). */
export const DEMO_BANK_ACCOUNTS = [
  {
    merchant_id: DEMO_MERCHANTS.main.id,
    bank_code: '0128',
    bank_name: '群馬',
    branch_code: '100',
    branch_name: '本店営業部',
    account_type: 'ORDINARY' as const,
    account_number: '0012345',
    holder_name: 'ｶ)ﾒﾌﾞｸｶﾌｴ',
  },
  {
    merchant_id: DEMO_MERCHANTS.station.id,
    bank_code: '0128',
    bank_name: '群馬',
    branch_code: '112',
    branch_name: '前橋',
    account_type: 'ORDINARY' as const,
    account_number: '0067890',
    holder_name: 'ｶ)ﾒﾌﾞｸｶﾌｴ ｴｷﾏｴﾃﾝ',
  },
];

const BILLERS: readonly { name: string; category: UtilityBillCategory; prefix: string; min: number; max: number }[] = [
  { name: 'めぶく電力', category: 'ELECTRICITY', prefix: 'E', min: 2800, max: 14800 },
  { name: 'あかぎガス', category: 'GAS', prefix: 'G', min: 1900, max: 9800 },
  { name: '前橋市上下水道局', category: 'WATER', prefix: 'W', min: 2200, max: 8600 },
  { name: 'はるなテレコム', category: 'PHONE', prefix: 'T', min: 1500, max: 7200 },
  { name: '前橋市（軽自動車税）', category: 'TAX', prefix: 'X', min: 3900, max: 10800 },
];

export async function seedPayouts(trx: Trx, { now }: { now: Date }): Promise<void> {
  await trx.insertInto('merchant_bank_accounts').values(DEMO_BANK_ACCOUNTS).execute();
  await insertPayouts(trx);
  // まちのパン屋 has no bank account: the run passed its last closing over.
  await trx
    .insertInto('payout_skips')
    .values({
      merchant_id: DEMO_MERCHANTS.bakery.id,
      // The latest closing a run has passed: the one before today.
      period_end: closingBefore(tokyoDate(now)),
      reason: PAYOUT_MESSAGES.noBankAccount,
      created_at: now,
    })
    .execute();
  await insertRebates(trx);
  await insertUtilityBills(trx, now);
}

/** One payout per WITHDRAWAL of the payout coin to the payouts wallet; a returned one failed. */
async function insertPayouts(trx: Trx): Promise<void> {
  const rows = await trx
    .selectFrom('transactions as t')
    .innerJoin('merchants as m', 'm.id', 't.merchant_id')
    .innerJoin('entries as out', (join) =>
      join.onRef('out.transaction_id', '=', 't.id').onRef('out.wallet_no', '=', 'm.wallet_no').on('out.amount', '<', 0),
    )
    .innerJoin('entries as paid', (join) =>
      join.onRef('paid.transaction_id', '=', 't.id').on('paid.wallet_no', '=', SYSTEM_WALLETS.payouts),
    )
    .innerJoin('entries as fees', (join) =>
      join.onRef('fees.transaction_id', '=', 't.id').on('fees.wallet_no', '=', SYSTEM_WALLETS.fees),
    )
    .innerJoin('merchant_bank_accounts as a', 'a.merchant_id', 'm.id')
    .leftJoin('transactions as r', (join) =>
      join.onRef('r.related_transaction_id', '=', 't.id').on('r.comment', '=', PAYOUT_RETURN_COMMENT),
    )
    .select([
      't.id',
      'm.id as merchant_id',
      't.created_at',
      'out.amount as gross',
      'paid.amount as net',
      'fees.amount as fees',
      'a.bank_name',
      'a.branch_name',
      'a.account_type',
      'a.account_number',
      'r.id as return_id',
      'r.created_at as returned_at',
    ])
    .where('t.type', '=', 'WITHDRAWAL')
    .where('out.coin_id', '=', PAYOUT_COIN_ID)
    .orderBy('m.id')
    .orderBy('t.created_at')
    .execute();
  const lastClosing = new Map<number, string>();
  const values = rows.map((row) => {
    // Posted by the run of the day after the closing: the closing is the one before that day.
    const periodEnd = closingBefore(tokyoDate(row.created_at));
    const previous = lastClosing.get(row.merchant_id);
    lastClosing.set(row.merchant_id, periodEnd);
    return {
      merchant_id: row.merchant_id,
      period_start: previous ? addDays(previous, 1) : periodStartOf(periodEnd),
      period_end: periodEnd,
      payout_date: payoutDateOf(periodEnd),
      coin_id: PAYOUT_COIN_ID,
      gross_amount: -row.gross,
      fee: row.fees - PAYOUT_TRANSFER_FEE,
      transfer_fee: PAYOUT_TRANSFER_FEE,
      net_amount: row.net,
      bank_name: row.bank_name,
      branch_name: row.branch_name,
      account_type: row.account_type,
      account_number: row.account_number,
      transaction_id: row.id,
      failed_at: row.returned_at,
      failure_reason: row.return_id === null ? null : '口座名義が一致しないため、振込が返却されました（組戻し）',
      return_transaction_id: row.return_id,
      created_at: row.created_at,
    };
  });
  if (values.length > 0) await trx.insertInto('payouts').values(values).execute();
}

/** One rebate per REBATE into a merchant's wallet: its month and campaign from the core's comment. */
async function insertRebates(trx: Trx): Promise<void> {
  const campaigns = Object.values(REBATE_CAMPAIGNS);
  const rows = await trx
    .selectFrom('transactions as t')
    .innerJoin('merchants as m', 'm.id', 't.merchant_id')
    .innerJoin('entries as e', (join) =>
      join.onRef('e.transaction_id', '=', 't.id').onRef('e.wallet_no', '=', 'm.wallet_no'),
    )
    .select(['t.id', 'm.id as merchant_id', 't.created_at', 't.comment', 'e.coin_id', 'e.amount', 'm.wallet_no'])
    .where('t.type', '=', 'REBATE')
    .orderBy('t.id')
    .execute();
  for (const row of rows) {
    const match = /^(\d{4})年(\d{1,2})月分 (.+)$/.exec(row.comment ?? '');
    const campaign = campaigns.find((c) => c.name === match?.[3]);
    if (!match || !campaign) continue;
    const month = `${match[1]}${String(match[2]).padStart(2, '0')}`;
    // What the rebate was computed on: the month's payments of the coin into the merchant's wallet.
    const { base } = await trx
      .selectFrom('entries as e')
      .select(sql<number>`coalesce(sum(e.amount), 0)`.as('base'))
      .where('e.wallet_no', '=', row.wallet_no)
      .where('e.type', '=', 'PAYMENT')
      .where('e.coin_id', '=', row.coin_id)
      .where('e.amount', '>', 0)
      .where(sql<string>`to_char(e.created_at at time zone 'Asia/Tokyo', 'YYYYMM')`, '=', month)
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('merchant_rebates')
      .values({
        merchant_id: row.merchant_id,
        month,
        campaign: `${campaign.name}（めぶくコイン決済の${(campaign.rateBp / 100).toFixed(1)}%）`,
        coin_id: row.coin_id,
        base_amount: Number(base),
        rate_bp: campaign.rateBp,
        amount: row.amount,
        transaction_id: row.id,
        paid_at: row.created_at,
      })
      .execute();
  }
}

/** 13 months of bills paid by QR at 本店 (about one a day) and 駅前店 (about one every other day). */
async function insertUtilityBills(trx: Trx, now: Date): Promise<void> {
  const random = new Random(SEED);
  const values: Insertable<UtilityBillPaymentTable>[] = [];
  const start = now.getTime() - 396 * DAY;
  let serial = 1;
  for (const [merchant, perDay] of [
    [DEMO_MERCHANTS.main, 1.1],
    [DEMO_MERCHANTS.station, 0.5],
  ] as const) {
    for (let at = start; at < now.getTime() - 60 * 60 * 1000; at += (DAY / perDay) * (0.4 + 1.2 * random.next())) {
      const biller = BILLERS[random.int(0, BILLERS.length - 1)] ?? BILLERS[0];
      if (!biller) continue;
      const hourOfDay = 9 + random.int(0, 10);
      const day = new Date(at);
      const paidAt = new Date(
        `${tokyoDate(day)}T${String(hourOfDay).padStart(2, '0')}:${String(random.int(0, 59)).padStart(2, '0')}:00+09:00`,
      );
      if (paidAt.getTime() > now.getTime()) continue;
      const canceled = random.chance(0.03);
      values.push({
        merchant_id: merchant.id,
        bill_number: `${biller.prefix}${tokyoDate(paidAt).replaceAll('-', '').slice(2, 6)}-${String(serial++).padStart(6, '0')}`,
        biller_name: biller.name,
        category: biller.category,
        payer_wallet_no: String(2000000001 + random.skewed(360)),
        amount: Math.round(random.int(biller.min, biller.max) / 10) * 10,
        paid_at: paidAt,
        status: canceled ? 'CANCELED' : 'PAID',
        canceled_at: canceled ? new Date(paidAt.getTime() + random.int(5, 90) * 60 * 1000) : null,
      });
    }
  }
  for (let i = 0; i < values.length; i += 1000) {
    await trx
      .insertInto('utility_bill_payments')
      .values(values.slice(i, i + 1000))
      .execute();
  }
}
