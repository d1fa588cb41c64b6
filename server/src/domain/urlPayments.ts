import { randomBytes } from 'node:crypto';
import {
  type CallResponse,
  URL_PAYMENT_MAX_DAYS,
  URL_PAYMENT_QUERY_PARAM,
  type UrlPayment,
  type UrlPaymentStatus,
} from '@coin/contract';
import { sql } from 'kysely';
import { type Db, inTransaction } from '../db/connection';
import { isStoredId } from './access';
import { DomainError, invalidRequest, notFound } from './errors';
import { exactInstant, type KeysetCursor, keysetBatches, pastCursor } from './keyset';
import { postOrRefuse } from './ledger';
import { addDays, tokyoDate, tokyoPeriod } from './time';
import { customerWalletOf } from './wallets';

/** Money in and out: payment links a merchant hands to customers, and their uses. */

export const URL_PAYMENT_MESSAGES = {
  notFound: '支払いリンクが見つかりません',
  alreadyStopped: 'この支払いリンクはすでに停止されています',
  stopped: 'この支払いリンクは停止されています',
  expired: 'この支払いリンクは有効期限が切れています',
  coinNotFound: 'コインが見つかりません',
  pastDay: '有効期限には今日以降の日付を指定してください',
  tooFar: `有効期限は${URL_PAYMENT_MAX_DAYS}日以内で指定してください`,
  notCustomer: 'お客様のウォレットが見つかりません',
  insufficientBalance: 'お客様のウォレットの残高が不足しています',
} as const;

/**
 * An address on the QR host (`qr.<host>`): the intermediary of `action` there hands the query to the
 * app. Built from the service's public URL.
 */
export function qrHostUrl(publicUrl: string, action: string, query: Record<string, string>): string {
  const base = new URL(publicUrl);
  if (!base.hostname.startsWith('qr.')) base.hostname = `qr.${base.hostname}`;
  base.pathname = `/${action}/`;
  base.search = new URLSearchParams(query).toString();
  base.hash = '';
  return base.toString();
}

/** Where a payment link points: the QR host's payment intermediary (`/payment/?url_payment=…`). */
export const urlPaymentUrl = (publicUrl: string, token: string) =>
  qrHostUrl(publicUrl, 'payment', { [URL_PAYMENT_QUERY_PARAM]: token });

/** STOPPED once stopped; EXPIRED after its last Tokyo day; ACTIVE otherwise. */
export function urlPaymentStatus(link: { stopped_at: Date | null; expires_on: string }, now: Date): UrlPaymentStatus {
  if (link.stopped_at) return 'STOPPED';
  return link.expires_on < tokyoDate(now) ? 'EXPIRED' : 'ACTIVE';
}

function links(db: Db) {
  return db
    .selectFrom('url_payments as u')
    .innerJoin('coins as c', 'c.id', 'u.coin_id')
    .select((eb) => [
      'u.id',
      'u.merchant_id',
      'u.token',
      'u.coin_id',
      'c.name as coin_name',
      'u.amount',
      'u.description',
      'u.expires_on',
      'u.stopped_at',
      'u.created_at',
      eb
        .selectFrom('url_payment_uses as x')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('x.url_payment_id', '=', 'u.id')
        .as('use_count'),
      eb
        .selectFrom('url_payment_uses as x')
        .select((inner) => inner.fn.coalesce(inner.fn.sum<number>('x.amount'), sql<number>`0`).as('s'))
        .whereRef('x.url_payment_id', '=', 'u.id')
        .as('used_amount'),
    ]);
}

type LinkRow = Awaited<ReturnType<ReturnType<typeof links>['executeTakeFirstOrThrow']>>;

function toUrlPayment(row: LinkRow, publicUrl: string, now: Date): UrlPayment {
  return {
    id: row.id,
    url: urlPaymentUrl(publicUrl, row.token),
    coin_id: row.coin_id,
    coin_name: row.coin_name,
    amount: row.amount,
    description: row.description,
    expires_on: row.expires_on,
    status: urlPaymentStatus(row, now),
    use_count: Number(row.use_count ?? 0),
    used_amount: Number(row.used_amount ?? 0),
    created_at: row.created_at.toISOString(),
    stopped_at: row.stopped_at?.toISOString() ?? null,
  };
}

