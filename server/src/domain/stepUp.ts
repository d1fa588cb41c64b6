import { OWN_ACCOUNT_PURPOSES, STEP_UP_WINDOW_MS, type StepUpPurpose, TWO_STEP_MESSAGES } from '@coin/contract';
import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../db/connection';
import type { Database } from '../db/schema';
import { membershipOf } from './access';
import { recordAudit } from './audit';
import { DomainError, stepUpRequired } from './errors';
import { countFailure, type LockoutPolicy, type OnLocked } from './lockout';
import { confirmCurrentPassword } from './sessions';
import { hashToken, newOpaqueToken } from './tokens';
import { checkFactor, type FactorProof, hasSecondFactor, takeChallenge, type WebAuthnParty } from './twoStep';

/*
 * Trust (issue 45): a step-up is a proof for one change. The signed-in user proves themselves by their
 * strongest factor (once they have an app or a passkey, the password alone proves nothing); the proof is
 * made for one purpose, in one merchant (none for the user's own account), by one tab (its session
 * family), and answered as an opaque token that only that tab holds. The change presents it
 * (STEP_UP_HEADER) and spends it; no other token of the sign-in, and no other change, may use it.
 */

export type StepUpMethod = 'password' | 'totp' | 'recovery_code' | 'passkey';

export interface StepUpCaller {
  userId: number;
  popinfoId: string;
}

export interface StepUpProof {
  token: string;
  purpose: StepUpPurpose;
  merchantId: number | null;
  expiresAt: Date;
  method: StepUpMethod;
}

const methodOf = (proof: FactorProof): StepUpMethod =>
  'totp_code' in proof ? 'totp' : 'recovery_code' in proof ? 'recovery_code' : 'passkey';

/** Proves the user by their strongest factor; answers what proved them. Wrong proofs count toward the lockout. */
async function proveUser(
  db: Db,
  userId: number,
  proof: { password: string } | FactorProof,
  context: { now: Date; party: WebAuthnParty; policy: LockoutPolicy; onLocked?: OnLocked },
): Promise<StepUpMethod> {
  const { now, policy, onLocked } = context;
  if ('password' in proof) {
    // N2: with an app or a passkey, the password alone is what a thief may have; it proves nothing here.
    if (await hasSecondFactor(db, userId)) {
      throw new DomainError('invalid_request', TWO_STEP_MESSAGES.factorRequired, 'password');
    }
    await confirmCurrentPassword(db, userId, proof.password, now, policy, onLocked, 'password');
    return 'password';
  }
  const identity = await db
    .selectFrom('identities')
    .select('locked_until')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (identity.locked_until && identity.locked_until.getTime() > now.getTime()) throw new DomainError('account_locked');
  const challenge = 'passkey' in proof ? await takeChallenge(db, userId, 'step_up', now) : null;
  const refused = await checkFactor(db, userId, proof, { now, party: context.party, challenge });
  if (refused) {
    if (await countFailure(db, userId, policy, now, onLocked, 'second_factor')) throw new DomainError('account_locked');
    throw new DomainError('invalid_request', refused.message, refused.field);
  }
  return methodOf(proof);
}

/**
 * POST /sessions/current/step_up: proves the user and answers a proof for `purpose` in `merchantId`, held
 * by the caller's tab for STEP_UP_WINDOW_MS. A merchant's purpose needs an ACTIVE role there (the change
 * checks its own role again); the user's own account takes no merchant.
 */
export async function stepUpSession(
  db: Db,
  caller: StepUpCaller,
  request: { purpose: StepUpPurpose; merchantId: number | null; proof: { password: string } | FactorProof },
  context: { now: Date; party: WebAuthnParty; policy: LockoutPolicy; onLocked?: OnLocked },
): Promise<StepUpProof> {
  const { now } = context;
  const { purpose } = request;
  const own = OWN_ACCOUNT_PURPOSES.includes(purpose);
  const merchantId = own ? null : request.merchantId;
  if (!own && (merchantId === null || !(await membershipOf(db, caller.userId, merchantId)))) {
    throw new DomainError('invalid_request', '本人確認の対象の加盟店が正しくありません', 'merchant_id');
  }
  // The caller's sign-in (family) was found active by the auth hook of this very request.
  const method = await proveUser(db, caller.userId, request.proof, context);
  const { token, hash } = newOpaqueToken();
  const expiresAt = new Date(now.getTime() + STEP_UP_WINDOW_MS);
  await db
    .insertInto('step_up_proofs')
    .values({
      token_hash: hash,
      popinfo_id: caller.popinfoId,
      user_id: caller.userId,
      merchant_id: merchantId,
      purpose,
      method,
      expires_at: expiresAt,
    })
    .execute();
  await recordAudit(
    db,
    {
      actorUserId: caller.userId,
      merchantId,
      action: 'session.stepped_up',
      targetUserId: caller.userId,
      after: { purpose, method },
    },
    now,
  );
  return { token, purpose, merchantId, expiresAt, method };
}

/**
 * The proof a change presents: made by the caller's tab for this purpose and merchant, unexpired and
 * unspent. `spend` takes it (one change, one proof); else it is only checked (the first call of a
 * two-call change). Answers the proof's id, to give it back if the change then fails; refuses with
 * 403 `step_up_required` naming the purpose.
 */
export async function useStepUpProof(
  db: Db,
  caller: StepUpCaller,
  presented: string | undefined,
  need: { purpose: StepUpPurpose; merchantId: number | null; spend: boolean },
  now: Date,
): Promise<string> {
  if (!presented) throw stepUpRequired(need.purpose);
  const matches = (eb: ExpressionBuilder<Database, 'step_up_proofs'>) =>
    eb.and([
      eb('token_hash', '=', hashToken(presented)),
      eb('popinfo_id', '=', caller.popinfoId),
      eb('user_id', '=', caller.userId),
      eb('purpose', '=', need.purpose),
      need.merchantId === null ? eb('merchant_id', 'is', null) : eb('merchant_id', '=', need.merchantId),
      eb('spent_at', 'is', null),
      eb('expires_at', '>', now),
    ]);
  const row = need.spend
    ? await db.updateTable('step_up_proofs').set({ spent_at: now }).where(matches).returning('id').executeTakeFirst()
    : await db.selectFrom('step_up_proofs').select('id').where(matches).executeTakeFirst();
  if (!row) throw stepUpRequired(need.purpose);
  return String(row.id);
}

/** Gives back a proof whose change was refused (its input, a conflict): the user need not prove again. */
export async function releaseStepUpProof(db: Db, id: string): Promise<void> {
  await db.updateTable('step_up_proofs').set({ spent_at: null }).where('id', '=', id).execute();
}
