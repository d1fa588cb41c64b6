import { tokyoDate } from '@coin/contract';
import type { Insertable, Transaction } from 'kysely';
import type { Database } from '../db/schema';

/**
 * The Owner's 操作履歴 (issue 48): the trail of what 本店's staff did. Refund requests and their outcomes,
 * payments to other shops, paid invoices and issued papers are read back from the rows the other
 * sections wrote, so the trail agrees with the data; sign-ins, downloads, staff and settings changes of
 * the last weeks are added, so every kind shows on a fresh start.
 */

const MAIN = 1;
const OWNER = 1;
const MANAGER = 2;
const MANAGER_NO_PAYMENT = 3;
const MEMBER = 4;
const INVITED = 8;
const SUSPENDED = 9;
/** 加藤 大輔: a Member whose own account events the demo shows (the tests' demo users start with none). */
const MEMBER_WITHOUT_ADDRESS = 11;
const DEVICES = ['Chrome 131 / Windows', 'Safari 18 / iOS', 'Edge 131 / Windows', 'Chrome 131 / Android'];
const SHOP_IPS = ['203.0.113.24', '198.51.100.7'];

type Row = Insertable<Database['audit_events']>;
interface Event {
  at: Date;
  actor: number | null;
  action: string;
  target?: number;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
  ip?: string | null;
}

const hoursAgo = (now: Date, hours: number) => new Date(now.getTime() - hours * 3_600_000);

/** Sign-ins, downloads and changes of the last four weeks, by the staff of 本店. */
function recentEvents(now: Date): Event[] {
  const events: Event[] = [];
  for (let day = 27; day >= 0; day -= 1) {
    // The Owner most mornings, the Manager on weekdays, the Member at the counter every other day.
    if (day % 7 !== 6)
      events.push({
        at: hoursAgo(now, day * 24 + 14),
        actor: OWNER,
        action: 'session.signed_in',
        after: { device: DEVICES[0] },
      });
    if (day % 7 < 5)
      events.push({
        at: hoursAgo(now, day * 24 + 11),
        actor: MANAGER,
        action: 'session.signed_in',
        after: { device: DEVICES[2] },
      });
    if (day % 2 === 0)
      events.push({
        at: hoursAgo(now, day * 24 + 9),
        actor: MEMBER,
        action: 'session.signed_in',
        after: { device: DEVICES[1] },
      });
  }
  const month = (days: number) => ({
    start_date: tokyoDate(hoursAgo(now, days * 24 + 24 * 30)),
    end_date: tokyoDate(hoursAgo(now, days * 24)),
  });
  events.push(
    {
      at: hoursAgo(now, 26 * 24 + 3),
      actor: OWNER,
      action: 'merchant_user.invited',
      target: INVITED,
      after: { name: '山本 彩', role: 'Manager' },
    },
    {
      at: hoursAgo(now, 25 * 24 + 5),
      actor: OWNER,
      action: 'merchant_user.updated',
      target: MANAGER_NO_PAYMENT,
      before: { role: 'Member', name: '高橋 健' },
      after: { role: 'Manager_NoPayment', name: '高橋 健' },
    },
    {
      at: hoursAgo(now, 20 * 24 + 2),
      actor: OWNER,
      action: 'merchant_user.suspended',
      target: SUSPENDED,
      before: { status: 'ACTIVE' },
      after: { status: 'SUSPENDED' },
    },
    {
      at: hoursAgo(now, 18 * 24 + 6),
      actor: OWNER,
      action: 'session.stepped_up',
      target: OWNER,
      after: { purpose: 'bank_account', method: 'password' },
    },
    {
      at: hoursAgo(now, 18 * 24 + 6),
      actor: OWNER,
      action: 'merchant.bank_account_changed',
      before: { bank_code: '0128' },
      after: { bank_code: '0128' },
    },
    {
      at: hoursAgo(now, 15 * 24 + 4),
      actor: OWNER,
      action: 'merchant.profile_updated',
      before: { business_hours: '8:00〜18:00' },
      after: { business_hours: '8:00〜19:00' },
    },
    // The Manager tries an authenticator app and removes it again (no demo user keeps a second factor).
    {
      at: hoursAgo(now, 14 * 24 + 5),
      actor: MANAGER,
      action: 'identity.two_step_added',
      target: MANAGER,
      after: { factor: 'totp' },
    },
    {
      at: hoursAgo(now, 13 * 24 + 2),
      actor: MANAGER,
      action: 'identity.two_step_removed',
      target: MANAGER,
      before: { factor: 'totp' },
    },
    {
      at: hoursAgo(now, 12 * 24 + 8),
      actor: MEMBER_WITHOUT_ADDRESS,
      action: 'identity.password_changed',
      target: MEMBER_WITHOUT_ADDRESS,
      ip: SHOP_IPS[1],
    },
    {
      at: hoursAgo(now, 9 * 24 + 3),
      actor: OWNER,
      action: 'csv.downloaded',
      after: { report: 'journal_yayoi', ...month(9) },
    },
    {
      at: hoursAgo(now, 6 * 24 + 2),
      actor: MANAGER,
      action: 'csv.downloaded',
      after: { report: 'histories', ...month(6) },
    },
    {
      at: hoursAgo(now, 2 * 24 + 7),
      actor: MANAGER_NO_PAYMENT,
      action: 'csv.downloaded',
      after: { report: 'refund_applications', ...month(2) },
    },
  );
  return events;
}

