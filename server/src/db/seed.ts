import { createHash, randomBytes } from 'node:crypto';
import { type Insertable, type Selectable, sql, type Transaction } from 'kysely';
import { assertBalanced, type LedgerEntryInput, SYSTEM_WALLETS } from '../domain/ledger';
import { hashPassword } from '../domain/passwords';
import { closingBefore } from '../domain/payoutCalendar';
import { PAYOUT_TRANSFER_FEE, payableOf, payoutFee } from '../domain/payouts';
import { automaticPaymentComment } from '../domain/programs';
import {
  addDays,
  addMonths,
  monthsBetween,
  tokyoDate,
  tokyoDayStart,
  tokyoMonth,
  tokyoMonthStart,
} from '../domain/time';
import type { Db } from './connection';
import { Random } from './random';
import type {
  Database,
  FeeStatus,
  MerchantUserStatus,
  MonthlyFeeSummaryTable,
  RefundApplicationTable,
  TransactionType,
} from './schema';

type Trx = Transaction<Database>;

export const DEMO_PASSWORD = 'demo-password';
const SEED = 20261122;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const COINS = [
  { id: 1, name: 'めぶくコイン', transferable: 1, refundable: 1, reloadable: 1 },
  { id: 2, name: 'ポイント', transferable: 0, refundable: 0, reloadable: 0 },
  { id: 3, name: 'プレミアム商品券', transferable: 0, refundable: 1, reloadable: 0 },
] as const;
const COIN = { coin: 1, point: 2, voucher: 3 } as const;

interface DemoMerchant {
  id: number;
  name: string;
  walletNo: string;
  groupId: number | null;
  allowSubscription: 0 | 1;
  /** Average payments per day. */
  paymentsPerDay: number;
  /** Customer wallet index range it draws from. */
  customers: readonly [number, number];
  refundRate: number;
}

export const DEMO_MERCHANTS = {
  main: {
    id: 1,
    name: 'めぶくカフェ 本店',
    walletNo: '1100000001',
    groupId: 1,
    allowSubscription: 1,
    paymentsPerDay: 11.5,
    customers: [0, 260],
    refundRate: 0.03,
  },
  station: {
    id: 2,
    name: 'めぶくカフェ 駅前店',
    walletNo: '1100000002',
    groupId: 1,
    allowSubscription: 0,
    paymentsPerDay: 3.5,
    customers: [120, 330],
    refundRate: 0.015,
  },
  bakery: {
    id: 3,
    name: 'まちのパン屋',
    walletNo: '1100000003',
    groupId: null,
    allowSubscription: 0,
    paymentsPerDay: 2.5,
    customers: [220, 360],
    refundRate: 0.015,
  },
} as const satisfies Record<string, DemoMerchant>;
const MERCHANT_LIST: readonly DemoMerchant[] = Object.values(DEMO_MERCHANTS);
const CUSTOMER_COUNT = 360;
const customerWalletNo = (index: number) => String(2000000001 + index);

interface DemoIdentity {
  id: number;
  email: string;
  verified: boolean;
  hasPassword: boolean;
}

/** Identities; the first five are the accounts of DESIGN.md §9. */
export const DEMO_IDENTITIES = [
  { id: 1, email: 'owner@example.com', verified: true, hasPassword: true },
  { id: 2, email: 'manager@example.com', verified: true, hasPassword: true },
  { id: 3, email: 'manager-np@example.com', verified: true, hasPassword: true },
  { id: 4, email: 'member@example.com', verified: true, hasPassword: true },
  { id: 5, email: 'noroles@example.com', verified: true, hasPassword: true },
  { id: 6, email: 'bakery@example.com', verified: true, hasPassword: true },
  { id: 7, email: 'invited-expired@example.com', verified: false, hasPassword: false },
  { id: 8, email: 'invited@example.com', verified: false, hasPassword: false },
  { id: 9, email: 'suspended@example.com', verified: true, hasPassword: true },
  { id: 10, email: 'canceled@example.com', verified: true, hasPassword: true },
  { id: 11, email: 'no-email-of-record@example.com', verified: true, hasPassword: true },
] as const satisfies readonly DemoIdentity[];

interface DemoMerchantUser {
  merchantId: number;
  userId: number;
  name: string;
  role: 'Owner' | 'Manager' | 'Manager_NoPayment' | 'Member';
  status: MerchantUserStatus;
  /** Days from now the invitation expires (INACTIVE users). */
  invitationDays?: number;
  /** The user keeps no address of record for this merchant. */
  noEmail?: boolean;
}

const MERCHANT_USERS: readonly DemoMerchantUser[] = [
  { merchantId: 1, userId: 1, name: '鈴木 一郎', role: 'Owner', status: 'ACTIVE' },
  { merchantId: 2, userId: 1, name: '鈴木 一郎', role: 'Owner', status: 'ACTIVE' },
  { merchantId: 3, userId: 1, name: '鈴木 一郎', role: 'Member', status: 'ACTIVE' },
  { merchantId: 1, userId: 2, name: '佐藤 花子', role: 'Manager', status: 'ACTIVE' },
  { merchantId: 1, userId: 3, name: '高橋 健', role: 'Manager_NoPayment', status: 'ACTIVE' },
  { merchantId: 1, userId: 4, name: '田中 美咲', role: 'Member', status: 'ACTIVE' },
  { merchantId: 3, userId: 6, name: '伊藤 誠', role: 'Owner', status: 'ACTIVE' },
  { merchantId: 1, userId: 7, name: '渡辺 直人', role: 'Member', status: 'INACTIVE', invitationDays: -3 },
  { merchantId: 1, userId: 8, name: '山本 彩', role: 'Manager', status: 'INACTIVE', invitationDays: 5 },
  { merchantId: 1, userId: 9, name: '中村 翔', role: 'Member', status: 'SUSPENDED' },
  { merchantId: 1, userId: 10, name: '小林 結衣', role: 'Member', status: 'CANCELED' },
  { merchantId: 1, userId: 11, name: '加藤 大輔', role: 'Member', status: 'ACTIVE', noEmail: true },
];

