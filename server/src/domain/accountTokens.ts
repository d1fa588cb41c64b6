import type { Db } from '../db/connection';
import type { AccountTokenPurpose } from '../db/schema';
import { DomainError } from './errors';
import { hashToken, newOpaqueToken } from './tokens';

/** The answers for a mailed link that cannot be used, each distinct so the page can explain it. */
export const invalidToken = () => new DomainError('invalid_token');
export const tokenUsed = () => new DomainError('token_used');
export const linkExpired = () => new DomainError('link_expired');

/**
 * Issues a random token for a mailed link; only its sha256 is stored. Earlier unused tokens of the same
 * purpose for the same user (and merchant) are revoked: only the newest link works.
 */
export async function issueAccountToken(
  db: Db,
  input: {
    purpose: AccountTokenPurpose;
    userId: number;
    merchantId?: number | null;
    email?: string | null;
    expiresAt: Date;
  },
  now: Date,
): Promise<string> {
  let revoke = db
    .updateTable('account_tokens')
    .set({ revoked_at: now })
    .where('purpose', '=', input.purpose)
    .where('user_id', '=', input.userId)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null);
  if (input.merchantId != null) revoke = revoke.where('merchant_id', '=', input.merchantId);
  await revoke.execute();
  const { token, hash } = newOpaqueToken();
  await db
    .insertInto('account_tokens')
    .values({
      token_hash: hash,
      purpose: input.purpose,
      user_id: input.userId,
      merchant_id: input.merchantId ?? null,
      email: input.email ?? null,
      expires_at: input.expiresAt,
      created_at: now,
    })
    .execute();
  return token;
}

const LINKS_TO_AN_ADDRESS: readonly AccountTokenPurpose[] = ['password_reset', 'initial_password'];

/**
 * How many password-reset (or first-password) and email-change links went to `address` since `since`:
 * the per-recipient limit, so nobody can flood a mailbox (or time the service) by asking again and again.
 */
export async function accountLinksSentTo(db: Db, address: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('account_tokens')
    .select((eb) => eb.fn.countAll<string>().as('sent'))
    .where('created_at', '>', since)
    .where((eb) =>
      eb.or([
        eb.and([eb('purpose', '=', 'email_change'), eb('email', '=', address)]),
        eb.and([
          eb('purpose', 'in', LINKS_TO_AN_ADDRESS),
          eb('user_id', 'in', eb.selectFrom('identities').select('id').where('email', '=', address)),
        ]),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.sent);
}

export interface AccountTokenRow {
  id: number;
  purpose: AccountTokenPurpose;
  user_id: number;
  merchant_id: number | null;
  email: string | null;
  expires_at: Date;
}

/**
 * Finds a usable token of one of the purposes (locking it) inside a transaction. Unknown and replaced
 * tokens answer invalid_token, spent ones token_used, expired ones link_expired.
 */
export async function findUsableToken(
  trx: Db,
  token: string,
  purposes: readonly AccountTokenPurpose[],
  now: Date,
): Promise<AccountTokenRow> {
  const row = await trx
    .selectFrom('account_tokens')
    .select(['id', 'purpose', 'user_id', 'merchant_id', 'email', 'expires_at', 'used_at', 'revoked_at'])
    .where('token_hash', '=', hashToken(token))
    .where('purpose', 'in', purposes)
    .forUpdate()
    .executeTakeFirst();
  if (!row || row.revoked_at) throw invalidToken();
  if (row.used_at) throw tokenUsed();
  if (row.expires_at.getTime() <= now.getTime()) throw linkExpired();
  return row;
}

export async function markTokenUsed(trx: Db, id: number, now: Date): Promise<void> {
  await trx.updateTable('account_tokens').set({ used_at: now }).where('id', '=', id).execute();
}