export async function seedAuditLog(trx: Transaction<Database>, { now }: { now: Date }): Promise<void> {
  const [refunds, payments, invoices, documents] = await Promise.all([
    trx
      .selectFrom('refund_applications')
      .select(['id', 'payment_transaction_id', 'amount', 'requested_by', 'created_at', 'approved_at', 'canceled_at'])
      .where('merchant_id', '=', MAIN)
      .execute(),
    trx
      .selectFrom('merchant_payments as p')
      .innerJoin('merchants as m', 'm.id', 'p.to_merchant_id')
      .select(['p.transaction_id', 'p.amount', 'p.created_by', 'p.created_at', 'm.name'])
      .where('p.from_merchant_id', '=', MAIN)
      .execute(),
    trx
      .selectFrom('invoices')
      .select(['id', 'issuer_name', 'title', 'amount', 'paid_at', 'paid_by'])
      .where('merchant_id', '=', MAIN)
      .where('paid_at', 'is not', null)
      .execute(),
    trx
      .selectFrom('issued_documents')
      .select(['kind', 'number', 'issued_at', 'issued_by'])
      .where('merchant_id', '=', MAIN)
      .execute(),
  ]);
  const events: Event[] = [...recentEvents(now)];
  for (const refund of refunds) {
    const after = {
      refund_application_id: refund.id,
      transaction_id: refund.payment_transaction_id,
      amount: refund.amount,
    };
    events.push({ at: refund.created_at, actor: refund.requested_by ?? OWNER, action: 'refund.requested', after });
    if (refund.approved_at)
      events.push({
        at: refund.approved_at,
        actor: null,
        action: 'refund.approved',
        target: refund.requested_by ?? OWNER,
        after,
        ip: null,
      });
    if (refund.canceled_at)
      events.push({ at: refund.canceled_at, actor: refund.requested_by ?? OWNER, action: 'refund.canceled', after });
  }
  for (const payment of payments) {
    events.push({
      at: payment.created_at,
      actor: payment.created_by ?? MANAGER,
      action: 'merchant_payment.created',
      after: { transaction_id: payment.transaction_id, payee: payment.name, amount: payment.amount },
    });
  }
  for (const invoice of invoices) {
    if (!invoice.paid_at) continue;
    events.push({
      at: invoice.paid_at,
      actor: invoice.paid_by ?? MANAGER,
      action: 'invoice.paid',
      after: { invoice_id: invoice.id, title: `${invoice.issuer_name}「${invoice.title}」`, amount: invoice.amount },
    });
  }
  for (const document of documents) {
    events.push({
      at: document.issued_at,
      actor: document.issued_by ?? OWNER,
      action: 'document.issued',
      after: { kind: document.kind, number: document.number },
    });
  }
  const rows: Row[] = events.map((event, index) => ({
    occurred_at: event.at,
    actor_user_id: event.actor,
    action: event.action,
    merchant_id: event.action.startsWith('identity.') ? null : MAIN,
    target_user_id: event.target ?? null,
    before: event.before ? JSON.stringify(event.before) : null,
    after: event.after ? JSON.stringify(event.after) : null,
    client_ip: event.ip === undefined ? (SHOP_IPS[index % SHOP_IPS.length] ?? null) : event.ip,
  }));
  for (let start = 0; start < rows.length; start += 500) {
    await trx
      .insertInto('audit_events')
      .values(rows.slice(start, start + 500))
      .execute();
  }
}