/* ---------- an in-memory ledger that produces rows for bulk insertion ---------- */

interface PostOptions {
  relatedTransactionId?: number | null;
  comment?: string | null;
}

/**
 * Applies the ledger rules (entries sum to zero per coin, only the issuer goes negative, balance_after
 * is the running balance) in memory, in time order, and keeps the rows column by column for `unnest`.
 */
export class LedgerBuffer {
  readonly balances = new Map<string, number>();
  readonly tx = {
    id: [] as number[],
    type: [] as string[],
    merchantId: [] as (number | null)[],
    relatedId: [] as (number | null)[],
    comment: [] as (string | null)[],
    createdAt: [] as string[],
  };
  readonly entry = {
    id: [] as number[],
    transactionId: [] as number[],
    walletNo: [] as string[],
    coinId: [] as number[],
    amount: [] as number[],
    balanceAfter: [] as number[],
    counterparty: [] as (string | null)[],
    createdAt: [] as string[],
    /** Copies of the transaction's type and whether it has a comment (migration 0005). */
    type: [] as string[],
    commented: [] as boolean[],
  };
  #lastAt = Number.NEGATIVE_INFINITY;

  constructor(
    private nextTransactionId: number,
    private nextEntryId: number,
    /** Off when the caller recomputes balances from the stored entries afterwards. */
    private readonly enforceNonNegative = true,
  ) {}

  get nextIds(): { transaction: number; entry: number } {
    return { transaction: this.nextTransactionId, entry: this.nextEntryId };
  }

  get lastAt(): number {
    return this.#lastAt;
  }

  balance(walletNo: string, coinId: number): number {
    return this.balances.get(`${walletNo}:${coinId}`) ?? 0;
  }

  /** Posts a transaction at `at` (never earlier than the previous one); null when a balance would go negative. */
  post(
    type: TransactionType,
    merchantId: number | null,
    at: number,
    legs: LedgerEntryInput[],
    options: PostOptions = {},
  ): number | null {
    assertBalanced(legs);
    if (at < this.#lastAt) throw new Error('ledger buffer: postings must come in time order');
    for (const leg of legs) {
      if (!this.enforceNonNegative || leg.walletNo === SYSTEM_WALLETS.issuer) continue;
      if (this.balance(leg.walletNo, leg.coinId) + leg.amount < 0) return null;
    }
    this.#lastAt = at;
    const id = this.nextTransactionId++;
    const createdAt = new Date(at).toISOString();
    this.tx.id.push(id);
    this.tx.type.push(type);
    this.tx.merchantId.push(merchantId);
    this.tx.relatedId.push(options.relatedTransactionId ?? null);
    this.tx.comment.push(options.comment ?? null);
    this.tx.createdAt.push(createdAt);
    for (const leg of legs) {
      const key = `${leg.walletNo}:${leg.coinId}`;
      const after = (this.balances.get(key) ?? 0) + leg.amount;
      this.balances.set(key, after);
      const other = legs
        .filter(
          (o) =>
            o.coinId === leg.coinId && o.walletNo !== leg.walletNo && Math.sign(o.amount) !== Math.sign(leg.amount),
        )
        .sort((a, b) => Math.abs(b.amount) - Math.abs(a.amount))[0];
      this.entry.id.push(this.nextEntryId++);
      this.entry.transactionId.push(id);
      this.entry.walletNo.push(leg.walletNo);
      this.entry.coinId.push(leg.coinId);
      this.entry.amount.push(leg.amount);
      this.entry.balanceAfter.push(after);
      this.entry.counterparty.push(other?.walletNo ?? null);
      this.entry.createdAt.push(createdAt);
      this.entry.type.push(type);
      this.entry.commented.push(options.comment != null);
    }
    return id;
  }

  /** Writes the buffered transactions and entries in large batches. */
  async flush(trx: Trx, chunkSize = 10_000): Promise<void> {
    const t = this.tx;
    for (let i = 0; i < t.id.length; i += chunkSize) {
      const s = (a: unknown[]) => a.slice(i, i + chunkSize);
      await sql`insert into transactions (id, type, merchant_id, related_transaction_id, comment, created_at)
        select * from unnest(${s(t.id)}::bigint[], ${s(t.type)}::text[], ${s(t.merchantId)}::int[],
          ${s(t.relatedId)}::bigint[], ${s(t.comment)}::text[], ${s(t.createdAt)}::timestamptz[])`.execute(trx);
    }
    const e = this.entry;
    for (let i = 0; i < e.id.length; i += chunkSize) {
      const s = (a: unknown[]) => a.slice(i, i + chunkSize);
      await sql`insert into entries (id, transaction_id, wallet_no, coin_id, amount, balance_after, counterparty_wallet_no,
          created_at, type, commented)
        select * from unnest(${s(e.id)}::bigint[], ${s(e.transactionId)}::bigint[], ${s(e.walletNo)}::text[],
          ${s(e.coinId)}::int[], ${s(e.amount)}::bigint[], ${s(e.balanceAfter)}::bigint[],
          ${s(e.counterparty)}::text[], ${s(e.createdAt)}::timestamptz[], ${s(e.type)}::text[],
          ${s(e.commented)}::boolean[])`.execute(trx);
    }
  }
}

async function resetSequence(trx: Trx, table: keyof Database): Promise<void> {
  await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(
    trx,
  );
}

/** A min-heap of timed events (ties run in scheduling order); events at or after `end` are dropped. */
class Timeline {
  #heap: { at: number; seq: number; run: (at: number) => void }[] = [];
  #seq = 0;

  constructor(private readonly end: number) {}

