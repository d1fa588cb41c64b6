import type { CallResponse, Role } from '@coin/contract';
import type { Transaction } from 'kysely';
import type { Config } from '../config';
import type { Db } from '../db/connection';
import type { Database, MerchantUserStatus } from '../db/schema';
import { isStoredId } from './access';
import { invalidToken, issueAccountToken, linkExpired, tokenUsed } from './accountTokens';
import { recordAudit } from './audit';
import { DomainError, invalidRequest, notFound } from './errors';
import { invitationMail } from './mail';
import { queueMail } from './mailOutbox';
import { hashPassword } from './passwords';
import type { OnLocked } from './sessions';

/** Starts delivering queued mail now, after the answer that queued it (http/mailOutbox.ts). */
export interface MailOutbox {
  kick(): void;
}

import { hashToken, newOpaqueToken } from './tokens';
import { hasSecondFactor } from './twoStep';

/** What the staff and account operations need beyond their input. */
export interface AccountDeps {
  db: Db;
  config: Config;
  /** Delivers the mail a change queued (`queueMail` in its transaction), once it has committed. */
  outbox: MailOutbox;
  now: Date;
  /** The caller (Owner, or the user following a link); null when unknown. */
  actorUserId: number | null;
  clientIp: string | null;
  /** Told when a wrong current password locks the account (its owner is mailed). */
  onLocked?: OnLocked;
}

type MerchantUserAnswer = CallResponse<'inviteMerchantUser'>;

interface MerchantUserRow {
  user_id: number;
  email: string | null;
  status: MerchantUserStatus;
  activate_token_available_until: Date | null;
  name: string;
  role: Role;
}

const answer = async (db: Db, row: MerchantUserRow): Promise<MerchantUserAnswer> => ({
  user_id: row.user_id,
  ...(row.email !== null ? { email: row.email } : {}),
  status: row.status,
  activate_token_available_until: row.activate_token_available_until?.toISOString() ?? null,
  name: row.name,
  role: row.role,
  two_step: await hasSecondFactor(db, row.user_id),
});

const snapshot = (row: { name: string; role: Role; status: MerchantUserStatus }) => ({
  name: row.name,
  role: row.role,
  status: row.status,
});

const invitationLink = (config: Config, token: string) => `${config.publicUrl}/mu?token=${encodeURIComponent(token)}`;
const hours = (n: number) => n * 60 * 60 * 1000;

/** Queues the invitation mail in the change's transaction (delivered after the commit). */
async function queueInvitation(
  trx: Db,
  deps: AccountDeps,
  input: { merchantId: number; to: string; name: string; role: Role; token: string; expiresAt: Date },
): Promise<void> {
  const merchant = await trx
    .selectFrom('merchants')
    .select(['name', 'require_two_step'])
    .where('id', '=', input.merchantId)
    .executeTakeFirst();
  if (!merchant) throw notFound();
  await queueMail(
    trx,
    invitationMail({
      to: input.to,
      name: input.name,
      merchantName: merchant.name,
      twoStepRequired: merchant.require_two_step,
      role: input.role,
      link: invitationLink(deps.config, input.token),
      expiresAt: input.expiresAt,
    }),
    deps.now,
  );
}

/**
 * Invites an address to the merchant: the identity is created (UNVERIFIED, no password) when the address
 * is new, linked when it exists (it keeps its password). A CANCELED user of the merchant is invited again.
 */
/** How many invitation mails (invitations and resends) a merchant, and an address, may be sent. */
export const INVITATION_LIMITS = {
  perMerchant: { count: 20, windowMs: 60 * 60 * 1000 },
  perAddress: { count: 5, windowMs: 24 * 60 * 60 * 1000 },
} as const;

export const INVITATION_LIMIT_MESSAGES = {
  merchant: '招待メールの送信が多すぎます。1時間ほど待ってから再度お試しください',
  address: 'このメールアドレスへの招待メールの送信回数が上限に達しました。24時間ほど待ってから再度お試しください',
} as const;