export interface LinkContext {
  publicUrl: string;
  now: Date;
}

/**
 * The merchant's links created in the period (Tokyo days), of one status if given: a status filter reads
 * the same rule as the status itself.
 */
function filteredLinks(
  db: Db,
  merchantId: number,
  query: { start_date: string; end_date: string; status?: UrlPaymentStatus | undefined },
  now: Date,
) {
  const today = tokyoDate(now);
  const { from, to } = tokyoPeriod(query.start_date, query.end_date);
  let filtered = links(db)
    .where('u.merchant_id', '=', merchantId)
    .where('u.created_at', '>=', from)
    .where('u.created_at', '<', to);
  if (query.status === 'STOPPED') filtered = filtered.where('u.stopped_at', 'is not', null);
  if (query.status === 'EXPIRED')
    filtered = filtered.where('u.stopped_at', 'is', null).where('u.expires_on', '<', today);
  if (query.status === 'ACTIVE')
    filtered = filtered.where('u.stopped_at', 'is', null).where('u.expires_on', '>=', today);
  return filtered;
}

/** The merchant's links of the period, newest first, one page. */
export async function listUrlPayments(
  db: Db,
  merchantId: number,
  query: {
    start_date: string;
    end_date: string;
    status?: UrlPaymentStatus | undefined;
    limit: number;
    offset: number;
  },
  context: LinkContext,
): Promise<CallResponse<'listUrlPayments'>> {
  const filtered = filteredLinks(db, merchantId, query, context.now);
  const [{ total }, rows] = await Promise.all([
    filtered
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
    filtered
      .orderBy('u.created_at', 'desc')
      .orderBy('u.id', 'desc')
      .limit(query.limit)
      .offset((query.offset - 1) * query.limit)
      .execute(),
  ]);
  return {
    items: rows.map((row) => toUrlPayment(row, context.publicUrl, context.now)),
    total: Number(total),
    limit: query.limit,
    offset: query.offset,
  };
}

/** Every link of the period (the CSV report), newest first, in keyset batches. */
export async function* urlPaymentBatches(
  db: Db,
  merchantId: number,
  period: { start_date: string; end_date: string },
  context: LinkContext,
): AsyncGenerator<UrlPayment[]> {
  const batches = keysetBatches(
    (after, limit) =>
      filteredLinks(db, merchantId, period, context.now)
        .select(exactInstant('u.created_at').as('cursor_at'))
        .$if(after !== null, (q) => q.where(pastCursor('u.created_at', 'u.id', after as KeysetCursor, 'desc')))
        .orderBy('u.created_at', 'desc')
        .orderBy('u.id', 'desc')
        .limit(limit)
        .execute(),
    (row) => ({ at: row.cursor_at, id: row.id }),
  );
  for await (const batch of batches) yield batch.map((row) => toUrlPayment(row, context.publicUrl, context.now));
}