  schedule(at: number, run: (at: number) => void): void {
    if (at >= this.end) return;
    const heap = this.#heap;
    heap.push({ at, seq: this.#seq++, run });
    for (let i = heap.length - 1; i > 0; ) {
      const parent = (i - 1) >> 1;
      if (!this.#less(i, parent)) break;
      this.#swap(i, parent);
      i = parent;
    }
  }

  run(): void {
    const heap = this.#heap;
    while (heap.length > 0) {
      const top = heap[0];
      const last = heap.pop();
      if (!top || !last) break;
      if (heap.length > 0) {
        heap[0] = last;
        for (let i = 0; ; ) {
          const l = 2 * i + 1;
          const r = l + 1;
          let smallest = i;
          if (l < heap.length && this.#less(l, smallest)) smallest = l;
          if (r < heap.length && this.#less(r, smallest)) smallest = r;
          if (smallest === i) break;
          this.#swap(i, smallest);
          i = smallest;
        }
      }
      top.run(top.at);
    }
  }

  #less(a: number, b: number): boolean {
    const x = this.#heap[a];
    const y = this.#heap[b];
    return !!x && !!y && (x.at < y.at || (x.at === y.at && x.seq < y.seq));
  }

  #swap(a: number, b: number): void {
    const heap = this.#heap;
    const x = heap[a];
    const y = heap[b];
    if (x && y) {
      heap[a] = y;
      heap[b] = x;
    }
  }
}

/* ---------- the demo ---------- */

interface PaymentRecord {
  id: number;
  merchant: DemoMerchant;
  customer: string;
  coinId: number;
  amount: number;
  refunded: number;
  at: number;
}

interface RefundRecord {
  id: number;
  payment: PaymentRecord;
  amount: number;
  at: number;
}

export interface SeedSummary {
  transactions: number;
  entries: number;
  /** History rows of 本店's wallet. */
  mainWalletEntries: number;
  ms: number;
}

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('identities')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n) === 0;
}

const PRICES = [380, 420, 450, 480, 520, 550, 600, 650, 680, 750, 820, 880, 980, 1200, 1480, 1800, 2400, 3200];
const RELOAD_AMOUNTS = [1000, 3000, 5000, 10000];

/**
 * Seeds the core of the demo of DESIGN.md §9 in one database transaction (server/src/seed/ adds the sections). Deterministic for a given `now`: the
 * histories cover the 13 months before it, so the dashboard always has recent data.
 */
/** A section's demo rows, written in the seed's transaction after the core (server/src/seed/). */
export type SeedSection = (trx: Trx, context: { now: Date }) => Promise<void>;

export async function seedCore(
  db: Db,
  options: { now?: Date; sections?: readonly SeedSection[] } = {},
): Promise<SeedSummary> {
  const started = Date.now();
  const now = options.now ?? new Date();
  const nowMs = now.getTime();
  const passwordHashes = await Promise.all(
    DEMO_IDENTITIES.map((i) => (i.hasPassword ? hashPassword(DEMO_PASSWORD) : Promise.resolve(null))),
  );

  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('coins')
      .values(COINS.map((c) => ({ ...c })))
      .execute();
    await trx.insertInto('merchant_groups').values({ id: 1, name: 'めぶくカフェ', parent_merchant_id: null }).execute();
    await trx
      .insertInto('merchants')
      .values(
        MERCHANT_LIST.map((m) => ({
          id: m.id,
          name: m.name,
          wallet_no: m.walletNo,
          group_id: m.groupId,
          allow_subscription: m.allowSubscription,
          status: 'OPEN' as const,
        })),
      )
      .execute();
    await trx
      .updateTable('merchant_groups')
      .set({ parent_merchant_id: DEMO_MERCHANTS.main.id })
      .where('id', '=', 1)
      .execute();
    await trx
      .insertInto('merchant_reload_coins')
      .values({ merchant_id: DEMO_MERCHANTS.main.id, coin_id: COIN.coin })
      .execute();
    await trx
      .insertInto('wallets')
      .values([
        ...MERCHANT_LIST.map((m) => ({ wallet_no: m.walletNo, owner_type: 'merchant' as const, merchant_id: m.id })),
        ...Array.from({ length: CUSTOMER_COUNT }, (_, i) => ({
          wallet_no: customerWalletNo(i),
          owner_type: 'customer' as const,
          merchant_id: null,
        })),
      ])
      .execute();

    await trx
      .insertInto('identities')
      .values(
        DEMO_IDENTITIES.map((identity, i) => ({
          id: identity.id,
          email: identity.email,
          email_status: identity.verified ? ('VERIFIED' as const) : ('UNVERIFIED' as const),
          password_hash: passwordHashes[i] ?? null,
        })),
      )
      .execute();
    await trx
      .insertInto('merchant_users')
      .values(
        MERCHANT_USERS.map((mu) => {
          const identity = DEMO_IDENTITIES.find((i) => i.id === mu.userId);
          const invited = mu.invitationDays !== undefined;
          return {
            merchant_id: mu.merchantId,
            user_id: mu.userId,
            name: mu.name,
            role: mu.role,
            status: mu.status,
            email: mu.noEmail ? null : (identity?.email ?? null),
            // A random token nobody knows: a demo invitation can only be followed after a resend mails a new one.
            activate_token_hash: invited ? createHash('sha256').update(randomBytes(32)).digest('hex') : null,
            activate_token_available_until: invited ? new Date(nowMs + (mu.invitationDays ?? 0) * DAY) : null,
          };
        }),
      )
      .execute();

    const { startDate, rateChangeMonth } = demoCalendar(now);

    await trx
      .insertInto('fee_rates')
      .values(
        MERCHANT_LIST.flatMap((m) => [
          { merchant_id: m.id, type: 'PAYMENT' as const, rate_bp: 325, valid_from: addDays(startDate, -400) },
          {
            merchant_id: m.id,
            type: 'TRANSFER' as const,
            rate_bp: TRANSFER_RATE_BP,
            valid_from: addDays(startDate, -400),
          },
          // Payouts: the payout fee.
          {
            merchant_id: m.id,
            type: 'WITHDRAWAL' as const,
            rate_bp: PAYOUT_RATE_BP,
            valid_from: addDays(startDate, -400),
          },
          // Money: refunds — the refund fee, introduced today (the demo's past refunds carried none).
          { merchant_id: m.id, type: 'REFUND' as const, rate_bp: REFUND_RATE_BP, valid_from: tokyoDate(now) },
          ...(m.id === DEMO_MERCHANTS.main.id
            ? [
                {
                  merchant_id: m.id,
                  type: 'PAYMENT' as const,
                  rate_bp: 300,
                  valid_from: `${rateChangeMonth.slice(0, 4)}-${rateChangeMonth.slice(4)}-01`,
                },
              ]
            : []),
        ]),
      )
      .execute();
    await trx
      .insertInto('fee_limits')
      .values([
        { user_type: 'MERCHANT', limit_amount: 1_000_000, valid_from: addDays(startDate, -400) },
        { user_type: 'CUSTOMER', limit_amount: 300_000, valid_from: addDays(startDate, -400) },
        { user_type: 'CUSTOMER', limit_amount: 500_000, valid_from: addDays(startDate, 120) },
      ])
      .execute();

    const { ledger, summaries, refundApplications } = simulateDemo(now);
    await ledger.flush(trx);
    await trx.insertInto('monthly_fee_summaries').values(summaries).execute();

    // Balances are the sums of the entries; merchants hold a row for every coin.
    const balanceRows = new Map<
      string,
      { wallet_no: string; coin_id: number; amount: number; allow_negative: boolean }
    >();
    for (const m of MERCHANT_LIST) {
      for (const c of COINS)
        balanceRows.set(`${m.walletNo}:${c.id}`, {
          wallet_no: m.walletNo,
          coin_id: c.id,
          amount: 0,
          allow_negative: false,
        });
    }
    for (const [key, amount] of ledger.balances) {
      const [walletNo = '', coinId = '0'] = key.split(':');
      balanceRows.set(key, {
        wallet_no: walletNo,
        coin_id: Number(coinId),
        amount,
        allow_negative: walletNo === SYSTEM_WALLETS.issuer,
      });
    }
    await trx
      .insertInto('wallet_balances')
      .values([...balanceRows.values()])
      .execute();

    if (refundApplications.length > 0) await trx.insertInto('refund_applications').values(refundApplications).execute();
    await insertNotices(trx, nowMs);

    const serialTables = ['identities', 'merchant_groups', 'merchants', 'transactions', 'entries'] as const;
    for (const table of serialTables) await resetSequence(trx, table);
    for (const section of options.sections ?? []) await section(trx, { now });
    // Again after the sections: they may insert rows with ids of their own (a demo merchant, its Owner).
    for (const table of serialTables) await resetSequence(trx, table);
    // Fresh statistics, or the planner takes the bulk-loaded tables for empty ones.
    await sql`analyze`.execute(trx);

    return {
      transactions: ledger.tx.id.length,
      entries: ledger.entry.id.length,
      mainWalletEntries: ledger.entry.walletNo.filter((w) => w === DEMO_MERCHANTS.main.walletNo).length,
      ms: Date.now() - started,
    };
  });
}

