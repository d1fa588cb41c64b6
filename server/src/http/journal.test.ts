import { JOURNAL_ACCOUNT_DEFAULTS, type JournalAccounts } from '@coin/contract';
import iconv from 'iconv-lite';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { entryRows, YAYOI_COLUMNS } from '../domain/journal';
import { addMonths } from '../domain/time';
import { parseCsv } from '../testing/csv';
import { DEMO, describeEachDatabase, type SignedIn, signIn, signInAt, tokyoDay } from '../testing/harness';

/** Issue 26 (4): the journal export in 弥生会計's import layout, checked against the ledger. */

const FLAGS = { single: '2000', first: '2110', middle: '2100', last: '2101' } as const;
const column = (name: (typeof YAYOI_COLUMNS)[number]) => YAYOI_COLUMNS.indexOf(name);
const C = {
  flag: column('識別フラグ'),
  date: column('取引日付'),
  debit: column('借方勘定科目'),
  debitSub: column('借方補助科目'),
  debitTaxCategory: column('借方税区分'),
  debitAmount: column('借方金額'),
  debitTax: column('借方税金額'),
  credit: column('貸方勘定科目'),
  creditSub: column('貸方補助科目'),
  creditAmount: column('貸方金額'),
  description: column('摘要'),
  type: column('タイプ'),
  adjustment: column('調整'),
};

/** The records of the file grouped into entries by their flags; fails on a flag out of place. */
function entriesOf(rows: string[][]): string[][][] {
  const entries: string[][][] = [];
  let open: string[][] | null = null;
  for (const row of rows) {
    const flag = row[C.flag];
    if (flag === FLAGS.single) {
      expect(open, 'a one-line entry inside a multi-line one').toBeNull();
      entries.push([row]);
    } else if (flag === FLAGS.first) {
      expect(open, 'a multi-line entry opened inside another').toBeNull();
      open = [row];
    } else if (flag === FLAGS.middle || flag === FLAGS.last) {
      expect(open, `${flag} outside a multi-line entry`).not.toBeNull();
      open?.push(row);
      if (flag === FLAGS.last) {
        entries.push(open ?? []);
        open = null;
      }
    } else throw new Error(`unknown flag ${flag}`);
  }
  expect(open, 'a multi-line entry left open').toBeNull();
  return entries;
}

const amountOf = (cell: string | undefined) => {
  expect(cell).toMatch(/^\d+$/);
  return Number(cell);
};

describe('entryRows', () => {
  const side = (account: string, amount: number) => ({ account, amount });
  it('writes a one-line entry as 2000 and a longer one as 2110, 2100…, 2101, leaving out 0-yen lines', () => {
    const single = entryRows({ date: '2026-10-05', debit: [side('A', 5)], credit: [side('B', 5)], description: 'x' });
    expect(single.map((row) => row[0])).toEqual([2000]);
    expect(single[0]).toHaveLength(25);
    expect(single[0]?.[3]).toBe('2026/10/05');
    const multi = entryRows({
      date: '2026-10-05',
      debit: [side('A', 7), side('F', 2), side('G', 1)],
      credit: [side('B', 10)],
      description: 'x',
    });
    expect(multi.map((row) => row[0])).toEqual([2110, 2100, 2101]);
    // The credit side of the second and third lines: no account, amount 0.
    expect(multi[1]?.slice(10, 16)).toEqual([null, null, null, null, 0, null]);
    const withoutFee = entryRows({
      date: '2026-10-05',
      debit: [side('A', 10), side('F', 0)],
      credit: [side('B', 10)],
      description: 'x',
    });
    expect(withoutFee.map((row) => row[0])).toEqual([2000]);
  });
  it('refuses an entry whose sides differ', () => {
    expect(() =>
      entryRows({ date: '2026-10-05', debit: [side('A', 10)], credit: [side('B', 9)], description: 'x' }),
    ).toThrow(/unbalanced/);
  });
});

