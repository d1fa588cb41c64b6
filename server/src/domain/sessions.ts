import { randomUUID } from 'node:crypto';
import type { Role, TwoStepMethod } from '@coin/contract';
import { sql } from 'kysely';
import type { Db } from '../db/connection';
import { prepared } from '../db/prepared';
import { statementTemplate } from '../db/statementTemplate';
import { type AccessTarget, isTargetKey, type Membership, membershipOf, membershipQuery } from './access';
import { recordAudit } from './audit';
import { DomainError } from './errors';
import { countFailure, DEFAULT_LOCKOUT, type LockoutPolicy, type OnLocked } from './lockout';
import { verifyPassword } from './passwords';
import { type EndReason, endSignIns, isIdle, type SignInUse } from './signIns';
import { hashToken, newOpaqueToken, REAUTH_TOKEN_TTL_MS } from './tokens';
import {
  checkFactor,
  type FactorProof,
  hasSecondFactor,
  issueSecondStep,
  pendingSecondStep,
  secondFactorCondition,
  spendSecondStep,
  type WebAuthnParty,
} from './twoStep';

export interface MerchantRoleEntry {
  merchant_id: number;
  role: Role;
  email: string;
}

export interface OpenedSession {
  userId: number;
  merchantRoles: MerchantRoleEntry[];
  /** Absent when the user holds no active merchant role: no session is opened. */
  session?: { popinfoId: string; reauthToken: string };
  /** An account with a second factor: no session yet, the second step's token (issue 24). */
  secondStep?: { token: string; methods: TwoStepMethod[]; expires_at: string };
}

/** The user's ACTIVE merchant roles, in merchant id order (本店 first in the demo). */
export async function activeMerchantRoles(db: Db, userId: number): Promise<MerchantRoleEntry[]> {
  return db
    .selectFrom('merchant_users as mu')
    .innerJoin('identities as i', 'i.id', 'mu.user_id')
    .select(['mu.merchant_id', 'mu.role', (eb) => eb.fn.coalesce('mu.email', 'i.email').as('email')])
    .where('mu.user_id', '=', userId)
    .where('mu.status', '=', 'ACTIVE')
    .orderBy('mu.merchant_id')
    .execute();
}

async function issueReauthToken(
  db: Db,
  family: { popinfoId: string; userId: number; platform: string },
  merchantId: number | null,
  now: Date,
): Promise<string> {
  const { token, hash } = newOpaqueToken();
  await db
    .insertInto('reauth_tokens')
    .values({
      popinfo_id: family.popinfoId,
      token_hash: hash,
      user_id: family.userId,
      merchant_id: merchantId,
      platform: family.platform,
      expires_at: new Date(now.getTime() + REAUTH_TOKEN_TTL_MS),
    })
    .execute();
  return token;
}

export { countFailure, DEFAULT_LOCKOUT, type LockoutPolicy, lockoutPolicyOf, type OnLocked } from './lockout';

export const WRONG_CURRENT_PASSWORD = '現在のパスワードが正しくありません';

/**
 * A signed-in user confirms a change with their password (email and password changes). A wrong one
 * counts toward the same lockout as sign-in, so a stolen authorization cannot guess it; a locked
 * account is refused (429 account_locked) until the lockout ends. Wrong: 400 on `current_password`.
 */
export async function confirmCurrentPassword(
  db: Db,
  identityId: number,
  password: string,
  now: Date,
  policy: LockoutPolicy,
  onLocked?: OnLocked,
  field = 'current_password',
): Promise<void> {
  const identity = await db
    .selectFrom('identities')
    .select(['password_hash', 'locked_until', 'failed_sign_ins'])
    .where('id', '=', identityId)
    .executeTakeFirst();
  if (!identity) throw new DomainError('not_found');
  if (identity.locked_until && identity.locked_until.getTime() > now.getTime()) {
    throw new DomainError('account_locked');
  }
  if (!(await verifyPassword(password, identity.password_hash))) {
    if (identity.password_hash !== null && (await countFailure(db, identityId, policy, now, onLocked))) {
      throw new DomainError('account_locked');
    }
    throw new DomainError('invalid_request', WRONG_CURRENT_PASSWORD, field);
  }
  if (identity.failed_sign_ins > 0 || identity.locked_until) {
    await db
      .updateTable('identities')
      .set({ failed_sign_ins: 0, locked_until: null })
      .where('id', '=', identityId)
      .execute();
  }
}