function refundApplicationsOf(
  random: Random,
  nowMs: number,
  payments: PaymentRecord[],
  refunds: RefundRecord[],
): Insertable<RefundApplicationTable>[] {
  const rows: Insertable<RefundApplicationTable>[] = [];
  const application = (
    p: PaymentRecord,
    amount: number,
    status: 'REQUESTED' | 'APPROVED' | 'CANCELED',
    at: number,
    refundTransactionId: number | null,
    approvedAt?: number,
  ) => ({
    merchant_id: p.merchant.id,
    wallet_no: p.customer,
    payment_transaction_id: p.id,
    refund_transaction_id: refundTransactionId,
    coin_id: p.coinId,
    amount,
    fee: 0,
    status,
    idempotency_key: null,
    created_at: new Date(at),
    updated_at: new Date(at),
    // Money: refunds (migration 0004): the approval trail.
    approved_at: status === 'APPROVED' ? new Date(approvedAt ?? at) : null,
    canceled_at: status === 'CANCELED' ? new Date(at) : null,
  });
  const recent = (merchantId: number) =>
    payments
      .filter(
        (p) => p.merchant.id === merchantId && p.coinId !== COIN.point && p.refunded === 0 && p.at > nowMs - 14 * DAY,
      )
      .slice(-40);
  const requested = [
    ...recent(DEMO_MERCHANTS.main.id)
      .filter((_, i) => i % 9 === 0)
      .slice(0, 4),
    ...recent(DEMO_MERCHANTS.station.id).slice(-1),
  ];
  for (const p of requested) {
    const amount = random.chance(0.5) ? p.amount : Math.max(10, Math.floor(p.amount / 20) * 10);
    rows.push(application(p, amount, 'REQUESTED', Math.min(nowMs - MINUTE, p.at + random.int(5, 600) * MINUTE), null));
  }
  for (const r of refunds.filter((r) => r.payment.merchant.id === DEMO_MERCHANTS.main.id).slice(-8)) {
    rows.push(application(r.payment, r.amount, 'APPROVED', r.at - random.int(5, 120) * MINUTE, r.id, r.at));
  }
  const older = payments.filter(
    (p) =>
      p.merchant.id === DEMO_MERCHANTS.main.id && p.coinId === COIN.coin && p.refunded === 0 && p.at < nowMs - 30 * DAY,
  );
  for (const p of older.slice(-2)) rows.push(application(p, p.amount, 'CANCELED', p.at + HOUR, null));
  return rows;
}

const TRANSFER_RATE_BP = 100;
/** Payouts: the payout fee, 0.3 % of the amount paid out. */
export const PAYOUT_RATE_BP = 30;
/** The comment of a payout the bank returned (seed/payouts.ts marks its payout failed). */
export const PAYOUT_RETURN_COMMENT = '出金の組戻し（口座名義相違）';
/** Rebates paid to merchants: the monthly one, and a campaign's. */
export const REBATE_CAMPAIGNS = {
  standard: { name: '加盟店リベート', rateBp: 50 },
  campaign: { name: 'キャッシュレス還元キャンペーン', rateBp: 100 },
} as const;
type RebateCampaign = { readonly name: string; readonly rateBp: number };

