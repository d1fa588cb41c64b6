import type { Db } from '../db/connection';
import { type Mail, tokyoDateTime } from './mail';
import { queueMail } from './mailOutbox';

/*
 * Security events mailed to whom they concern (issue 45): a factor added or removed, recovery codes
 * regenerated or used, a shop requiring two-step or no longer, the operator's reset, a payment to another
 * merchant above the operator's limit. Each mail says what happened, when, from where, and what to do if
 * it was not them; none tells the reader to discard it.
 */

export type SecurityEvent =
  | { kind: 'totp_added' }
  | { kind: 'totp_removed' }
  | { kind: 'passkey_added'; name: string }
  | { kind: 'passkey_removed'; name: string }
  | { kind: 'recovery_codes_regenerated' }
  | { kind: 'recovery_code_used'; left: number }
  | { kind: 'two_step_required'; merchantName: string; required: boolean }
  | { kind: 'two_step_reset' }
  | { kind: 'large_payment'; merchantName: string; payeeName: string; amount: number; actorName: string };

const yen = (amount: number) => `${amount.toLocaleString('ja-JP')}円`;

/** The subject and what happened, in a sentence or two. */
function describeEvent(event: SecurityEvent): { subject: string; what: string } {
  switch (event.kind) {
    case 'totp_added':
      return { subject: '認証アプリが登録されました', what: '2段階認証の認証アプリが登録されました。' };
    case 'totp_removed':
      return {
        subject: '認証アプリが削除されました',
        what: '2段階認証の認証アプリが削除されました。ほかに2段階認証の方法がなければ、パスワードだけでログインできる状態です。',
      };
    case 'passkey_added':
      return { subject: 'パスキーが登録されました', what: `パスキー「${event.name}」が登録されました。` };
    case 'passkey_removed':
      return { subject: 'パスキーが削除されました', what: `パスキー「${event.name}」が削除されました。` };
    case 'recovery_codes_regenerated':
      return {
        subject: 'リカバリーコードが再発行されました',
        what: 'リカバリーコードが再発行されました。以前のリカバリーコードは使えなくなりました。',
      };
    case 'recovery_code_used':
      return {
        subject: 'リカバリーコードが使われました',
        what: `リカバリーコードで本人確認が行われました。使ったコードはもう使えません。残りは${event.left}個です。${
          event.left <= 3 ? '残りが少なくなっています。2段階認証の画面でリカバリーコードを再発行してください。' : ''
        }`,
      };
    case 'two_step_required':
      return event.required
        ? {
            subject: `${event.merchantName}で2段階認証が必須になりました`,
            what: `${event.merchantName}のオーナーが、スタッフの2段階認証を必須にしました。2段階認証を設定していない場合は、次にログインしたときに設定を求められます。`,
          }
        : {
            subject: `${event.merchantName}で2段階認証が必須ではなくなりました`,
            what: `${event.merchantName}のオーナーが、スタッフの2段階認証の必須設定を解除しました。設定済みの2段階認証はそのまま使えます。`,
          };
    case 'two_step_reset':
      return {
        subject: '2段階認証がリセットされました',
        what: '運営者がお客さまの依頼により、2段階認証（認証アプリ・パスキー・リカバリーコード）をすべて削除しました。次のログインはパスワードだけで行えます。ログイン後、2段階認証を設定し直してください。',
      };
    case 'large_payment':
      return {
        subject: `【${event.merchantName}】他の加盟店へ${yen(event.amount)}を支払いました`,
        what: `${event.actorName}さんが、${event.merchantName}のウォレットから${event.payeeName}へ${yen(event.amount)}を支払いました。本人確認を行ったうえでの支払いです。`,
      };
  }
}

/** What to do if it was not them: the advice of every mail about the reader's own account or shop. */
const IF_NOT_YOU =
  'お心当たりがない場合は、第三者がアカウントを使っている可能性があります。ただちにパスワードを変更し、' +
  '2段階認証の画面で設定を確認したうえで、サポート窓口にご連絡ください。';
/** A shop's requirement is its Owner's decision: its staff are told whom to ask, not to fear an intrusion. */
const ASK_THE_OWNER = 'この設定についてご不明な点は、加盟店のオーナーにお問い合わせください。';

export function securityEventMail(input: {
  to: string;
  event: SecurityEvent;
  at: Date;
  clientIp: string | null;
  link: string;
}): Mail {
  const { subject, what } = describeEvent(input.event);
  // The staff of a shop are told of their Owner's decision, without the Owner's address.
  const ownersDecision = input.event.kind === 'two_step_required';
  const where = ownersDecision ? '' : `操作元のIPアドレス: ${input.clientIp ?? '不明（運営者による操作）'}\n`;
  return {
    to: input.to,
    link: input.link,
    subject: input.event.kind === 'large_payment' ? subject : `【めぶくペイ加盟店】${subject}`,
    text:
      `${what}\n\n` +
      `日時: ${tokyoDateTime(input.at)}\n${where}\n` +
      `${ownersDecision ? ASK_THE_OWNER : IF_NOT_YOU}\n\n${input.link}\n\n※このメールは送信専用です。\n`,
  };
}

/** Queues one security mail to each address (in the caller's transaction, through the outbox). */
export async function queueSecurityMail(
  db: Db,
  to: readonly string[],
  event: SecurityEvent,
  context: { now: Date; clientIp: string | null; link: string },
): Promise<void> {
  for (const address of new Set(to)) {
    await queueMail(
      db,
      securityEventMail({ to: address, event, at: context.now, clientIp: context.clientIp, link: context.link }),
      context.now,
    );
  }
}

/** How many unused recovery codes a user has left. */
export async function recoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('identity_recovery_codes')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('identity_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The addresses of a user (their sign-in address). */
export async function addressOf(db: Db, userId: number): Promise<string[]> {
  const row = await db.selectFrom('identities').select('email').where('id', '=', userId).executeTakeFirst();
  return row ? [row.email] : [];
}

/** The ACTIVE staff's addresses of a merchant: every role, or the Owners only. */
export async function staffOf(db: Db, merchantId: number, only?: 'Owner'): Promise<string[]> {
  let query = db
    .selectFrom('merchant_users as mu')
    .innerJoin('identities as i', 'i.id', 'mu.user_id')
    .select('i.email')
    .where('mu.merchant_id', '=', merchantId)
    .where('mu.status', '=', 'ACTIVE');
  if (only) query = query.where('mu.role', '=', only);
  return (await query.execute()).map((row) => row.email);
}

/** The ACTIVE Owners' addresses of a merchant. */
export const ownersOf = (db: Db, merchantId: number) => staffOf(db, merchantId, 'Owner');
