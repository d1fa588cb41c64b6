import type { CallResponse } from '@coin/contract';
import { sql } from 'kysely';
import type { Db } from '../db/connection';
import { recordAudit } from './audit';
import { DomainError } from './errors';

/**
 * Signed-in devices and inactivity (issue 48). A sign-in is the session families of one password (and
 * second step): the first family (`popinfo_id = sign_in_id`) keeps where it came from, when it was last
 * used and how long it may stay unused (its shop's minutes, taken when it is bound to the shop).
 */

/** A sign-in's last use is written at most this often: a busy tab does not write on every request. */
export const SIGN_IN_TOUCH_MS = 30_000;

/** Why a sign-in ended (session_families.end_reason). */
export type EndReason = 'logout' | 'ended_elsewhere' | 'idle' | 'suspended' | 'reuse';

/** What the auth hook read of the request's sign-in (accessCheck). */
export interface SignInUse {
  signInId: string;
  lastUsedAt: Date;
  idleMinutes: number;
}

/** The sign-in has gone unused longer than it may. */
export const isIdle = (use: Pick<SignInUse, 'lastUsedAt' | 'idleMinutes'>, now: Date) =>
  now.getTime() - use.lastUsedAt.getTime() > use.idleMinutes * 60_000;

/** The sign-in was used now (its first family keeps it). */
export async function touchSignIn(db: Db, signInId: string, now: Date): Promise<void> {
  await db
    .updateTable('session_families')
    .set({ last_used_at: now })
    .where('popinfo_id', '=', signInId)
    .where('last_used_at', '<', now)
    .execute();
}

/**
 * Ends whole sign-ins (every family of each, and their reauth tokens) with the reason; answers how many
 * were still open. Logout, a reused token, another device's end, inactivity and a suspension end them so.
 */
export async function endSignIns(db: Db, signInIds: readonly string[], reason: EndReason, now: Date): Promise<number> {
  if (signInIds.length === 0) return 0;
  return db.transaction().execute(async (trx) => {
    const ended = await trx
      .updateTable('session_families')
      .set({ revoked_at: now, end_reason: reason })
      .where('sign_in_id', 'in', [...signInIds])
      .where('revoked_at', 'is', null)
      .returning(['popinfo_id', 'sign_in_id'])
      .execute();
    if (ended.length === 0) return 0;
    await trx
      .updateTable('reauth_tokens')
      .set({ revoked_at: now })
      .where(
        'popinfo_id',
        'in',
        ended.map((family) => family.popinfo_id),
      )
      .where('revoked_at', 'is', null)
      .execute();
    return new Set(ended.map((family) => family.sign_in_id)).size;
  });
}

/** The user's sign-ins that still stand: not ended, used within their minutes, a reauth token alive. */
function openSignIns(db: Db, userId: number, now: Date) {
  return db
    .selectFrom('session_families as root')
    .where('root.user_id', '=', userId)
    .whereRef('root.popinfo_id', '=', 'root.sign_in_id')
    .where('root.revoked_at', 'is', null)
    .where(sql<boolean>`root.last_used_at + make_interval(mins => root.idle_minutes) > ${now}`)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('session_families as f')
          .innerJoin('reauth_tokens as t', 't.popinfo_id', 'f.popinfo_id')
          .select(sql`1`.as('live'))
          .whereRef('f.sign_in_id', '=', 'root.sign_in_id')
          .where('t.revoked_at', 'is', null)
          .where('t.used_at', 'is', null)
          .where('t.expires_at', '>', now),
      ),
    );
}

/** GET /sessions: the caller's open sign-ins, the last used first. */
export async function listSignIns(
  db: Db,
  caller: { userId: number; signInId: string },
  now: Date,
): Promise<CallResponse<'listSignIns'>> {
  const rows = await openSignIns(db, caller.userId, now)
    .select(['root.sign_in_id', 'root.device', 'root.client_ip', 'root.created_at', 'root.last_used_at'])
    .orderBy('root.last_used_at', 'desc')
    .execute();
  return {
    items: rows.map((row) => ({
      id: row.sign_in_id,
      device: row.device,
      client_ip: row.client_ip,
      started_at: new Date(row.created_at).toISOString(),
      last_used_at: new Date(row.last_used_at).toISOString(),
      current: row.sign_in_id === caller.signInId,
    })),
  };
}