/**
 * 本店's subscription plans and their subscribers (customer index), charged by the core on each plan's
 * billing day as automatic payments; seed/programs.ts records the plans, subscribers and results.
 * `months`: how many months ago the subscription started; `stoppedMonthsAgo`: charges end after it;
 * `failingMonthsAgo`: from then on every charge fails for want of balance.
 */
/**
 * The last billing day (YYYY-MM-DD) of a plan billing on `billingDay` whose charges (06:00 JST) have
 * run by `now`. Subscribers' `months`, `stoppedMonthsAgo` and `failingMonthsAgo` count billing cycles
 * back from it, so the demo shows the same states on any day of the month.
 */
export function lastBillingDate(billingDay: number, now: Date): string {
  const day = (month: string) => `${month.slice(0, 4)}-${month.slice(4)}-${String(billingDay).padStart(2, '0')}`;
  const thisMonths = day(tokyoMonth(now));
  return now.getTime() >= new Date(`${thisMonths}T06:00:00+09:00`).getTime()
    ? thisMonths
    : day(addMonths(tokyoMonth(now), -1));
}

export const DEMO_SUBSCRIPTIONS = [
  {
    plan: { name: 'コーヒー飲み放題プラン', price: 2400, billingDay: 1 },
    subscribers: [
      ...Array.from({ length: 10 }, (_, i) => ({ customer: i, months: 12 })),
      ...Array.from({ length: 4 }, (_, i) => ({ customer: 10 + i, months: 5 })),
    ].map((s) => (s.customer === 3 ? { ...s, stoppedMonthsAgo: 4 } : s)),
  },
  {
    plan: { name: '焼き菓子定期便', price: 1800, billingDay: 10 },
    subscribers: Array.from({ length: 8 }, (_, i) => ({
      customer: 20 + i,
      months: 8,
      ...(i === 2 ? { failingMonthsAgo: 1 } : i === 5 ? { failingMonthsAgo: 0 } : {}),
    })),
  },
] as const satisfies readonly {
  plan: { name: string; price: number; billingDay: number };
  subscribers: readonly { customer: number; months: number; stoppedMonthsAgo?: number; failingMonthsAgo?: number }[];
}[];

/** Money: refunds — 1 % of a refunded amount, charged to the merchant on approval. */
export const REFUND_RATE_BP = 100;

/** The demo's calendar: 13 months (396 days) of history up to `now`; 本店's fee rate changed 6 months ago. */
function demoCalendar(now: Date) {
  const startDate = tokyoDate(new Date(now.getTime() - 396 * DAY));
  const currentMonth = tokyoMonth(now);
  return {
    startDate,
    startMonth: startDate.slice(0, 7).replace('-', ''),
    currentMonth,
    rateChangeMonth: addMonths(currentMonth, -6),
  };
}

export interface DemoSimulation {
  ledger: LedgerBuffer;
  summaries: Insertable<MonthlyFeeSummaryTable>[];
  refundApplications: Insertable<RefundApplicationTable>[];
}

/**
 * Plays 13 months of the demo's business in memory, in time order: the same `now` gives the same
 * data, and nothing here touches the database.
 */
