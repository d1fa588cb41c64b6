import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { insertShopWithOwner } from './merchantSettings';

/**
 * Two-step sign-in (issue 24): a small shop whose Owner tries the staff requirement on
 * 加盟店ユーザー without touching the shops the rest of the demo (and its browser walks) sign in to.
 * Closed (not yet taking payments: the payout run and the payee list pass it over), its profile filled
 * in, no sales; two-step not required until its Owner says so.
 */
export const TWO_STEP_MERCHANT = {
  id: 5,
  name: 'みどり文具店',
  walletNo: '1100000005',
  owner: { id: 13, email: 'stationery@example.com', name: '森 みどり' },
} as const;

export async function seedTwoStep(trx: Transaction<Database>, { now }: { now: Date }): Promise<void> {
  await insertShopWithOwner(trx, TWO_STEP_MERCHANT, {
    description: '学用品と事務用品の店です。',
    postal_code: '3710022',
    prefecture: '群馬県',
    city: '前橋市',
    street: '千代田町2-5-1',
    phone: '027-210-0005',
    business_hours: '10:00〜19:00（水曜定休）',
    profile_updated_at: now,
  });
}
