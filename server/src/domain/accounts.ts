import { REQUESTER } from '@coin/contract';
import type { Config } from '../config';
import type { Db } from '../db/connection';
import { accountLinksSentTo, findUsableToken, issueAccountToken, markTokenUsed } from './accountTokens';
import { recordAudit } from './audit';
import { DomainError, invalidRequest, notFound } from './errors';
import { emailChangedNoticeMail, emailChangeMail, initialPasswordMail, type Mail, passwordResetMail } from './mail';
import { queueMail } from './mailOutbox';
import type { AccountDeps } from './merchantUsers';
import { hashPassword } from './passwords';
import { confirmCurrentPassword, lockoutPolicyOf } from './sessions';

const minutes = (n: number) => n * 60 * 1000;

function assertPasswordLength(config: Config, password: string, field = 'password'): void {
  if (password.length < config.passwordMinLength) {
    throw invalidRequest(field, `パスワードは${config.passwordMinLength}文字以上で入力してください`);
  }
}

/** Ends every sign-in of the user except the one `keepPopinfoId` belongs to (their reauth token families). */
export async function revokeOtherSessions(
  db: Db,
  userId: number,
  keepPopinfoId: string | null,
  now: Date,
): Promise<void> {
  let families = db
    .updateTable('session_families')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  let tokens = db
    .updateTable('reauth_tokens')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepPopinfoId) {
    // The current sign-in stays, with every tab of it (the families forked from it share its sign_in_id).
    const kept = db
      .selectFrom('session_families as kept')
      .innerJoin('session_families as same', 'same.sign_in_id', 'kept.sign_in_id')
      .select('same.popinfo_id')
      .where('kept.popinfo_id', '=', keepPopinfoId);
    families = families.where('popinfo_id', 'not in', kept);
    tokens = tokens.where('popinfo_id', 'not in', kept);
  }
  await families.execute();
  await tokens.execute();
}

/**
 * Mails a reset link (or, to an identity without a password, a first-password link). The route runs it
 * after it has answered (the same answer for every address), so neither the time to answer nor an
 * error tells registered addresses apart.
 */
const HOUR_MS = 60 * 60 * 1000;
export const ACCOUNT_LINKS_SPENT_MESSAGE =
  'このメールアドレスには1時間以内に送れる確認メールの上限まで送りました。しばらく待ってから再度お試しください';

/** The refusal of a user who asked for more change-of-address links in an hour than one address may get. */
export const EMAIL_CHANGES_SPENT_MESSAGE =
  'メールアドレスの変更は1時間に送れる確認メールの上限に達しました。しばらく待ってから再度お試しください';

/**
 * Whether the user asked for ACCOUNT_MAILS_PER_HOUR change-of-address links in the last hour, whatever
 * the addresses: one signed-in user may not mail any number of addresses (issue 45).
 */
async function emailChangesSpent(deps: Pick<AccountDeps, 'db' | 'config' | 'now'>, userId: number): Promise<boolean> {
  const row = await deps.db
    .selectFrom('account_tokens')
    .select((eb) => eb.fn.countAll<string>().as('sent'))
    .where('purpose', '=', 'email_change')
    .where('user_id', '=', userId)
    .where('created_at', '>', new Date(deps.now.getTime() - HOUR_MS))
    .executeTakeFirstOrThrow();
  return Number(row.sent) >= deps.config.accountMailsPerHour;
}

/** Whether `address` was sent its ACCOUNT_MAILS_PER_HOUR reset and email-change links in the last hour. */
async function linksSpent(deps: Pick<AccountDeps, 'db' | 'config' | 'now'>, address: string): Promise<boolean> {
  const since = new Date(deps.now.getTime() - HOUR_MS);
  return (await accountLinksSentTo(deps.db, address, since)) >= deps.config.accountMailsPerHour;
}