/** Ends sign-ins of the caller (one by id, or all but the current) and records it for their shops' 操作履歴. */
export async function endOwnSignIns(
  db: Db,
  caller: { userId: number; signInId: string; clientIp: string | null },
  which: { signInId: string } | 'others',
  now: Date,
): Promise<number> {
  const targets = await openSignIns(db, caller.userId, now)
    .select(['root.sign_in_id', 'root.device'])
    .$if(which === 'others', (q) => q.where('root.sign_in_id', '<>', caller.signInId))
    .$if(which !== 'others', (q) => q.where('root.sign_in_id', '=', (which as { signInId: string }).signInId))
    .execute();
  if (which !== 'others' && targets.length === 0)
    throw new DomainError('not_found', 'このログインは見つかりません（すでに終了しています）');
  const ended = await endSignIns(
    db,
    targets.map((target) => target.sign_in_id),
    which !== 'others' && which.signInId === caller.signInId ? 'logout' : 'ended_elsewhere',
    now,
  );
  for (const target of targets) {
    if (target.sign_in_id === caller.signInId) continue;
    await recordAudit(
      db,
      {
        actorUserId: caller.userId,
        action: 'session.ended_elsewhere',
        targetUserId: caller.userId,
        after: { device: target.device },
        clientIp: caller.clientIp,
      },
      now,
    );
  }
  return ended;
}

/** The user's open sign-ins bound to the merchant (a live reauth token for it): a suspension ends them. */
export async function endSignInsAtMerchant(
  db: Db,
  userId: number,
  merchantId: number,
  reason: EndReason,
  now: Date,
): Promise<number> {
  const bound = await db
    .selectFrom('session_families as f')
    .innerJoin('reauth_tokens as t', 't.popinfo_id', 'f.popinfo_id')
    .select('f.sign_in_id')
    .distinct()
    .where('f.user_id', '=', userId)
    .where('f.revoked_at', 'is', null)
    .where('t.merchant_id', '=', merchantId)
    .where('t.revoked_at', 'is', null)
    .where('t.used_at', 'is', null)
    .execute();
  return endSignIns(
    db,
    bound.map((row) => row.sign_in_id),
    reason,
    now,
  );
}

/** GET /merchants/{id}/idle_timeout */
export async function idleTimeoutOf(db: Db, merchantId: number): Promise<{ minutes: number }> {
  const row = await db
    .selectFrom('merchants')
    .select('idle_timeout_minutes')
    .where('id', '=', merchantId)
    .executeTakeFirstOrThrow();
  return { minutes: row.idle_timeout_minutes };
}

/**
 * PUT /merchants/{id}/idle_timeout: the shop's minutes, which its open sign-ins take at once (those bound
 * to it by a live reauth token), recorded for the 操作履歴.
 */
export async function setIdleTimeout(
  db: Db,
  merchantId: number,
  minutes: number,
  actor: { userId: number; clientIp: string | null },
  now: Date,
): Promise<{ minutes: number }> {
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('merchants')
      .select('idle_timeout_minutes')
      .where('id', '=', merchantId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (before.idle_timeout_minutes === minutes) return { minutes };
    await trx.updateTable('merchants').set({ idle_timeout_minutes: minutes }).where('id', '=', merchantId).execute();
    const bound = trx
      .selectFrom('session_families as f')
      .innerJoin('reauth_tokens as t', 't.popinfo_id', 'f.popinfo_id')
      .select('f.sign_in_id')
      .where('t.merchant_id', '=', merchantId)
      .where('t.revoked_at', 'is', null)
      .where('t.used_at', 'is', null)
      .where('f.revoked_at', 'is', null);
    await trx.updateTable('session_families').set({ idle_minutes: minutes }).where('popinfo_id', 'in', bound).execute();
    await recordAudit(
      trx,
      {
        actorUserId: actor.userId,
        action: 'merchant.idle_timeout_changed',
        merchantId,
        before: { minutes: before.idle_timeout_minutes },
        after: { minutes },
        clientIp: actor.clientIp,
      },
      now,
    );
    return { minutes };
  });
}