describeEachDatabase('journal export (弥生会計)', (env) => {
  let owner: SignedIn;
  let member: SignedIn;
  beforeAll(async () => {
    owner = await signInAt(env().app, DEMO.owner, DEMO.mainMerchantId);
    member = await signIn(env().app, DEMO.member);
  });

  const accountsUrl = `/api/merchants/${DEMO.mainMerchantId}/journal_accounts`;
  const download = (startDate: string, endDate: string) =>
    env().app.inject({
      method: 'GET',
      url: `/api/merchants/${DEMO.mainMerchantId}/downloads/journal_yayoi`,
      query: { start_date: startDate, end_date: endDate },
      headers: { authorization: owner.authorization },
    });

  /**
   * From the 1st of the month before the month of the main shop's latest payout up to today, whatever the
   * day the demo was seeded: payouts, a month's fees settled from the balance, and the demo's correction of
   * a settled month (early this month: DOCUMENT_DEMO) fall in it.
   */
  async function demoPeriod(): Promise<{ start: string; end: string }> {
    const { latest } = await env()
      .db.selectFrom('payouts')
      .select((eb) => eb.fn.max('payout_date').as('latest'))
      .where('merchant_id', '=', DEMO.mainMerchantId)
      .executeTakeFirstOrThrow();
    const month = addMonths(String(latest).slice(0, 7).replace('-', ''), -1);
    return { start: `${month.slice(0, 4)}-${month.slice(4)}-01`, end: tokyoDay() };
  }

  /** What the ledger and the fee and payout tables say each account moved by in the period (debit − credit). */
  async function ledgerMovements(start: string, end: string, accounts: JournalAccounts) {
    const { db } = env();
    const from = sql`(${start}::date)::timestamp at time zone 'Asia/Tokyo'`;
    const to = sql`((${end}::date + 1)::timestamp) at time zone 'Asia/Tokyo'`;
    const sumEntries = async (type: string, sign: '>' | '<', extra = sql``) => {
      const result = await sql<{ total: string | null }>`
        select sum(e.amount) as total from entries e join transactions t on t.id = e.transaction_id
        where e.wallet_no = ${DEMO.mainWalletNo} and t.type = ${type} and e.amount ${sql.raw(sign)} 0
          and t.created_at >= ${from} and t.created_at < ${to} ${extra}`.execute(db);
      return Number(result.rows[0]?.total ?? 0);
    };
    const sales = await sumEntries('PAYMENT', '>');
    const refunds = -(await sumEntries('REFUND', '<'));
    const rebates = await sumEntries('REBATE', '>');
    // Every fee the wallet paid: refund fees and months settled from the balance.
    const walletFees = -(await sumEntries('FEE', '<'));
    const payouts = await sql<{ gross: string | null; fees: string | null; net: string | null }>`
      select sum(gross_amount) as gross, sum(fee + transfer_fee) as fees, sum(net_amount) as net from payouts
      where merchant_id = ${DEMO.mainMerchantId} and failed_at is null
        and payout_date between ${start}::date and ${end}::date`.execute(db);
    const gross = Number(payouts.rows[0]?.gross ?? 0);
    const payoutFees = Number(payouts.rows[0]?.fees ?? 0);
    const net = Number(payouts.rows[0]?.net ?? 0);
    // The change a correction makes to a month's fees with their tax (tax: 10 %, fractions cut off).
    const change = (c: string) =>
      sql.raw(`(${c}.amount - ${c}.previous_amount + ${c}.amount / 10 - ${c}.previous_amount / 10)`);
    // When a settled month was booked: its settlement from the balance, or (in cash) the end of the month.
    const bookedAt = sql`coalesce(t.created_at,
      (to_date(f.summarized_month, 'YYYYMM') + interval '1 month')::timestamp at time zone 'Asia/Tokyo')`;
    // Months settled in cash, booked on their last day at the fees before any later correction.
    const cash = await sql<{ total: string | null }>`
      select sum(f.amount + f.tax - coalesce((select sum(${change('c')}) from fee_corrections c
          where c.merchant_id = f.merchant_id and c.summarized_month = f.summarized_month
            and c.created_at >= ${bookedAt}), 0)) as total
      from monthly_fee_summaries f left join transactions t on t.id = f.settlement_transaction_id
      where f.merchant_id = ${DEMO.mainMerchantId} and f.status = 'CASH_SETTLED'
        and (to_date(f.summarized_month, 'YYYYMM') + interval '1 month' - interval '1 day')::date
          between ${start}::date and ${end}::date`.execute(db);
    const cashFees = Number(cash.rows[0]?.total ?? 0);
    // Corrections made in the period to months already booked: each moves the fees against 未払金.
    const corrected = await sql<{ total: string | null; count: string }>`
      select sum(${change('c')}) as total, count(*) as count from fee_corrections c
      join monthly_fee_summaries f on f.merchant_id = c.merchant_id and f.summarized_month = c.summarized_month
      left join transactions t on t.id = f.settlement_transaction_id
      where c.merchant_id = ${DEMO.mainMerchantId} and f.status <> 'UNSETTLED'
        and c.created_at >= ${from} and c.created_at < ${to} and c.created_at >= ${bookedAt}`.execute(db);
    const corrections = Number(corrected.rows[0]?.total ?? 0);
    return {
      movements: {
        [accounts.receivable]: sales - refunds + rebates - walletFees - gross,
        [accounts.sales]: refunds - sales,
        [accounts.other_income]: -rebates,
        [accounts.fees]: walletFees + payoutFees + cashFees + corrections,
        [accounts.bank]: net,
        [accounts.payable]: -cashFees - corrections,
      },
      sales,
      gross,
      corrections: Number(corrected.rows[0]?.count ?? 0),
    };
  }

  it('writes the period in the layout: 25 columns, no header, flags that open and close, balanced entries, the totals of the ledger', async () => {
    const { start, end } = await demoPeriod();
    const accounts = (
      await env().app.inject({ method: 'GET', url: accountsUrl, headers: { authorization: owner.authorization } })
    ).json().accounts as JournalAccounts;
    const response = await download(start, end);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=Shift_JIS');
    const rows = parseCsv(iconv.decode(response.rawPayload, 'cp932'));
    expect(rows.length).toBeGreaterThan(0);
    // No header row: the first record is an entry.
    expect([FLAGS.single, FLAGS.first]).toContain(rows[0]?.[0]);

    const startDay = start.replaceAll('-', '/');
    const endDay = end.replaceAll('-', '/');
    for (const row of rows) {
      expect(row).toHaveLength(25);
      const day = row[C.date] ?? '';
      expect(day).toMatch(/^\d{4}\/\d{2}\/\d{2}$/);
      expect(day >= startDay && day <= endDay, `${day} in ${start}..${end}`).toBe(true);
      expect(row[C.type]).toBe('0');
      expect(row[C.adjustment]).toBe('no');
      amountOf(row[C.debitAmount]);
      amountOf(row[C.creditAmount]);
    }

    const entries = entriesOf(rows);
    const movement = new Map<string, number>();
    const move = (account: string | undefined, amount: number) => {
      if (!account) return;
      movement.set(account, (movement.get(account) ?? 0) + amount);
    };
    for (const entry of entries) {
      const debit = entry.reduce((sum, row) => sum + amountOf(row[C.debitAmount]), 0);
      const credit = entry.reduce((sum, row) => sum + amountOf(row[C.creditAmount]), 0);
      expect(debit, `${entry[0]?.[C.description]}: debit = credit`).toBe(credit);
      for (const row of entry) {
        move(row[C.debit], amountOf(row[C.debitAmount]));
        move(row[C.credit], -amountOf(row[C.creditAmount]));
        // Only the fees carry a tax category, with the tax they include.
        if (row[C.debit] === accounts.fees) {
          expect(row[C.debitTaxCategory]).toBe('課対仕入内10%');
          expect(amountOf(row[C.debitTax])).toBeLessThanOrEqual(Math.floor(amountOf(row[C.debitAmount]) / 11) + 1);
        } else expect(row[C.debitTaxCategory]).toBe('');
        // The receivable's sub-account is the coin.
        if (row[C.debit] === accounts.receivable) expect(row[C.debitSub]).not.toBe('');
        if (row[C.credit] === accounts.receivable) expect(row[C.creditSub]).not.toBe('');
      }
    }
    // The demo month holds the kinds of entry the test is about.
    expect(
      entries.some((entry) => entry.length > 1),
      'a payout as a multi-line entry',
    ).toBe(true);
    const expected = await ledgerMovements(start, end, accounts);
    expect(expected.sales).toBeGreaterThan(0);
    expect(expected.gross).toBeGreaterThan(0);
    expect(expected.corrections, 'a correction of a settled month').toBeGreaterThan(0);
    expect(entries.some((entry) => entry[0]?.[C.description]?.endsWith('決済手数料の訂正'))).toBe(true);
    for (const [account, total] of Object.entries(expected.movements)) {
      // (+ 0: an account that did not move is 0, never -0.)
      expect((movement.get(account) ?? 0) + 0, account).toBe(total + 0);
    }
    expect([...movement.keys()].every((account) => account in expected.movements)).toBe(true);
  });

  it('books under the names the Owner sets; other roles read them, may not change them, and bad names are refused', async () => {
    const read = await env().app.inject({
      method: 'GET',
      url: accountsUrl,
      headers: { authorization: member.authorization },
    });
    expect(read.statusCode).toBe(200);
    expect(Object.keys(read.json().accounts).sort()).toEqual(Object.keys(JOURNAL_ACCOUNT_DEFAULTS).sort());

    const names = { ...JOURNAL_ACCOUNT_DEFAULTS, receivable: '売掛金（コイン）', bank: '当座預金' };
    const refused = await env().app.inject({
      method: 'PUT',
      url: accountsUrl,
      headers: { authorization: member.authorization },
      payload: names,
    });
    expect(refused.statusCode).toBe(403);
    for (const bad of ['', 'あ'.repeat(25), '売掛\u0007金', '売掛\u200b金']) {
      const invalid = await env().app.inject({
        method: 'PUT',
        url: accountsUrl,
        headers: { authorization: owner.authorization },
        payload: { ...names, sales: bad },
      });
      expect(invalid.statusCode, JSON.stringify(bad)).toBe(400);
      expect(invalid.json()).toMatchObject({ type: 'invalid_request' });
    }
    const saved = await env().app.inject({
      method: 'PUT',
      url: accountsUrl,
      headers: { authorization: owner.authorization },
      payload: { ...names, sales: '  売上高  ' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ accounts: names, is_default: false });

    const { start, end } = await demoPeriod();
    const rows = parseCsv(iconv.decode((await download(start, end)).rawPayload, 'cp932'));
    const accountsUsed = new Set(rows.flatMap((row) => [row[C.debit], row[C.credit]]));
    expect(accountsUsed.has('売掛金（コイン）')).toBe(true);
    expect(accountsUsed.has('当座預金')).toBe(true);
    expect(accountsUsed.has(JOURNAL_ACCOUNT_DEFAULTS.receivable)).toBe(false);
  });
});