export async function requestPasswordReset(
  deps: AccountDeps,
  input: { email: string; requester: string },
): Promise<{ ok: true }> {
  const email = input.email.trim().toLowerCase();
  const identity = await deps.db
    .selectFrom('identities')
    .select(['id', 'password_hash'])
    .where('email', '=', email)
    .executeTakeFirst();
  if (!identity) return { ok: true };
  // The address has had its links for the hour: nothing more is sent (the answer was the same anyway).
  if (await linksSpent(deps, email)) return { ok: true };
  const expiresAt = new Date(deps.now.getTime() + minutes(deps.config.passwordResetTtlMinutes));
  const hasPassword = identity.password_hash !== null;
  await deps.db.transaction().execute(async (trx) => {
    const token = await issueAccountToken(
      trx,
      { purpose: hasPassword ? 'password_reset' : 'initial_password', userId: identity.id, expiresAt },
      deps.now,
    );
    const base = deps.config.publicUrl;
    const query = `?token=${encodeURIComponent(token)}`;
    let mail: Mail;
    if (!hasPassword) {
      mail = initialPasswordMail({ to: email, link: `${base}/mu/init${query}`, expiresAt });
    } else {
      const page = input.requester === REQUESTER ? '/mu/password/reset' : '/password/reset';
      mail = passwordResetMail({ to: email, link: `${base}${page}${query}`, expiresAt });
    }
    await queueMail(trx, mail, deps.now);
  });
  deps.outbox.kick();
  return { ok: true };
}

/**
 * Sets a password from a reset or first-password link. The link proves the address, so it becomes
 * VERIFIED; a lockout ends; every sign-in of the user ends.
 */
export async function resetPassword(
  deps: Pick<AccountDeps, 'db' | 'config' | 'now' | 'clientIp'>,
  token: string,
  password: string,
): Promise<{ email: string }> {
  const passwordHash = await hashPassword(password);
  return deps.db.transaction().execute(async (trx) => {
    const row = await findUsableToken(trx, token, ['password_reset', 'initial_password'], deps.now);
    assertPasswordLength(deps.config, password);
    await markTokenUsed(trx, row.id, deps.now);
    const identity = await trx
      .updateTable('identities')
      .set({
        password_hash: passwordHash,
        email_status: 'VERIFIED',
        failed_sign_ins: 0,
        locked_until: null,
        updated_at: deps.now,
      })
      .where('id', '=', row.user_id)
      .returning('email')
      .executeTakeFirstOrThrow();
    await revokeOtherSessions(trx, row.user_id, null, deps.now);
    await recordAudit(
      trx,
      {
        actorUserId: row.user_id,
        action: 'identity.password_reset',
        targetUserId: row.user_id,
        after: { purpose: row.purpose },
        clientIp: deps.clientIp,
      },
      deps.now,
    );
    return { email: identity.email };
  });
}

/** The caller changes their own password; their other sign-ins end, this one survives. */
export async function changePassword(
  deps: Pick<AccountDeps, 'db' | 'config' | 'now' | 'clientIp' | 'onLocked'>,
  caller: { userId: number; popinfoId: string },
  identityId: number,
  input: { current_password: string; password: string },
): Promise<{ ok: true }> {
  if (identityId !== caller.userId) throw notFound();
  const identity = await deps.db
    .selectFrom('identities')
    .select('password_hash')
    .where('id', '=', caller.userId)
    .executeTakeFirst();
  if (!identity) throw notFound();
  await confirmCurrentPassword(
    deps.db,
    caller.userId,
    input.current_password,
    deps.now,
    lockoutPolicyOf(deps.config),
    deps.onLocked,
  );
  assertPasswordLength(deps.config, input.password);
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('identities')
      .set({ password_hash: passwordHash, updated_at: deps.now })
      .where('id', '=', caller.userId)
      .execute();
    await revokeOtherSessions(trx, caller.userId, caller.popinfoId, deps.now);
    await recordAudit(
      trx,
      {
        actorUserId: caller.userId,
        action: 'identity.password_changed',
        targetUserId: caller.userId,
        clientIp: deps.clientIp,
      },
      deps.now,
    );
  });
  return { ok: true };
}