/**
 * Checks the password and opens a session family. Wrong email, wrong password and a locked account all
 * answer `invalid_credentials` alike (the same work on every path: the password is always hashed), so a
 * stranger cannot learn which addresses have accounts. An account refuses sign-in for `policy.minutes`
 * after `policy.threshold` failed passwords in a row; `onLocked` mails its owner that it happened.
 */
export async function signIn(
  db: Db,
  input: { email: string; password: string; platform: string; origin?: SignInOrigin },
  now = new Date(),
  policy: LockoutPolicy = DEFAULT_LOCKOUT,
  onLocked?: OnLocked,
): Promise<OpenedSession> {
  const identity = await db
    .selectFrom('identities')
    .select(['id', 'password_hash', 'locked_until', 'failed_sign_ins'])
    .where('email', '=', input.email.trim().toLowerCase())
    .executeTakeFirst();
  const passwordOk = await verifyPassword(input.password, identity?.password_hash);
  if (!identity) throw new DomainError('invalid_credentials');
  if (identity.locked_until && identity.locked_until.getTime() > now.getTime()) {
    throw new DomainError('invalid_credentials');
  }
  if (!passwordOk) {
    // Only a password that was set can be guessed: an identity without one fails without counting.
    if (identity.password_hash !== null) await countFailure(db, identity.id, policy, now, onLocked);
    throw new DomainError('invalid_credentials');
  }
  if (identity.failed_sign_ins > 0 || identity.locked_until) {
    await db
      .updateTable('identities')
      .set({ failed_sign_ins: 0, locked_until: null })
      .where('id', '=', identity.id)
      .execute();
  }

  const merchantRoles = await activeMerchantRoles(db, identity.id);
  if (merchantRoles.length === 0) return { userId: identity.id, merchantRoles };
  // An account with a second factor: the password alone opens nothing.
  if (await hasSecondFactor(db, identity.id)) {
    return {
      userId: identity.id,
      merchantRoles: [],
      secondStep: await issueSecondStep(db, identity.id, input.platform, now),
    };
  }
  return openSignIn(db, identity.id, merchantRoles, input.platform, now, input.origin);
}

/** Where a sign-in came from, kept for ログイン中の端末 (issue 48). */
export interface SignInOrigin {
  device: string;
  clientIp: string | null;
}

/** A new sign-in: its session family and first reauth token. */
async function openSignIn(
  db: Db,
  userId: number,
  merchantRoles: MerchantRoleEntry[],
  platform: string,
  now: Date,
  origin?: SignInOrigin,
): Promise<OpenedSession> {
  const popinfoId = randomUUID();
  const family = { popinfoId, userId, platform };
  await db
    .insertInto('session_families')
    .values({
      popinfo_id: popinfoId,
      sign_in_id: popinfoId,
      user_id: userId,
      platform,
      device: origin?.device ?? '',
      client_ip: origin?.clientIp ?? null,
      last_used_at: now,
    })
    .execute();
  const reauthToken = await issueReauthToken(db, family, null, now);
  return { userId, merchantRoles, session: { popinfoId, reauthToken } };
}

/**
 * The second step of a sign-in: the password step's token and one proof of the account's second factor.
 * A wrong proof counts toward the same lockout as a wrong password (and answers 400 on its field); a
 * locked account, or a token that is unknown, spent or expired, answers 401 like a wrong password.
 */
export async function completeSecondStep(
  db: Db,
  input: { token: string; proof: FactorProof },
  context: {
    now: Date;
    party: WebAuthnParty;
    policy: LockoutPolicy;
    onLocked?: OnLocked;
    clientIp?: string | null;
    origin?: SignInOrigin;
  },
): Promise<OpenedSession> {
  const { now } = context;
  const pending = await pendingSecondStep(db, input.token, now);
  const identity = await db
    .selectFrom('identities')
    .select(['id', 'locked_until', 'failed_sign_ins', 'failed_second_steps'])
    .where('id', '=', pending.identity_id)
    .executeTakeFirstOrThrow();
  if (identity.locked_until && identity.locked_until.getTime() > now.getTime()) {
    throw new DomainError('invalid_credentials');
  }
  const refused = await checkFactor(db, identity.id, input.proof, {
    now,
    party: context.party,
    challenge: pending.challenge,
  });
  if (refused) {
    if (await countFailure(db, identity.id, context.policy, now, context.onLocked, 'second_factor')) {
      throw new DomainError('invalid_credentials');
    }
    throw new DomainError('invalid_request', refused.message, refused.field);
  }
  if (!(await spendSecondStep(db, pending.id, now))) throw new DomainError('invalid_credentials');
  if (identity.failed_sign_ins > 0 || identity.failed_second_steps > 0) {
    await db
      .updateTable('identities')
      .set({ failed_sign_ins: 0, failed_second_steps: 0 })
      .where('id', '=', identity.id)
      .execute();
  }
  const method = 'totp_code' in input.proof ? 'totp' : 'recovery_code' in input.proof ? 'recovery_code' : 'passkey';
  await recordAudit(
    db,
    {
      actorUserId: identity.id,
      action: 'session.second_step_completed',
      targetUserId: identity.id,
      after: { method },
      clientIp: context.clientIp ?? null,
    },
    now,
  );
  const merchantRoles = await activeMerchantRoles(db, identity.id);
  if (merchantRoles.length === 0) return { userId: identity.id, merchantRoles };
  return openSignIn(db, identity.id, merchantRoles, pending.platform, now, context.origin);
}