/** Creates a link; its last day is today … today + URL_PAYMENT_MAX_DAYS (Tokyo). */
export async function createUrlPayment(
  db: Db,
  input: {
    merchantId: number;
    coinId: number;
    amount: number;
    description: string;
    expiresOn: string;
    createdBy: number | null;
  },
  context: LinkContext,
): Promise<UrlPayment> {
  const today = tokyoDate(context.now);
  if (input.expiresOn < today) throw invalidRequest('expires_on', URL_PAYMENT_MESSAGES.pastDay);
  if (input.expiresOn > addDays(today, URL_PAYMENT_MAX_DAYS)) {
    throw invalidRequest('expires_on', URL_PAYMENT_MESSAGES.tooFar);
  }
  const coin = await db
    .selectFrom('coins')
    .select('id')
    .where('id', '=', isStoredId(input.coinId) ? input.coinId : 0)
    .executeTakeFirst();
  if (!coin) throw new DomainError('unprocessable', URL_PAYMENT_MESSAGES.coinNotFound);
  const { id } = await db
    .insertInto('url_payments')
    .values({
      merchant_id: input.merchantId,
      token: randomBytes(16).toString('base64url'),
      coin_id: coin.id,
      amount: input.amount,
      description: input.description,
      expires_on: input.expiresOn,
      created_by: input.createdBy,
      created_at: context.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return toUrlPayment(await links(db).where('u.id', '=', id).executeTakeFirstOrThrow(), context.publicUrl, context.now);
}

/** Stops one of the merchant's links (another merchant's is not found); a stopped one is 409. */
export async function stopUrlPayment(
  db: Db,
  input: { merchantId: number; urlPaymentId: number },
  context: LinkContext,
): Promise<UrlPayment> {
  return inTransaction(db, async (trx) => {
    const row = await trx
      .selectFrom('url_payments')
      .select(['id', 'stopped_at'])
      .where('id', '=', isStoredId(input.urlPaymentId) ? input.urlPaymentId : 0)
      .where('merchant_id', '=', input.merchantId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound(URL_PAYMENT_MESSAGES.notFound);
    if (row.stopped_at) throw new DomainError('conflict', URL_PAYMENT_MESSAGES.alreadyStopped);
    await trx.updateTable('url_payments').set({ stopped_at: context.now }).where('id', '=', row.id).execute();
    return toUrlPayment(
      await links(trx).where('u.id', '=', row.id).executeTakeFirstOrThrow(),
      context.publicUrl,
      context.now,
    );
  });
}

/**
 * A customer pays a link, named by its id or its URL's token (the operator command stands in for the
 * app): one PAYMENT transaction from
 * the customer's wallet to the merchant's, recorded as a use of the link. The link row is locked, so
 * a stop and a payment cannot cross; a stopped or expired link is refused.
 */
export async function payUrlPayment(
  db: Db,
  input: ({ urlPaymentId: number } | { token: string }) & { walletNo: string },
  context: LinkContext,
): Promise<{ transaction_id: number; link: UrlPayment }> {
  return inTransaction(db, async (trx) => {
    let query = trx
      .selectFrom('url_payments as u')
      .innerJoin('merchants as m', 'm.id', 'u.merchant_id')
      .select(['u.id', 'u.merchant_id', 'u.coin_id', 'u.amount', 'u.description', 'u.expires_on', 'u.stopped_at'])
      .select('m.wallet_no as merchant_wallet_no')
      .forUpdate('u');
    query =
      'token' in input
        ? query.where('u.token', '=', input.token)
        : query.where('u.id', '=', isStoredId(input.urlPaymentId) ? input.urlPaymentId : 0);
    const link = await query.executeTakeFirst();
    if (!link) throw notFound(URL_PAYMENT_MESSAGES.notFound);
    const status = urlPaymentStatus(link, context.now);
    if (status === 'STOPPED') throw new DomainError('unprocessable', URL_PAYMENT_MESSAGES.stopped);
    if (status === 'EXPIRED') throw new DomainError('unprocessable', URL_PAYMENT_MESSAGES.expired);
    const customerWalletNo = await customerWalletOf(trx, input.walletNo, URL_PAYMENT_MESSAGES.notCustomer);
    const transactionId = await postOrRefuse(
      trx,
      {
        type: 'PAYMENT',
        merchantId: link.merchant_id,
        comment: `支払いリンク: ${link.description}`,
        at: context.now,
        entries: [
          { walletNo: customerWalletNo, coinId: link.coin_id, amount: -link.amount },
          { walletNo: link.merchant_wallet_no, coinId: link.coin_id, amount: link.amount },
        ],
      },
      URL_PAYMENT_MESSAGES.insufficientBalance,
    );
    await trx
      .insertInto('url_payment_uses')
      .values({
        transaction_id: transactionId,
        url_payment_id: link.id,
        wallet_no: customerWalletNo,
        amount: link.amount,
        created_at: context.now,
      })
      .execute();
    const row = await links(trx).where('u.id', '=', link.id).executeTakeFirstOrThrow();
    return { transaction_id: transactionId, link: toUrlPayment(row, context.publicUrl, context.now) };
  });
}
