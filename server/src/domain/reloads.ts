import type { CallResponse } from '@coin/contract';
import { type Db, inTransaction } from '../db/connection';
import { isStoredId } from './access';
import { DomainError } from './errors';
import { postOrRefuse } from './ledger';
import { customerWalletOf } from './wallets';

/**
 * Money in and out: a merchant reloads (sells coins to) a customer's wallet from its own stock of a
 * reloadable coin, as the demo's 店頭チャージ does: one RELOAD transaction, merchant → customer. The
 * history is the wallet's RELOAD entries (GET /wallets/{wallet_no}/histories?type=RELOAD).
 */

export const RELOAD_MESSAGES = {
  notReloadable: 'このコインはこの加盟店ではチャージできません',
  customerNotFound: 'お客様のウォレットが見つかりません。ウォレット番号をご確認ください',
  insufficientBalance: '加盟店のコイン残高が不足しているため、チャージできません',
} as const;

export async function reloadCustomer(
  db: Db,
  input: { merchantId: number; walletNo: string; coinId: number; amount: number; now?: Date },
): Promise<CallResponse<'createReload'>> {
  return inTransaction(db, async (trx) => {
    const coin = await trx
      .selectFrom('merchant_reload_coins as r')
      .innerJoin('coins as c', 'c.id', 'r.coin_id')
      .innerJoin('merchants as m', 'm.id', 'r.merchant_id')
      .select(['c.id', 'c.name', 'm.wallet_no'])
      .where('r.merchant_id', '=', input.merchantId)
      .where('r.coin_id', '=', isStoredId(input.coinId) ? input.coinId : 0)
      .where('c.reloadable', '=', 1)
      .executeTakeFirst();
    if (!coin) throw new DomainError('unprocessable', RELOAD_MESSAGES.notReloadable);
    const customerWalletNo = await customerWalletOf(trx, input.walletNo, RELOAD_MESSAGES.customerNotFound);
    const at = input.now ?? new Date();
    const transactionId = await postOrRefuse(
      trx,
      {
        type: 'RELOAD',
        merchantId: input.merchantId,
        comment: '店頭チャージ',
        at,
        entries: [
          { walletNo: coin.wallet_no, coinId: coin.id, amount: -input.amount },
          { walletNo: customerWalletNo, coinId: coin.id, amount: input.amount },
        ],
      },
      RELOAD_MESSAGES.insufficientBalance,
    );
    const balance = await trx
      .selectFrom('wallet_balances')
      .select('amount')
      .where('wallet_no', '=', coin.wallet_no)
      .where('coin_id', '=', coin.id)
      .executeTakeFirstOrThrow();
    return {
      transaction_id: transactionId,
      created_at: at.toISOString(),
      wallet_no: customerWalletNo,
      coin_id: coin.id,
      coin_name: coin.name,
      amount: input.amount,
      merchant_balance: balance.amount,
    };
  });
}