export interface RotatedSession {
  userId: number;
  popinfoId: string;
  merchantId: number | null;
  reauthToken: string;
}

const invalidReauthToken = () => new DomainError('invalid_reauth_token');

/**
 * Rotates a reauth token: the presented one is spent and a successor is returned.
 * A spent token presented again means it leaked: the whole family is revoked.
 */
export async function refreshSession(
  db: Db,
  input: { reauthToken: string; popinfoId: string; platform: string },
  now = new Date(),
): Promise<RotatedSession> {
  const outcome = await db.transaction().execute(async (trx) => {
    const token = await trx
      .selectFrom('reauth_tokens as t')
      .innerJoin('session_families as f', 'f.popinfo_id', 't.popinfo_id')
      .innerJoin('session_families as root', 'root.popinfo_id', 'f.sign_in_id')
      .select([
        't.id',
        't.popinfo_id',
        't.user_id',
        't.merchant_id',
        't.expires_at',
        't.used_at',
        't.revoked_at',
        'f.revoked_at as family_revoked_at',
        'f.sign_in_id',
        'root.last_used_at',
        'root.idle_minutes',
      ])
      .where('t.token_hash', '=', hashToken(input.reauthToken))
      .forUpdate('t')
      .executeTakeFirst();
    if (!token || token.popinfo_id !== input.popinfoId) return { kind: 'invalid' as const };
    if (token.family_revoked_at || token.revoked_at) return { kind: 'invalid' as const };
    if (token.used_at) return { kind: 'reused' as const, popinfoId: token.popinfo_id };
    if (token.expires_at.getTime() <= now.getTime()) return { kind: 'invalid' as const };
    // Unused longer than its shop allows (issue 48): the sign-in ends, not only this token.
    if (isIdle({ lastUsedAt: token.last_used_at, idleMinutes: token.idle_minutes }, now)) {
      return { kind: 'idle' as const, signInId: token.sign_in_id };
    }
    // Bound to a merchant where the user no longer holds an ACTIVE role (suspended, removed): no successor.
    if (token.merchant_id !== null && !(await membershipOf(trx, token.user_id, token.merchant_id))) {
      return { kind: 'invalid' as const };
    }

    await trx.updateTable('reauth_tokens').set({ used_at: now }).where('id', '=', token.id).execute();
    const { token: reauthToken, hash } = newOpaqueToken();
    await trx
      .insertInto('reauth_tokens')
      .values({
        popinfo_id: token.popinfo_id,
        token_hash: hash,
        user_id: token.user_id,
        merchant_id: token.merchant_id,
        platform: input.platform,
        expires_at: new Date(now.getTime() + REAUTH_TOKEN_TTL_MS),
      })
      .execute();
    return {
      kind: 'rotated' as const,
      session: { userId: token.user_id, popinfoId: token.popinfo_id, merchantId: token.merchant_id, reauthToken },
    };
  });

  if (outcome.kind === 'rotated') return outcome.session;
  // Revoked in its own statement: the refusal must not roll the revocation back.
  if (outcome.kind === 'reused') await revokeFamily(db, outcome.popinfoId, now, 'reuse');
  if (outcome.kind === 'idle') await endSignIns(db, [outcome.signInId], 'idle', now);
  throw invalidReauthToken();
}

/**
 * Ends the sign-in the family belongs to: the family and every family forked from the same sign-in
 * (the other tabs), with all their reauth tokens. Logout and a detected token reuse both end it whole.
 */
