import { sql } from 'kysely';
import type { Db } from '../db/connection';
import { SYSTEM_WALLETS } from '../domain/ledger';

/**
 * Money: histories and fees — a wallet with `count` history entries, built with set-based SQL
 * (INSERT … SELECT generate_series) so a million takes seconds. Each transaction moves 1 coin from the
 * issuer into the wallet, spread evenly over [from, to); balances are kept exact. Types: PAYMENT, RELOAD,
 * TRANSFER and REBATE in turn (a quarter each), except that every 500th is a CASH_CANCEL (the rare type);
 * every 50th carries a comment.
 * For tests and the bench only.
 */
export async function insertBulkHistory(
  db: Db,
  walletNo: string,
  count: number,
  period: { from: Date; to: Date },
): Promise<void> {
  const stepMs = (period.to.getTime() - period.from.getTime()) / count;
  await db.transaction().execute(async (trx) => {
    await sql`insert into wallets (wallet_no, owner_type) values (${walletNo}, 'customer')
      on conflict (wallet_no) do nothing`.execute(trx);
    const issuer = await sql<{ amount: number }>`
      select coalesce((select amount from wallet_balances where wallet_no = ${SYSTEM_WALLETS.issuer} and coin_id = 1), 0)
        as amount`.execute(trx);
    const issuerBefore = Number(issuer.rows[0]?.amount ?? 0);
    await sql`
      with created as (
        insert into transactions (type, merchant_id, comment, created_at)
        select case when g % 500 = 499 then 'CASH_CANCEL' else (array['PAYMENT', 'RELOAD', 'TRANSFER', 'REBATE'])[1 + g % 4] end,
               null,
               case when g % 50 = 0 then 'bulk ' || g end,
               ${period.from}::timestamptz + (g * ${stepMs}::double precision) * interval '1 millisecond'
        from generate_series(0, ${count - 1}) as g
        returning id, type, commented, created_at
      ), numbered as (
        select id, type, commented, created_at, row_number() over (order by created_at, id) as n from created
      )
      insert into entries (transaction_id, wallet_no, coin_id, amount, balance_after, counterparty_wallet_no, created_at,
        type, commented)
      select id, ${walletNo}, 1, 1, n, ${SYSTEM_WALLETS.issuer}, created_at, type, commented from numbered
      union all
      select id, ${SYSTEM_WALLETS.issuer}, 1, -1, ${issuerBefore} - n, ${walletNo}, created_at, type, commented
      from numbered`.execute(trx);
    await sql`insert into wallet_balances (wallet_no, coin_id, amount) values (${walletNo}, 1, ${count})
      on conflict (wallet_no, coin_id) do update set amount = wallet_balances.amount + excluded.amount`.execute(trx);
    await sql`update wallet_balances set amount = amount - ${count}
      where wallet_no = ${SYSTEM_WALLETS.issuer} and coin_id = 1`.execute(trx);
  });
  await sql`analyze entries`.execute(db);
  await sql`analyze transactions`.execute(db);
  await sql`analyze wallet_history_days`.execute(db);
}
