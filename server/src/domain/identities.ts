import type { CallResponse } from '@coin/contract';
import type { Db } from '../db/connection';
import { isStoredId } from './access';
import { notFound } from './errors';

/**
 * An identity's email and its status. Visible to the identity itself and to an ACTIVE Owner of a
 * merchant the identity belongs to; to anyone else it does not exist.
 */
export async function identityEmail(
  db: Db,
  callerId: number,
  userId: number,
): Promise<CallResponse<'getIdentityEmail'>> {
  if (!isStoredId(userId)) throw notFound();
  if (userId !== callerId) {
    const owner = await db
      .selectFrom('merchant_users as target')
      .innerJoin('merchant_users as caller', 'caller.merchant_id', 'target.merchant_id')
      .select('target.merchant_id')
      .where('target.user_id', '=', userId)
      .where('caller.user_id', '=', callerId)
      .where('caller.role', '=', 'Owner')
      .where('caller.status', '=', 'ACTIVE')
      .executeTakeFirst();
    if (!owner) throw notFound();
  }
  const identity = await db
    .selectFrom('identities')
    .select(['id', 'email', 'email_status'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!identity) throw notFound();
  return { user_id: identity.id, email: identity.email, email_status: identity.email_status };
}