export async function revokeFamily(
  db: Db,
  popinfoId: string,
  now = new Date(),
  reason: EndReason = 'logout',
): Promise<void> {
  const family = await db
    .selectFrom('session_families')
    .select('sign_in_id')
    .where('popinfo_id', '=', popinfoId)
    .executeTakeFirst();
  if (family) await endSignIns(db, [family.sign_in_id], reason, now);
}

/** How long a reauth token its tab has just rotated still proves the tab for a fork. */
export const FORK_ROTATION_GRACE_MS = 60_000;

/**
 * A session family of its own for a browser tab opened from the caller's tab (session/tabs.ts in the
 * console): tabs then never share a rotating reauth token, so one tab's refresh cannot spend another's.
 * The fork belongs to the caller's sign-in (a logout or a token reuse in any tab ends them all) and is
 * bound to the caller's merchant, where the caller must still hold an ACTIVE role.
 */
export async function forkSession(
  db: Db,
  caller: { userId: number; popinfoId: string; merchantId: number | null },
  openerReauthToken: string,
  now = new Date(),
): Promise<{ popinfoId: string; reauthToken: string }> {
  return db.transaction().execute(async (trx) => {
    const parent = await trx
      .selectFrom('session_families')
      .select(['sign_in_id', 'platform'])
      .where('popinfo_id', '=', caller.popinfoId)
      .where('user_id', '=', caller.userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (!parent) throw new DomainError('unauthorized');
    // Possession: the bearer token alone opens no tab; the opener also shows its family's reauth token,
    // which lives only in that tab's storage. It is not spent. One its tab rotated a moment ago still
    // counts (the fork may cross a refresh); an older, revoked or expired one does not.
    const opener = await trx
      .selectFrom('reauth_tokens')
      .select(['used_at', 'expires_at'])
      .where('token_hash', '=', hashToken(openerReauthToken))
      .where('popinfo_id', '=', caller.popinfoId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    const fresh =
      opener !== undefined &&
      opener.expires_at.getTime() > now.getTime() &&
      (opener.used_at === null || now.getTime() - opener.used_at.getTime() <= FORK_ROTATION_GRACE_MS);
    if (!fresh) throw new DomainError('unauthorized');
    if (caller.merchantId !== null && !(await membershipOf(trx, caller.userId, caller.merchantId))) {
      throw new DomainError('not_found');
    }
    const popinfoId = randomUUID();
    await trx
      .insertInto('session_families')
      .values({
        popinfo_id: popinfoId,
        sign_in_id: parent.sign_in_id,
        user_id: caller.userId,
        platform: parent.platform,
      })
      .execute();
    const family = { popinfoId, userId: caller.userId, platform: parent.platform };
    return { popinfoId, reauthToken: await issueReauthToken(trx, family, caller.merchantId, now) };
  });
}

/** What one request's authorization comes to (accessCheck). */
export interface AccessCheck {
  /** The sign-in (family) is not revoked and, when bound to a merchant, the user still holds an ACTIVE role there. */
  active: boolean;
  /** The caller's ACTIVE role for the merchant behind the call's target; null when none (or no target). */
  membership: Membership | null;
  /** That merchant requires two-step sign-in and the caller has no second factor (issue 24). */
  mustEnrol: boolean;
  /** The sign-in's last use and how long it may stay unused (issue 48); absent when its family is unknown. */
  use?: SignInUse;
}

/**
 * Whether a verified authorization still stands, and what it may reach, in one query a request: the
 * sign-in (family) is not revoked; when it is bound to a merchant, the user still holds an ACTIVE role
 * there (a user suspended or removed while signed in is refused at once, 401, a forced logout in the
 * console, rather than answered 404 on every call); the caller's role for the target's merchant; and
 * whether that merchant requires a second factor the caller has not enrolled.
 */
export async function accessCheck(
  db: Db,
  claims: { popinfoId: string; userId: number; merchantId: number | null },
  target: AccessTarget | null,
): Promise<AccessCheck> {
  const values = { popinfoId: claims.popinfoId, userId: claims.userId, merchantId: claims.merchantId };
  const active = (row: { revoked_at: Date | null; member: unknown } | undefined) =>
    row !== undefined && row.revoked_at === null && row.member === true;
  const useOf = (row: { sign_in_id: string; last_used_at: Date; idle_minutes: number } | undefined) =>
    row
      ? { use: { signInId: row.sign_in_id, lastUsedAt: new Date(row.last_used_at), idleMinutes: row.idle_minutes } }
      : {};
  if (!target || !isTargetKey(target)) {
    const [row] = await sessionStatement(db, 'session', values);
    return { active: active(row), membership: null, mustEnrol: false, ...useOf(row) };
  }
  const [row] = await targetStatement(db, target.kind, { ...values, targetKey: targetKeyOf(target) });
  return {
    ...useOf(row),
    active: active(row),
    membership: row?.merchant_id != null && row.role != null ? { merchantId: row.merchant_id, role: row.role } : null,
    mustEnrol: row?.must_enrol === true,
  };
}

type SessionValues = { popinfoId: string; userId: number; merchantId: number | null };

/** The sign-in's family, and whether the user still holds an ACTIVE role at the merchant it is bound to. */
function sessionQuery(db: Db, { popinfoId, userId, merchantId }: SessionValues) {
  return db
    .selectFrom('session_families as f')
    .innerJoin('session_families as root', 'root.popinfo_id', 'f.sign_in_id')
    .select((eb) => [
      'f.revoked_at',
      'f.sign_in_id',
      'root.last_used_at',
      'root.idle_minutes',
      merchantId === null
        ? sql<boolean>`true`.as('member')
        : eb.exists(membershipQuery(db, userId, { kind: 'merchant', merchantId })).as('member'),
    ])
    .where('f.popinfo_id', '=', popinfoId)
    .where('f.user_id', '=', userId);
}

const targetKeyOf = (target: AccessTarget): number | string =>
  target.kind === 'merchant' ? target.merchantId : target.kind === 'wallet' ? target.walletNo : target.applicationId;

const targetOfKey = (kind: string, key: number | string): AccessTarget =>
  kind === 'merchant'
    ? { kind, merchantId: key as number }
    : kind === 'wallet'
      ? { kind, walletNo: key as string }
      : { kind: 'refundApplication', applicationId: key as number };

// Every signed-in request reads one of these: prepared, and compiled once per kind of target.
const sessionStatement = statementTemplate((db: Db, values: SessionValues) => prepared(sessionQuery(db, values)));

const targetStatement = statementTemplate(
  (db: Db, { targetKey, ...values }: SessionValues & { targetKey: number | string }, kind: string) =>
    prepared(
      sessionQuery(db, values)
        .leftJoin(membershipQuery(db, values.userId, targetOfKey(kind, targetKey)).as('target'), (join) =>
          join.onTrue(),
        )
        .leftJoin('merchants as tm', 'tm.id', 'target.merchant_id')
        .select([
          'target.merchant_id',
          'target.role',
          sql<boolean>`coalesce(tm.require_two_step, false) and not ${secondFactorCondition(db, values.userId)}`.as(
            'must_enrol',
          ),
        ]),
    ),
);

/** A new reauth token in the caller's family, bound to a merchant where the caller holds an ACTIVE role. */
export async function switchMerchant(
  db: Db,
  input: { userId: number; popinfoId: string; merchantId: number },
  now = new Date(),
): Promise<{ reauthToken: string; nickName: string; role: Role }> {
  const member = await db
    .selectFrom('merchant_users as mu')
    .innerJoin('merchants as m', 'm.id', 'mu.merchant_id')
    .select(['mu.name', 'mu.role', 'm.idle_timeout_minutes'])
    .where('mu.merchant_id', '=', input.merchantId)
    .where('mu.user_id', '=', input.userId)
    .where('mu.status', '=', 'ACTIVE')
    .executeTakeFirst();
  const family = await db
    .selectFrom('session_families')
    .select(['platform', 'sign_in_id', sql<boolean>`revoked_at is null`.as('active')])
    .where('popinfo_id', '=', input.popinfoId)
    .executeTakeFirst();
  if (!member) throw new DomainError('not_found');
  if (!family?.active) throw new DomainError('unauthorized');
  const reauthToken = await db.transaction().execute(async (trx) => {
    // Bound to the shop, the sign-in may stay unused as long as the shop allows (issue 48).
    await trx
      .updateTable('session_families')
      .set({ idle_minutes: member.idle_timeout_minutes, last_used_at: now })
      .where('popinfo_id', '=', family.sign_in_id)
      .execute();
    // The new token replaces the family's live ones: presenting an older one afterwards is reuse.
    await trx
      .updateTable('reauth_tokens')
      .set({ used_at: now })
      .where('popinfo_id', '=', input.popinfoId)
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .execute();
    return issueReauthToken(
      trx,
      { popinfoId: input.popinfoId, userId: input.userId, platform: family.platform },
      input.merchantId,
      now,
    );
  });
  return { reauthToken, nickName: member.name, role: member.role };
}