/** Mails a confirmation link to the new address; the address changes only when it is followed. */
export async function changeEmail(
  deps: AccountDeps,
  callerId: number,
  identityId: number,
  input: { email: string; current_password: string },
): Promise<{ email: string; pending_email: string }> {
  if (identityId !== callerId) throw notFound();
  // Without it, a stolen authorization would be a permanent takeover (change the address, then reset).
  await confirmCurrentPassword(
    deps.db,
    callerId,
    input.current_password,
    deps.now,
    lockoutPolicyOf(deps.config),
    deps.onLocked,
  );
  const email = input.email.trim().toLowerCase();
  const expiresAt = new Date(deps.now.getTime() + deps.config.emailVerificationTtlHours * 60 * 60 * 1000);
  const current = await deps.db.transaction().execute(async (trx) => {
    const identity = await trx.selectFrom('identities').select('email').where('id', '=', callerId).executeTakeFirst();
    if (!identity) throw notFound();
    if (identity.email === email) throw invalidRequest('email', '現在のメールアドレスと同じです');
    const other = await trx.selectFrom('identities').select('id').where('email', '=', email).executeTakeFirst();
    if (other) throw new DomainError('duplicate_email', undefined, 'email');
    if (await linksSpent({ ...deps, db: trx }, email)) {
      throw new DomainError('rate_limited', ACCOUNT_LINKS_SPENT_MESSAGE, 'email');
    }
    if (await emailChangesSpent({ ...deps, db: trx }, callerId)) {
      throw new DomainError('rate_limited', EMAIL_CHANGES_SPENT_MESSAGE, 'email');
    }
    const issued = await issueAccountToken(
      trx,
      { purpose: 'email_change', userId: callerId, email, expiresAt },
      deps.now,
    );
    await recordAudit(
      trx,
      {
        actorUserId: callerId,
        action: 'identity.email_change_requested',
        targetUserId: callerId,
        before: { email: identity.email },
        after: { pending_email: email },
        clientIp: deps.clientIp,
      },
      deps.now,
    );
    await queueMail(
      trx,
      emailChangeMail({
        to: email,
        link: `${deps.config.publicUrl}/email/verify?token=${encodeURIComponent(issued)}`,
        expiresAt,
      }),
      deps.now,
    );
    return identity.email;
  });
  deps.outbox.kick();
  return { email: current, pending_email: email };
}

/** Follows the link mailed to a new address: the identity's address (and its address of record) change. */
export async function verifyEmail(
  deps: Pick<AccountDeps, 'db' | 'now' | 'clientIp' | 'outbox' | 'config'>,
  token: string,
): Promise<{ user_id: number; email: string }> {
  const changed = await deps.db.transaction().execute(async (trx) => {
    const row = await findUsableToken(trx, token, ['email_change'], deps.now);
    const email = row.email;
    if (!email) throw new DomainError('invalid_token');
    const other = await trx
      .selectFrom('identities')
      .select('id')
      .where('email', '=', email)
      .where('id', '<>', row.user_id)
      .executeTakeFirst();
    if (other) throw new DomainError('duplicate_email');
    const before = await trx
      .selectFrom('identities')
      .select('email')
      .where('id', '=', row.user_id)
      .executeTakeFirstOrThrow();
    await markTokenUsed(trx, row.id, deps.now);
    await trx
      .updateTable('identities')
      .set({ email, email_status: 'VERIFIED', updated_at: deps.now })
      .where('id', '=', row.user_id)
      .execute();
    // The address of record follows where it was the old address.
    await trx
      .updateTable('merchant_users')
      .set({ email, updated_at: deps.now })
      .where('user_id', '=', row.user_id)
      .where('email', '=', before.email)
      .execute();
    await recordAudit(
      trx,
      {
        actorUserId: row.user_id,
        action: 'identity.email_changed',
        targetUserId: row.user_id,
        before: { email: before.email },
        after: { email },
        clientIp: deps.clientIp,
      },
      deps.now,
    );
    // The old address hears of it: if the change was not its owner's, they know at once whom to call.
    await queueMail(
      trx,
      emailChangedNoticeMail({
        to: before.email,
        newEmail: email,
        at: deps.now,
        link: `${deps.config.publicUrl}/login`,
      }),
      deps.now,
    );
    return { user_id: row.user_id, email };
  });
  deps.outbox.kick();
  return changed;
}