export function simulateDemo(now: Date): DemoSimulation {
  const nowMs = now.getTime();
  const random = new Random(SEED);
  const { startDate, startMonth, currentMonth, rateChangeMonth } = demoCalendar(now);
  const rateOf = (merchantId: number, month: string) =>
    merchantId === DEMO_MERCHANTS.main.id && month >= rateChangeMonth ? 300 : 325;

  /* --- the timeline: events run in time order; running one may schedule later ones --- */
  const timeline = new Timeline(nowMs - MINUTE);
  const schedule = (at: number, run: (at: number) => void) => timeline.schedule(at, run);
  const ledger = new LedgerBuffer(1, 1);

  const payments: PaymentRecord[] = [];
  const volume = new Map<string, number>(); // `${merchantId}:${month}` → payments of every coin
  const coinVolume = new Map<string, number>(); // same, めぶくコイン only (rebates)
  const refunds: RefundRecord[] = [];

  /** Tops a customer up from the issuer just before `at` when a payment needs more than the balance. */
  const fund = (customer: string, coinId: number, needed: number, at: number) => {
    const missing = needed - ledger.balance(customer, coinId);
    if (missing <= 0) return;
    const fundAt = Math.max(ledger.lastAt, at - random.int(1, 90) * MINUTE);
    // Points arrive as a campaign rebate; coins and vouchers are bought in round units.
    let topUp: { type: 'REBATE' | 'RELOAD'; amount: number; comment: string };
    if (coinId === COIN.point) {
      topUp = {
        type: 'REBATE',
        amount: Math.max(missing, random.int(5, 20) * 100),
        comment: 'キャンペーンポイント付与',
      };
    } else {
      const unit = coinId === COIN.voucher ? 5000 : random.pick([3000, 5000, 10000, 20000]);
      topUp = {
        type: 'RELOAD',
        amount: Math.ceil(missing / unit) * unit,
        comment: coinId === COIN.voucher ? 'プレミアム商品券 購入' : 'チャージ（銀行口座）',
      };
    }
    ledger.post(
      topUp.type,
      null,
      fundAt,
      [
        { walletNo: SYSTEM_WALLETS.issuer, coinId, amount: -topUp.amount },
        { walletNo: customer, coinId, amount: topUp.amount },
      ],
      { comment: topUp.comment },
    );
  };

  const pay = (merchant: DemoMerchant) => (at: number) => {
    const customer = customerWalletNo(
      merchant.customers[0] + random.skewed(merchant.customers[1] - merchant.customers[0]),
    );
    const r = random.next();
    const coinId = r < 0.72 ? COIN.coin : r < 0.87 ? COIN.point : COIN.voucher;
    const amount = coinId === COIN.point ? random.int(5, 50) * 10 : random.pick(PRICES);
    fund(customer, coinId, amount, at);
    const id = ledger.post(
      'PAYMENT',
      merchant.id,
      at,
      [
        { walletNo: customer, coinId, amount: -amount },
        { walletNo: merchant.walletNo, coinId, amount },
      ],
      { comment: random.chance(0.05) ? 'テイクアウト' : null },
    );
    if (id === null) return;
    const record: PaymentRecord = { id, merchant, customer, coinId, amount, refunded: 0, at };
    payments.push(record);
    const month = tokyoMonth(new Date(at));
    const key = `${merchant.id}:${month}`;
    volume.set(key, (volume.get(key) ?? 0) + amount);
    if (coinId === COIN.coin) coinVolume.set(key, (coinVolume.get(key) ?? 0) + amount);
    if (coinId !== COIN.point && random.chance(merchant.refundRate)) {
      schedule(at + random.int(10, 3 * 24 * 60) * MINUTE, refund(record));
    }
  };

  const refund = (payment: PaymentRecord) => (at: number) => {
    const amount = random.chance(0.6)
      ? payment.amount
      : Math.max(10, Math.round((payment.amount * random.int(3, 9)) / 100) * 10);
    const id = ledger.post(
      'REFUND',
      payment.merchant.id,
      at,
      [
        { walletNo: payment.merchant.walletNo, coinId: payment.coinId, amount: -amount },
        { walletNo: payment.customer, coinId: payment.coinId, amount },
      ],
      { relatedTransactionId: payment.id, comment: amount === payment.amount ? '返金（全額）' : '返金（一部）' },
    );
    if (id !== null) {
      payment.refunded += amount;
      refunds.push({ id, payment, amount, at });
    }
  };

  const main = DEMO_MERCHANTS.main;
  const station = DEMO_MERCHANTS.station;
  const sellCoins = (at: number) => {
    const customer = customerWalletNo(random.skewed(main.customers[1]));
    const amount = random.pick(RELOAD_AMOUNTS);
    const id = ledger.post(
      'RELOAD',
      main.id,
      at,
      [
        { walletNo: main.walletNo, coinId: COIN.coin, amount: -amount },
        { walletNo: customer, coinId: COIN.coin, amount },
      ],
      { comment: '店頭チャージ' },
    );
    if (id !== null && random.chance(0.04)) {
      schedule(at + random.int(2, 15) * MINUTE, (cancelAt) => {
        ledger.post(
          'CASH_CANCEL',
          main.id,
          cancelAt,
          [
            { walletNo: customer, coinId: COIN.coin, amount: -amount },
            { walletNo: main.walletNo, coinId: COIN.coin, amount },
          ],
          { relatedTransactionId: id, comment: '店頭チャージ取消' },
        );
      });
    }
  };

  const transfer = (at: number) => {
    const amount = random.int(2, 5) * 10000;
    const fee = Math.floor((amount * TRANSFER_RATE_BP) / 10000);
    ledger.post(
      'TRANSFER',
      main.id,
      at,
      [
        { walletNo: main.walletNo, coinId: COIN.coin, amount: -amount },
        { walletNo: station.walletNo, coinId: COIN.coin, amount: amount - fee },
        { walletNo: SYSTEM_WALLETS.fees, coinId: COIN.coin, amount: fee },
      ],
      { comment: '店舗間移動' },
    );
  };

  /**
   * Payouts: at each closing (the 15th, the month's last day) a merchant with a bank account is paid its
   * めぶくコイン balance above the reserve, less the payout fee and the transfer fee. One payout is returned by the bank.
   */
  const payout = (merchant: DemoMerchant, returned: boolean) => (at: number) => {
    const gross = payableOf(ledger.balance(merchant.walletNo, COIN.coin));
    const fee = payoutFee(gross, PAYOUT_RATE_BP);
    const net = gross - fee - PAYOUT_TRANSFER_FEE;
    if (net <= 0) return;
    const fees = fee + PAYOUT_TRANSFER_FEE;
    const id = ledger.post(
      'WITHDRAWAL',
      merchant.id,
      at,
      [
        { walletNo: merchant.walletNo, coinId: COIN.coin, amount: -gross },
        { walletNo: SYSTEM_WALLETS.payouts, coinId: COIN.coin, amount: net },
        { walletNo: SYSTEM_WALLETS.fees, coinId: COIN.coin, amount: fees },
      ],
      { comment: `出金（${closingBefore(tokyoDate(new Date(at))).replaceAll('-', '/')}締め）` },
    );
    if (id === null || !returned) return;
    schedule(at + 18 * DAY, (returnAt) => {
      ledger.post(
        'WITHDRAWAL',
        merchant.id,
        returnAt,
        [
          { walletNo: SYSTEM_WALLETS.payouts, coinId: COIN.coin, amount: -net },
          { walletNo: SYSTEM_WALLETS.fees, coinId: COIN.coin, amount: -fees },
          { walletNo: merchant.walletNo, coinId: COIN.coin, amount: gross },
        ],
        { relatedTransactionId: id, comment: PAYOUT_RETURN_COMMENT },
      );
    });
  };

  const monthLabel = (month: string) => `${month.slice(0, 4)}年${Number(month.slice(4))}月分`;
  const summaries: Omit<Selectable<MonthlyFeeSummaryTable>, 'id'>[] = [];
  const settleFees = (merchant: DemoMerchant, month: string, index: number) => (at: number) => {
    const amount = Math.floor(((volume.get(`${merchant.id}:${month}`) ?? 0) * rateOf(merchant.id, month)) / 10000);
    const tax = Math.floor(amount / 10);
    let status: FeeStatus = index % 5 === 3 ? 'CASH_SETTLED' : 'SETTLED';
    let settlementId: number | null = null;
    if (status === 'SETTLED' && amount + tax > 0) {
      settlementId = ledger.post(
        'FEE',
        merchant.id,
        at,
        [
          { walletNo: merchant.walletNo, coinId: COIN.coin, amount: -(amount + tax) },
          { walletNo: SYSTEM_WALLETS.fees, coinId: COIN.coin, amount: amount + tax },
        ],
        { comment: `${monthLabel(month)} 決済手数料` },
      );
      if (settlementId === null) status = 'CASH_SETTLED';
    }
    summaries.push({
      merchant_id: merchant.id,
      summarized_month: month,
      amount,
      tax,
      status,
      settlement_transaction_id: settlementId,
    });
  };

  const rebate =
    (merchant: DemoMerchant, month: string, campaign: RebateCampaign = REBATE_CAMPAIGNS.standard) =>
    (at: number) => {
      const amount = Math.floor(((coinVolume.get(`${merchant.id}:${month}`) ?? 0) * campaign.rateBp) / 10_000);
      if (amount <= 0) return;
      ledger.post(
        'REBATE',
        merchant.id,
        at,
        [
          { walletNo: SYSTEM_WALLETS.issuer, coinId: COIN.coin, amount: -amount },
          { walletNo: merchant.walletNo, coinId: COIN.coin, amount },
        ],
        { comment: `${monthLabel(month)} ${campaign.name}` },
      );
    };

  const today = tokyoDate(now);
  const totalDays = Math.round((tokyoDayStart(today).getTime() - tokyoDayStart(startDate).getTime()) / DAY) + 1;
  for (let day = 0; day < totalDays; day++) {
    const date = addDays(startDate, day);
    const dayStart = tokyoDayStart(date).getTime();
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    const weekend = weekday === 0 || weekday === 6;
    const growth = 0.85 + (0.3 * day) / totalDays;
    for (const merchant of MERCHANT_LIST) {
      const expected = merchant.paymentsPerDay * growth * (weekend ? 1.3 : 1);
      const count = Math.max(0, Math.round(expected * (0.6 + 0.8 * random.next())));
      for (let i = 0; i < count; i++)
        schedule(dayStart + 8 * HOUR + random.int(0, 13 * 60 - 1) * MINUTE, pay(merchant));
    }
    if (random.chance(0.9)) schedule(dayStart + 9 * HOUR + random.int(0, 10 * 60) * MINUTE, sellCoins);
    for (const { plan, subscribers } of DEMO_SUBSCRIPTIONS) {
      if (Number(date.slice(8)) !== plan.billingDay) continue;
      const lastBilling = lastBillingDate(plan.billingDay, now);
      const monthsAgo = monthsBetween(date.slice(0, 7).replace('-', ''), lastBilling.slice(0, 7).replace('-', ''));
      for (const subscriber of subscribers as readonly {
        customer: number;
        months: number;
        stoppedMonthsAgo?: number;
        failingMonthsAgo?: number;
      }[]) {
        if (monthsAgo > subscriber.months || monthsAgo <= (subscriber.stoppedMonthsAgo ?? -1)) continue;
        if (monthsAgo <= (subscriber.failingMonthsAgo ?? -1)) continue;
        schedule(dayStart + 6 * HOUR + subscriber.customer * MINUTE, (at) => {
          const customer = customerWalletNo(subscriber.customer);
          fund(customer, COIN.coin, plan.price, at);
          ledger.post(
            'PAYMENT',
            main.id,
            at,
            [
              { walletNo: customer, coinId: COIN.coin, amount: -plan.price },
              { walletNo: main.walletNo, coinId: COIN.coin, amount: plan.price },
            ],
            { comment: automaticPaymentComment(plan.name) },
          );
          // Subscription charges are sales like any payment: they count for fees and rebates.
          const key = `${main.id}:${tokyoMonth(new Date(at))}`;
          volume.set(key, (volume.get(key) ?? 0) + plan.price);
          coinVolume.set(key, (coinVolume.get(key) ?? 0) + plan.price);
        });
      }
    }
    if (day % 9 === 4) schedule(dayStart + 18 * HOUR, transfer);
    if (date.endsWith('-15') || addDays(date, 1).endsWith('-01')) {
      // 本店 and 駅前店 have bank accounts (seed/payouts.ts); 駅前店's payout of 4 months ago is returned.
      // The payout run closes a period the day after its closing day (06:00), as the operator's daily run.
      const returned = date.endsWith('-15') && tokyoMonth(new Date(dayStart)) === addMonths(tokyoMonth(now), -4);
      schedule(dayStart + 30 * HOUR + main.id * MINUTE, payout(main, false));
      schedule(dayStart + 30 * HOUR + station.id * MINUTE, payout(station, returned));
    }
  }
  for (let index = 0, month = startMonth; month <= currentMonth; index++, month = addMonths(month, 1)) {
    const next = tokyoMonthStart(addMonths(month, 1)).getTime();
    for (const merchant of MERCHANT_LIST) {
      schedule(next + 4 * DAY + 10 * HOUR + merchant.id * MINUTE, rebate(merchant, month));
      // A campaign two months ago paid an extra rebate to the group's merchants.
      if (month === addMonths(currentMonth, -2) && merchant.groupId !== null) {
        schedule(next + 4 * DAY + 11 * HOUR + merchant.id * MINUTE, rebate(merchant, month, REBATE_CAMPAIGNS.campaign));
      }
      schedule(next + 9 * DAY + 9 * HOUR + merchant.id * MINUTE, settleFees(merchant, month, index));
    }
  }

  timeline.run();

  // Months whose settlement day has not come yet are still open.
  for (let month = startMonth; month <= currentMonth; month = addMonths(month, 1)) {
    for (const merchant of MERCHANT_LIST) {
      if (summaries.some((s) => s.merchant_id === merchant.id && s.summarized_month === month)) continue;
      const amount = Math.floor(((volume.get(`${merchant.id}:${month}`) ?? 0) * rateOf(merchant.id, month)) / 10000);
      summaries.push({
        merchant_id: merchant.id,
        summarized_month: month,
        amount,
        tax: Math.floor(amount / 10),
        status: 'UNSETTLED',
        settlement_transaction_id: null,
      });
    }
  }

  return { ledger, summaries, refundApplications: refundApplicationsOf(random, nowMs, payments, refunds) };
}

