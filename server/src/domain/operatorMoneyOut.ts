import { type Invoice, URL_PAYMENT_QUERY_PARAM, type UrlPayment } from '@coin/contract';
import type { Db } from '../db/connection';
import { isStoredId } from './access';
import { notFound } from './errors';
import { issueInvoice, SERVICE_ISSUER_NAME } from './invoices';
import { SYSTEM_WALLETS } from './ledger';
import { payUrlPayment, URL_PAYMENT_MESSAGES } from './urlPayments';

/** Money in and out: what the operator commands (`npm run admin -- url-payments … | invoices …`) do. */

export interface OperatorInvoiceInput {
  merchantId: number;
  title: string;
  amount: number;
  dueDate: string;
  /** The one item's name; the title when absent. */
  itemName?: string;
  /** Issued by this merchant (paid into its wallet); by the service when absent. */
  issuerMerchantId?: number;
}

/** A link's id (digits), or its token, or its whole URL (the token is its url_payment parameter). */
export function urlPaymentRef(text: string): { urlPaymentId: number } | { token: string } | null {
  const value = text.trim();
  if (/^\d{1,10}$/.test(value)) return Number(value) > 0 ? { urlPaymentId: Number(value) } : null;
  let token = value;
  if (/^https?:\/\//i.test(value)) {
    try {
      token = new URL(value).searchParams.get(URL_PAYMENT_QUERY_PARAM) ?? '';
    } catch {
      return null;
    }
  }
  return /^[\w-]{1,64}$/.test(token) ? { token } : null;
}

/** A customer (the wallet's owner) pays a link now; `ref` is its id, token or URL. */
export function operatorPayUrlPayment(
  db: Db,
  input: { ref: string | number; walletNo: string; publicUrl: string; now?: Date },
): Promise<{ transaction_id: number; link: UrlPayment }> {
  const ref = urlPaymentRef(String(input.ref));
  if (!ref) throw notFound(URL_PAYMENT_MESSAGES.notFound);
  return payUrlPayment(
    db,
    { ...ref, walletNo: input.walletNo },
    { publicUrl: input.publicUrl, now: input.now ?? new Date() },
  );
}

/** Issues a one-item invoice to a merchant, from another merchant or from the service. */
export async function operatorIssueInvoice(db: Db, input: OperatorInvoiceInput, now = new Date()): Promise<Invoice> {
  let issuer = { name: SERVICE_ISSUER_NAME, walletNo: SYSTEM_WALLETS.fees as string };
  if (input.issuerMerchantId !== undefined) {
    const merchant = await db
      .selectFrom('merchants')
      .select(['name', 'wallet_no'])
      .where('id', '=', isStoredId(input.issuerMerchantId) ? input.issuerMerchantId : 0)
      .executeTakeFirst();
    if (!merchant) throw notFound('請求元の加盟店が見つかりません');
    issuer = { name: merchant.name, walletNo: merchant.wallet_no };
  }
  return issueInvoice(db, {
    merchantId: input.merchantId,
    issuerName: issuer.name,
    issuerWalletNo: issuer.walletNo,
    title: input.title,
    items: [{ name: input.itemName ?? input.title, quantity: 1, unit_price: input.amount, amount: input.amount }],
    coinId: 1,
    dueDate: input.dueDate,
    now,
  });
}