const INVITATION_ACTIONS = ['merchant_user.invited', 'merchant_user.invitation_resent'] as const;

/**
 * Refuses one more invitation mail (429) when the merchant has sent its hourly allowance, or the
 * recipient has been sent its daily allowance by any merchant: an Owner cannot mail without bound.
 * Counted from the audit trail (each invitation and resend is a row); the merchant row is locked, so
 * two sends at once are counted one after the other.
 */
async function assertInvitationAllowance(
  trx: Transaction<Database>,
  merchantId: number,
  recipientUserId: number | undefined,
  now: Date,
): Promise<void> {
  await trx.selectFrom('merchants').select('id').where('id', '=', merchantId).forUpdate().executeTakeFirstOrThrow();
  const sent = (since: number) =>
    trx
      .selectFrom('audit_events')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('action', 'in', INVITATION_ACTIONS)
      .where('occurred_at', '>', new Date(now.getTime() - since));
  const byMerchant = await sent(INVITATION_LIMITS.perMerchant.windowMs)
    .where('merchant_id', '=', merchantId)
    .executeTakeFirstOrThrow();
  if (Number(byMerchant.count) >= INVITATION_LIMITS.perMerchant.count) {
    throw new DomainError('rate_limited', INVITATION_LIMIT_MESSAGES.merchant);
  }
  if (recipientUserId === undefined) return;
  const byAddress = await sent(INVITATION_LIMITS.perAddress.windowMs)
    .where('target_user_id', '=', recipientUserId)
    .executeTakeFirstOrThrow();
  if (Number(byAddress.count) >= INVITATION_LIMITS.perAddress.count) {
    throw new DomainError('rate_limited', INVITATION_LIMIT_MESSAGES.address, 'email');
  }
}

export async function inviteMerchantUser(
  deps: AccountDeps,
  merchantId: number,
  input: { name: string; role: Role; email: string },
): Promise<MerchantUserAnswer> {
  const email = input.email.trim().toLowerCase();
  const expiresAt = new Date(deps.now.getTime() + hours(deps.config.invitationTtlHours));
  const { token, hash } = newOpaqueToken();
  const row = await deps.db.transaction().execute(async (trx) => {
    const taken = await trx
      .selectFrom('merchant_users as mu')
      .innerJoin('identities as i', 'i.id', 'mu.user_id')
      .select(['mu.user_id', 'mu.status'])
      .where('mu.merchant_id', '=', merchantId)
      .where((eb) => eb.or([eb('mu.email', '=', email), eb('i.email', '=', email)]))
      .forUpdate('mu')
      .execute();
    let identity = await trx.selectFrom('identities').select('id').where('email', '=', email).executeTakeFirst();
    const reinvited = taken.find((t) => t.user_id === identity?.id && t.status === 'CANCELED');
    if (taken.some((t) => t !== reinvited)) throw new DomainError('duplicate_email', undefined, 'email');
    await assertInvitationAllowance(trx, merchantId, identity?.id, deps.now);
    if (!identity) {
      identity = await trx
        .insertInto('identities')
        .values({ email, email_status: 'UNVERIFIED', password_hash: null })
        .returning('id')
        .executeTakeFirstOrThrow();
    }
    const values = {
      name: input.name,
      role: input.role,
      status: 'INACTIVE' as const,
      email,
      activate_token_hash: hash,
      activate_token_available_until: expiresAt,
      activated_at: null,
      updated_at: deps.now,
    };
    const saved = reinvited
      ? await trx
          .updateTable('merchant_users')
          .set(values)
          .where('merchant_id', '=', merchantId)
          .where('user_id', '=', identity.id)
          .returning(['user_id', 'email', 'status', 'activate_token_available_until', 'name', 'role'])
          .executeTakeFirstOrThrow()
      : await trx
          .insertInto('merchant_users')
          .values({ merchant_id: merchantId, user_id: identity.id, ...values })
          .returning(['user_id', 'email', 'status', 'activate_token_available_until', 'name', 'role'])
          .executeTakeFirstOrThrow();
    await recordAudit(
      trx,
      {
        actorUserId: deps.actorUserId,
        action: 'merchant_user.invited',
        merchantId,
        targetUserId: identity.id,
        before: null,
        after: { ...snapshot(saved), email },
        clientIp: deps.clientIp,
      },
      deps.now,
    );
    await queueInvitation(trx, deps, { merchantId, to: email, name: saved.name, role: saved.role, token, expiresAt });
    return saved;
  });
  deps.outbox.kick();
  return answer(deps.db, row);
}