async function insertNotices(trx: Trx, nowMs: number): Promise<void> {
  const notices = [
    {
      revision: 3,
      days: 200,
      title: 'めぶくコイン加盟店コンソールを公開しました',
      body: '加盟店の皆さまが取引履歴や返金をブラウザから確認できるようになりました。',
    },
    {
      revision: 7,
      days: 120,
      title: '年末年始のサポート窓口について',
      body: '12月29日から1月3日まではメールでのお問い合わせのみ受け付けます。',
    },
    {
      revision: 12,
      days: 60,
      title: '決済手数料率改定のお知らせ',
      body: '本店の決済手数料率が3.25%から3.00%に改定されました。詳細は手数料履歴をご確認ください。',
    },
    {
      revision: 18,
      days: 20,
      title: 'プレミアム商品券の取り扱い開始',
      body: 'プレミアム商品券での支払いを受け付けられるようになりました。返金にも対応しています。',
    },
    {
      revision: 21,
      days: 3,
      title: 'システムメンテナンスのお知らせ',
      body: '毎月第2火曜日 2:00〜4:00 はメンテナンスのため一部機能を停止します。',
    },
  ];
  await trx
    .insertInto('notices')
    .values(
      notices.map((n) => ({
        revision: n.revision,
        title: n.title,
        body: n.body,
        published_at: new Date(nowMs - n.days * DAY),
      })),
    )
    .execute();
}

