import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { issueInvoice, payInvoice, SERVICE_ISSUER_NAME } from '../domain/invoices';
import { SYSTEM_WALLETS } from '../domain/ledger';
import { reloadCustomer } from '../domain/reloads';
import { addDays, tokyoDate } from '../domain/time';
import { DEMO_MERCHANTS } from './accounts';

/**
 * Money in and out, demo rows for 本店 (DESIGN.md §9): its sent payments (the core's 店舗間移動 transfers
 * to 駅前店, recorded as payments at the standard rate), payment links in every status with uses taken
 * from the core's payments, paid, unpaid and overdue invoices, and a reload of the demo customer.
 */

/** The demo customer whose wallet the operator commands use (reloaded with 5,000 めぶくコイン here). */
export const DEMO_CUSTOMER_WALLET = '2000000001';

const DAY = 24 * 60 * 60 * 1000;
const COIN = 1;

export async function seedMoneyOut(trx: Transaction<Database>, { now }: { now: Date }): Promise<void> {
  const main = DEMO_MERCHANTS.main;
  const station = DEMO_MERCHANTS.station;
  const today = tokyoDate(now);

  // Sent payments: each TRANSFER of 本店 into another merchant's wallet, with the fee the fees wallet got.
  await sql`
    insert into merchant_payments (transaction_id, from_merchant_id, to_merchant_id, coin_id, amount, fee, rate_type, created_at)
    select t.id, t.merchant_id, m.id, payee.coin_id, payee.amount, coalesce(fee.amount, 0), 'STANDARD', t.created_at
      from transactions t
      join entries payee on payee.transaction_id = t.id and payee.amount > 0
      join merchants m on m.wallet_no = payee.wallet_no and m.id <> t.merchant_id
      left join entries fee on fee.transaction_id = t.id and fee.wallet_no = ${SYSTEM_WALLETS.fees}
     where t.type = 'TRANSFER' and t.merchant_id = ${main.id}`.execute(trx);

  // Payment links: uses are the core's payments of the link's coin and amount while the link was usable.
  const links = [
    { description: 'ランチセット事前決済', amount: 1200, createdDays: 20, expiresDays: 30, stoppedDays: null, uses: 6 },
    {
      description: 'ホールケーキ予約（5号）',
      amount: 3200,
      createdDays: 95,
      expiresDays: -60,
      stoppedDays: null,
      uses: 4,
    },
    { description: '年末オードブル予約', amount: 2400, createdDays: 40, expiresDays: 20, stoppedDays: 10, uses: 3 },
    {
      description: 'コーヒーチケット11枚綴り',
      amount: 5000,
      createdDays: 2,
      expiresDays: 60,
      stoppedDays: null,
      uses: 0,
    },
  ];
  for (const link of links) {
    const createdAt = new Date(now.getTime() - link.createdDays * DAY);
    const stoppedAt = link.stoppedDays === null ? null : new Date(now.getTime() - link.stoppedDays * DAY);
    const expiresOn = addDays(today, link.expiresDays);
    const { id } = await trx
      .insertInto('url_payments')
      .values({
        merchant_id: main.id,
        token: `demo-link-${link.amount}-${link.createdDays}`,
        coin_id: COIN,
        amount: link.amount,
        description: link.description,
        expires_on: expiresOn,
        stopped_at: stoppedAt,
        created_at: createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (link.uses === 0) continue;
    const usableUntil = Math.min(
      stoppedAt?.getTime() ?? Number.POSITIVE_INFINITY,
      new Date(`${addDays(expiresOn, 1)}T00:00:00+09:00`).getTime(),
      now.getTime(),
    );
    await sql`
      insert into url_payment_uses (transaction_id, url_payment_id, wallet_no, amount, created_at)
      select t.id, ${id}, payer.wallet_no, merchant.amount, t.created_at
        from transactions t
        join entries merchant on merchant.transaction_id = t.id and merchant.wallet_no = ${main.walletNo}
        join entries payer on payer.transaction_id = t.id and payer.amount < 0
       where t.merchant_id = ${main.id} and t.type = 'PAYMENT'
         and merchant.coin_id = ${COIN} and merchant.amount = ${link.amount}
         and t.created_at >= ${createdAt} and t.created_at < ${new Date(usableUntil)}
         and not exists (select 1 from url_payment_uses u where u.transaction_id = t.id)
       order by t.created_at desc
       limit ${link.uses}`.execute(trx);
  }

  // The demo customer's wallet, topped up at the counter (the operator commands pay from it).
  await reloadCustomer(trx, {
    merchantId: main.id,
    walletNo: DEMO_CUSTOMER_WALLET,
    coinId: COIN,
    amount: 5_000,
    now: new Date(now.getTime() - 50_000),
  });

  // Invoices addressed to 本店: two paid just now, two unpaid, one overdue; and one to まちのパン屋.
  const item = (name: string, quantity: number, unitPrice: number) => ({
    name,
    quantity,
    unit_price: unitPrice,
    amount: quantity * unitPrice,
  });
  const issue = (input: {
    merchantId?: number;
    issuer: 'station' | 'service';
    title: string;
    items: ReturnType<typeof item>[];
    dueDays: number;
    issuedDays: number;
  }) =>
    issueInvoice(trx, {
      merchantId: input.merchantId ?? main.id,
      issuerName: input.issuer === 'station' ? station.name : SERVICE_ISSUER_NAME,
      issuerWalletNo: input.issuer === 'station' ? station.walletNo : SYSTEM_WALLETS.fees,
      title: input.title,
      items: input.items,
      coinId: COIN,
      dueDate: addDays(today, input.dueDays),
      now: new Date(now.getTime() - input.issuedDays * DAY),
    });
  const paidA = await issue({
    issuer: 'station',
    title: '共同仕入れ精算（先月分）',
    items: [item('コーヒー豆（ブレンド 500g）', 3, 1600), item('紙カップ（100個入）', 2, 900)],
    dueDays: -3,
    issuedDays: 20,
  });
  const paidB = await issue({
    issuer: 'service',
    title: '決済端末利用料（先月分）',
    items: [item('決済端末利用料', 2, 1500)],
    dueDays: 5,
    issuedDays: 9,
  });
  await payInvoice(trx, { merchantId: main.id, invoiceId: paidA.id, paidBy: 1, now: new Date(now.getTime() - 40_000) });
  await payInvoice(trx, { merchantId: main.id, invoiceId: paidB.id, paidBy: 1, now: new Date(now.getTime() - 30_000) });
  await issue({
    issuer: 'service',
    title: '決済端末利用料（今月分）',
    items: [item('決済端末利用料', 2, 1500), item('レシート用紙', 10, 300)],
    dueDays: 12,
    issuedDays: 1,
  });
  await issue({
    issuer: 'station',
    title: '共同仕入れ精算（今月分）',
    items: [item('コーヒー豆（ブレンド 1kg）', 4, 2800), item('焼き菓子（詰め合わせ）', 12, 450)],
    dueDays: 25,
    issuedDays: 2,
  });
  await issue({
    issuer: 'service',
    title: '販促ポスター印刷代',
    items: [item('A2ポスター印刷', 5, 1200)],
    dueDays: -4,
    issuedDays: 30,
  });
  await issue({
    merchantId: DEMO_MERCHANTS.bakery.id,
    issuer: 'service',
    title: '決済端末利用料（今月分）',
    items: [item('決済端末利用料', 1, 1500)],
    dueDays: 12,
    issuedDays: 1,
  });
}