async function lockedMerchantUser(trx: Db, merchantId: number, userId: number) {
  if (!isStoredId(userId)) throw notFound();
  const row = await trx
    .selectFrom('merchant_users as mu')
    .innerJoin('identities as i', 'i.id', 'mu.user_id')
    .select([
      'mu.user_id',
      'mu.email',
      'mu.status',
      'mu.activate_token_available_until',
      'mu.name',
      'mu.role',
      'i.email as identity_email',
    ])
    .where('mu.merchant_id', '=', merchantId)
    .where('mu.user_id', '=', userId)
    .forUpdate('mu')
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** Refuses a change that leaves the merchant with no ACTIVE Owner. */
async function assertAnotherActiveOwner(trx: Db, merchantId: number, userId: number): Promise<void> {
  const others = await trx
    .selectFrom('merchant_users')
    .select('user_id')
    .where('merchant_id', '=', merchantId)
    .where('role', '=', 'Owner')
    .where('status', '=', 'ACTIVE')
    .where('user_id', '<>', userId)
    .forUpdate()
    .execute();
  if (others.length === 0) throw new DomainError('last_owner');
}

/** Edits name and role (`{name, role}`) or suspends / reactivates (`{status}`) a user of the merchant. */
export async function updateMerchantUser(
  deps: AccountDeps,
  merchantId: number,
  userId: number,
  input: { name?: string | undefined; role?: Role | undefined; status?: 'ACTIVE' | 'SUSPENDED' | undefined },
): Promise<MerchantUserAnswer> {
  return deps.db.transaction().execute(async (trx) => {
    const current = await lockedMerchantUser(trx, merchantId, userId);
    if (current.status === 'CANCELED') throw new DomainError('conflict', 'このユーザーは削除されています');
    const next = {
      name: input.name ?? current.name,
      role: input.role ?? current.role,
      status: input.status ?? current.status,
    };
    let action: 'merchant_user.updated' | 'merchant_user.suspended' | 'merchant_user.reactivated' =
      'merchant_user.updated';
    if (input.status !== undefined) {
      if (input.status === 'SUSPENDED') {
        if (current.status !== 'ACTIVE') {
          throw new DomainError('conflict', '利用中のユーザーのみ停止できます');
        }
        action = 'merchant_user.suspended';
      } else {
        if (current.status !== 'SUSPENDED') {
          throw new DomainError('conflict', '停止中のユーザーのみ再開できます');
        }
        action = 'merchant_user.reactivated';
      }
    }
    const losesOwner =
      current.role === 'Owner' && current.status === 'ACTIVE' && (next.role !== 'Owner' || next.status !== 'ACTIVE');
    if (losesOwner) await assertAnotherActiveOwner(trx, merchantId, userId);
    if (next.name === current.name && next.role === current.role && next.status === current.status) {
      return answer(trx, current);
    }
    const saved = await trx
      .updateTable('merchant_users')
      .set({ ...next, updated_at: deps.now })
      .where('merchant_id', '=', merchantId)
      .where('user_id', '=', userId)
      .returning(['user_id', 'email', 'status', 'activate_token_available_until', 'name', 'role'])
      .executeTakeFirstOrThrow();
    await recordAudit(
      trx,
      {
        actorUserId: deps.actorUserId,
        action,
        merchantId,
        targetUserId: userId,
        before: snapshot(current),
        after: snapshot(saved),
        clientIp: deps.clientIp,
      },
      deps.now,
    );
    return answer(trx, saved);
  });
}

/** A new invitation token and expiry for an INACTIVE user; the earlier link stops working. */
export async function resendInvitation(
  deps: AccountDeps,
  merchantId: number,
  userId: number,
): Promise<MerchantUserAnswer> {
  const expiresAt = new Date(deps.now.getTime() + hours(deps.config.invitationTtlHours));
  const { token, hash } = newOpaqueToken();
  const row = await deps.db.transaction().execute(async (trx) => {
    const current = await lockedMerchantUser(trx, merchantId, userId);
    if (current.status !== 'INACTIVE') throw new DomainError('conflict', '招待中のユーザーではありません');
    await assertInvitationAllowance(trx, merchantId, userId, deps.now);
    const saved = await trx
      .updateTable('merchant_users')
      .set({ activate_token_hash: hash, activate_token_available_until: expiresAt, updated_at: deps.now })
      .where('merchant_id', '=', merchantId)
      .where('user_id', '=', userId)
      .returning(['user_id', 'email', 'status', 'activate_token_available_until', 'name', 'role'])
      .executeTakeFirstOrThrow();
    // Steps already begun from the old link end with it.
    await trx
      .updateTable('account_tokens')
      .set({ revoked_at: deps.now })
      .where('user_id', '=', userId)
      .where('merchant_id', '=', merchantId)
      .where('purpose', 'in', ['invitation_email', 'invitation_password'])
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .execute();
    await recordAudit(
      trx,
      {
        actorUserId: deps.actorUserId,
        action: 'merchant_user.invitation_resent',
        merchantId,
        targetUserId: userId,
        before: { activate_token_available_until: current.activate_token_available_until?.toISOString() ?? null },
        after: { activate_token_available_until: expiresAt.toISOString() },
        clientIp: deps.clientIp,
      },
      deps.now,
    );
    const to = current.email ?? current.identity_email;
    await queueInvitation(trx, deps, { merchantId, to, name: saved.name, role: saved.role, token, expiresAt });
    return saved;
  });
  deps.outbox.kick();
  return answer(deps.db, row);
}

/* ---------- following the invitation link ---------- */

async function invitationByToken(trx: Db, token: string, now: Date) {
  const row = await trx
    .selectFrom('merchant_users as mu')
    .innerJoin('identities as i', 'i.id', 'mu.user_id')
    .innerJoin('merchants as m', 'm.id', 'mu.merchant_id')
    .select([
      'mu.merchant_id',
      'mu.user_id',
      'mu.name',
      'mu.role',
      'mu.status',
      'mu.email',
      'mu.activate_token_available_until',
      'mu.activated_at',
      'm.name as merchant_name',
      'i.email as identity_email',
      'i.password_hash',
    ])
    .where('mu.activate_token_hash', '=', hashToken(token))
    .forUpdate('mu')
    .executeTakeFirst();
  if (!row) throw invalidToken();
  if (row.status !== 'INACTIVE') {
    // Accepted earlier (then maybe suspended): the link is spent. A canceled invitation is simply void.
    if (row.activated_at || row.status === 'ACTIVE' || row.status === 'SUSPENDED') throw tokenUsed();
    throw invalidToken();
  }
  if (!row.activate_token_available_until || row.activate_token_available_until.getTime() <= now.getTime()) {
    throw linkExpired();
  }
  return { ...row, expiresAt: row.activate_token_available_until };
}

/** Shows an invitation and issues fresh email and password tokens for its acceptance. */
export async function verifyInvitation(
  deps: Pick<AccountDeps, 'db' | 'now'>,
  token: string,
): Promise<CallResponse<'verifyInvitation'>> {
  return deps.db.transaction().execute(async (trx) => {
    const inv = await invitationByToken(trx, token, deps.now);
    const needsPassword = inv.password_hash === null;
    const common = { userId: inv.user_id, merchantId: inv.merchant_id, expiresAt: inv.expiresAt };
    const emailToken = await issueAccountToken(trx, { purpose: 'invitation_email', ...common }, deps.now);
    const passToken = needsPassword
      ? await issueAccountToken(trx, { purpose: 'invitation_password', ...common }, deps.now)
      : null;
    return {
      merchant_id: inv.merchant_id,
      merchant_name: inv.merchant_name,
      name: inv.name,
      role: inv.role,
      email: inv.email ?? inv.identity_email,
      needs_password: needsPassword,
      email_token: emailToken,
      pass_token: passToken,
    };
  });
}

async function spendInvitationToken(
  trx: Db,
  token: string,
  purpose: 'invitation_email' | 'invitation_password',
  inv: { user_id: number; merchant_id: number },
  now: Date,
): Promise<void> {
  const row = await trx
    .selectFrom('account_tokens')
    .select(['id', 'used_at', 'revoked_at', 'expires_at'])
    .where('token_hash', '=', hashToken(token))
    .where('purpose', '=', purpose)
    .where('user_id', '=', inv.user_id)
    .where('merchant_id', '=', inv.merchant_id)
    .forUpdate()
    .executeTakeFirst();
  if (!row || row.revoked_at) throw invalidToken();
  if (row.used_at) throw tokenUsed();
  if (row.expires_at.getTime() <= now.getTime()) throw linkExpired();
  await trx.updateTable('account_tokens').set({ used_at: now }).where('id', '=', row.id).execute();
}

/** Accepts an invitation: the user becomes ACTIVE, the address VERIFIED and, when needed, the password set. */
export async function activateInvitation(
  deps: Pick<AccountDeps, 'db' | 'now' | 'config' | 'clientIp'>,
  input: { activate_token: string; email_token: string; pass_token?: string | null | undefined; password?: string },
): Promise<CallResponse<'activateInvitation'>> {
  const { password } = input;
  const passwordHash = password !== undefined ? await hashPassword(password) : undefined;
  return deps.db.transaction().execute(async (trx) => {
    const inv = await invitationByToken(trx, input.activate_token, deps.now);
    await spendInvitationToken(trx, input.email_token, 'invitation_email', inv, deps.now);
    const needsPassword = inv.password_hash === null;
    if (needsPassword) {
      if (!input.pass_token) throw invalidToken();
      if (password === undefined || passwordHash === undefined) {
        throw invalidRequest('password', 'パスワードを入力してください');
      }
      if (password.length < deps.config.passwordMinLength) {
        throw invalidRequest('password', `パスワードは${deps.config.passwordMinLength}文字以上で入力してください`);
      }
      await spendInvitationToken(trx, input.pass_token, 'invitation_password', inv, deps.now);
    }
    await trx
      .updateTable('identities')
      .set({
        email_status: 'VERIFIED',
        ...(needsPassword && passwordHash ? { password_hash: passwordHash } : {}),
        updated_at: deps.now,
      })
      .where('id', '=', inv.user_id)
      .execute();
    await trx
      .updateTable('merchant_users')
      .set({ status: 'ACTIVE', activated_at: deps.now, updated_at: deps.now })
      .where('merchant_id', '=', inv.merchant_id)
      .where('user_id', '=', inv.user_id)
      .execute();
    await recordAudit(
      trx,
      {
        actorUserId: inv.user_id,
        action: 'merchant_user.invitation_accepted',
        merchantId: inv.merchant_id,
        targetUserId: inv.user_id,
        before: { status: 'INACTIVE' },
        after: { status: 'ACTIVE', password_set: needsPassword },
        clientIp: deps.clientIp,
      },
      deps.now,
    );
    return { merchant_id: inv.merchant_id, email: inv.email ?? inv.identity_email };
  });
}