/**
 * Adds `count` payments to 本店 spread over the past 13 months (for benchmarks). Each paying customer is
 * funded first by one issuer reload dated before the demo starts, then every running balance of the
 * touched wallets is recomputed from the entries, so the ledger stays exact. Run with the server stopped.
 */
export async function addBenchmarkPayments(
  db: Db,
  count: number,
  options: { now?: Date; onProgress?: (done: number) => void } = {},
): Promise<{ transactions: number; ms: number }> {
  const started = Date.now();
  const nowMs = (options.now ?? new Date()).getTime();
  const random = new Random(SEED + count);
  const main = DEMO_MERCHANTS.main;
  const coinId = COIN.coin;

  const transactions = await db.transaction().execute(async (trx) => {
    const customers = (
      await trx
        .selectFrom('wallets')
        .select('wallet_no')
        .where('owner_type', '=', 'customer')
        .orderBy('wallet_no')
        .execute()
    ).map((w) => w.wallet_no);
    if (customers.length === 0) throw new Error('no customer wallets: seed the demo first');
    const ids = await sql<{ tx: number; entry: number }>`select
        coalesce((select max(id) from transactions), 0) + 1 as tx,
        coalesce((select max(id) from entries), 0) + 1 as entry`.execute(trx);
    const first = ids.rows[0];
    if (!first) throw new Error('could not read the next ids');

    const span = 396 * DAY;
    const times = new Float64Array(count);
    for (let i = 0; i < count; i++) times[i] = nowMs - MINUTE - Math.floor(random.next() * span);
    times.sort();
    const payer = new Int32Array(count);
    const amounts = new Int32Array(count);
    const totals = new Map<string, number>();
    for (let i = 0; i < count; i++) {
      payer[i] = random.int(0, customers.length - 1);
      amounts[i] = random.pick(PRICES);
      const walletNo = customers[payer[i] ?? 0] ?? '';
      totals.set(walletNo, (totals.get(walletNo) ?? 0) + (amounts[i] ?? 0));
    }

    let buffer = new LedgerBuffer(first.tx, first.entry, false);
    const fundAt = nowMs - span - DAY;
    for (const [walletNo, total] of totals) {
      buffer.post(
        'RELOAD',
        null,
        fundAt,
        [
          { walletNo: SYSTEM_WALLETS.issuer, coinId, amount: -total },
          { walletNo, coinId, amount: total },
        ],
        { comment: 'チャージ（銀行口座）' },
      );
    }
    const CHUNK = 50_000;
    for (let start = 0; start < count; start += CHUNK) {
      for (let i = start; i < Math.min(count, start + CHUNK); i++) {
        const amount = amounts[i] ?? 0;
        buffer.post('PAYMENT', main.id, times[i] ?? nowMs, [
          { walletNo: customers[payer[i] ?? 0] ?? '', coinId, amount: -amount },
          { walletNo: main.walletNo, coinId, amount },
        ]);
      }
      await buffer.flush(trx);
      options.onProgress?.(Math.min(count, start + CHUNK));
      const next = buffer.nextIds;
      buffer = new LedgerBuffer(next.transaction, next.entry, false);
    }
    if (count === 0) await buffer.flush(trx);

    // Running balances and stored balances of every touched wallet, recomputed from the entries.
    const touched = [main.walletNo, SYSTEM_WALLETS.issuer, ...totals.keys()];
    await trx
      .insertInto('wallet_balances')
      .values(
        touched.map((walletNo) => ({
          wallet_no: walletNo,
          coin_id: coinId,
          amount: 0,
          allow_negative: walletNo === SYSTEM_WALLETS.issuer,
        })),
      )
      .onConflict((oc) => oc.columns(['wallet_no', 'coin_id']).doNothing())
      .execute();
    await sql`update entries e set balance_after = r.running
      from (select id, sum(amount) over (partition by wallet_no order by created_at, id) as running
            from entries where coin_id = ${coinId} and wallet_no = any(${touched}::char(10)[])) r
      where e.id = r.id and e.balance_after <> r.running`.execute(trx);
    await sql`update wallet_balances b set amount = s.total, updated_at = now()
      from (select wallet_no, sum(amount) as total from entries
            where coin_id = ${coinId} and wallet_no = any(${touched}::char(10)[]) group by wallet_no) s
      where b.wallet_no = s.wallet_no and b.coin_id = ${coinId}`.execute(trx);
    await resetSequence(trx, 'transactions');
    await resetSequence(trx, 'entries');
    return count + totals.size;
  });
  // Outside the transaction: VACUUM sets the visibility map (index-only counts), ANALYZE the statistics.
  await sql`vacuum analyze entries, transactions, wallet_balances`.execute(db);
  return { transactions, ms: Date.now() - started };
}
