import { type CallResponse, SETUP_STEPS, type SetupStep } from '@coin/contract';
import type { Db } from '../db/connection';
import { notFound } from './errors';
import { holdEnd } from './payouts';

/** Profile fields a customer needs to find and reach the shop. */
const PROFILE_FIELDS = [
  'description',
  'postal_code',
  'prefecture',
  'city',
  'street',
  'phone',
  'business_hours',
] as const;

/** Top's setup checklist: each step of SETUP_STEPS, done or not, from what the merchant has stored. */
export async function setupProgress(
  db: Db,
  merchantId: number,
  hold: { now: Date; holdHours: number },
): Promise<CallResponse<'getSetupProgress'>> {
  const merchant = await db
    .selectFrom('merchants as m')
    .leftJoin('merchant_bank_accounts as b', 'b.merchant_id', 'm.id')
    .select([...PROFILE_FIELDS.map((field) => `m.${field}` as const), 'm.thumbnail_sha256', 'm.image_sha256'])
    .select(['m.qr_poster_downloaded_at', 'b.merchant_id as account_of', 'b.changed_at as account_changed_at'])
    .where('m.id', '=', merchantId)
    .executeTakeFirst();
  if (!merchant) throw notFound();
  const done: Record<SetupStep, boolean> = {
    profile: PROFILE_FIELDS.every((field) => merchant[field].trim() !== ''),
    images: merchant.thumbnail_sha256 !== null && merchant.image_sha256 !== null,
    bank_account: merchant.account_of !== null,
    qr_poster: merchant.qr_poster_downloaded_at !== null,
  };
  const heldUntil = holdEnd(merchant.account_changed_at, hold.holdHours);
  return {
    steps: SETUP_STEPS.map((step) => ({ step, done: done[step] })),
    complete: SETUP_STEPS.every((step) => done[step]),
    account_held_until: heldUntil && heldUntil.getTime() > hold.now.getTime() ? heldUntil.toISOString() : null,
  };
}

/** Remembers the first download of the merchant's QR poster (the checklist's last step). */
export async function markQrPosterDownloaded(db: Db, merchantId: number, now: Date): Promise<void> {
  await db
    .updateTable('merchants')
    .set({ qr_poster_downloaded_at: now })
    .where('id', '=', merchantId)
    .where('qr_poster_downloaded_at', 'is', null)
    .execute();
}
