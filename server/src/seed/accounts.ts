import { createHash, randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database, MerchantUserStatus } from '../db/schema';
import { hashPassword } from '../domain/passwords';
import { DAY } from './calendar';

/**
 * The demo's coins, merchants, customer wallets, identities and staff (DESIGN.md §9): the rows every
 * other part of the demo refers to.
 */

type Trx = Transaction<Database>;

export const DEMO_PASSWORD = 'demo-password';

export const COINS = [
  { id: 1, name: 'めぶくコイン', transferable: 1, refundable: 1, reloadable: 1 },
  { id: 2, name: 'ポイント', transferable: 0, refundable: 0, reloadable: 0 },
  { id: 3, name: 'プレミアム商品券', transferable: 0, refundable: 1, reloadable: 0 },
] as const;
export const COIN = { coin: 1, point: 2, voucher: 3 } as const;

export interface DemoMerchant {
  id: number;
  name: string;
  walletNo: string;
  groupId: number | null;
  allowSubscription: 0 | 1;
  /** Average payments per day. */
  paymentsPerDay: number;
  /** Customer wallet index range it draws from. */
  customers: readonly [number, number];
  refundRate: number;
}

export const DEMO_MERCHANTS = {
  main: {
    id: 1,
    name: 'めぶくカフェ 本店',
    walletNo: '1100000001',
    groupId: 1,
    allowSubscription: 1,
    paymentsPerDay: 11.5,
    customers: [0, 260],
    refundRate: 0.03,
  },
  station: {
    id: 2,
    name: 'めぶくカフェ 駅前店',
    walletNo: '1100000002',
    groupId: 1,
    allowSubscription: 0,
    paymentsPerDay: 3.5,
    customers: [120, 330],
    refundRate: 0.015,
  },
  bakery: {
    id: 3,
    name: 'まちのパン屋',
    walletNo: '1100000003',
    groupId: null,
    allowSubscription: 0,
    paymentsPerDay: 2.5,
    customers: [220, 360],
    refundRate: 0.015,
  },
} as const satisfies Record<string, DemoMerchant>;
export const MERCHANT_LIST: readonly DemoMerchant[] = Object.values(DEMO_MERCHANTS);
const CUSTOMER_COUNT = 360;
export const customerWalletNo = (index: number) => String(2000000001 + index);

interface DemoIdentity {
  id: number;
  email: string;
  verified: boolean;
  hasPassword: boolean;
}

/** Identities; the first five are the accounts of DESIGN.md §9. */
export const DEMO_IDENTITIES = [
  { id: 1, email: 'owner@example.com', verified: true, hasPassword: true },
  { id: 2, email: 'manager@example.com', verified: true, hasPassword: true },
  { id: 3, email: 'manager-np@example.com', verified: true, hasPassword: true },
  { id: 4, email: 'member@example.com', verified: true, hasPassword: true },
  { id: 5, email: 'noroles@example.com', verified: true, hasPassword: true },
  { id: 6, email: 'bakery@example.com', verified: true, hasPassword: true },
  { id: 7, email: 'invited-expired@example.com', verified: false, hasPassword: false },
  { id: 8, email: 'invited@example.com', verified: false, hasPassword: false },
  { id: 9, email: 'suspended@example.com', verified: true, hasPassword: true },
  { id: 10, email: 'canceled@example.com', verified: true, hasPassword: true },
  { id: 11, email: 'no-email-of-record@example.com', verified: true, hasPassword: true },
] as const satisfies readonly DemoIdentity[];

interface DemoMerchantUser {
  merchantId: number;
  userId: number;
  name: string;
  role: 'Owner' | 'Manager' | 'Manager_NoPayment' | 'Member';
  status: MerchantUserStatus;
  /** Days from now the invitation expires (INACTIVE users). */
  invitationDays?: number;
  /** The user keeps no address of record for this merchant. */
  noEmail?: boolean;
}

const MERCHANT_USERS: readonly DemoMerchantUser[] = [
  { merchantId: 1, userId: 1, name: '鈴木 一郎', role: 'Owner', status: 'ACTIVE' },
  { merchantId: 2, userId: 1, name: '鈴木 一郎', role: 'Owner', status: 'ACTIVE' },
  { merchantId: 3, userId: 1, name: '鈴木 一郎', role: 'Member', status: 'ACTIVE' },
  { merchantId: 1, userId: 2, name: '佐藤 花子', role: 'Manager', status: 'ACTIVE' },
  { merchantId: 1, userId: 3, name: '高橋 健', role: 'Manager_NoPayment', status: 'ACTIVE' },
  { merchantId: 1, userId: 4, name: '田中 美咲', role: 'Member', status: 'ACTIVE' },
  { merchantId: 3, userId: 6, name: '伊藤 誠', role: 'Owner', status: 'ACTIVE' },
  { merchantId: 1, userId: 7, name: '渡辺 直人', role: 'Member', status: 'INACTIVE', invitationDays: -3 },
  { merchantId: 1, userId: 8, name: '山本 彩', role: 'Manager', status: 'INACTIVE', invitationDays: 5 },
  { merchantId: 1, userId: 9, name: '中村 翔', role: 'Member', status: 'SUSPENDED' },
  { merchantId: 1, userId: 10, name: '小林 結衣', role: 'Member', status: 'CANCELED' },
  { merchantId: 1, userId: 11, name: '加藤 大輔', role: 'Member', status: 'ACTIVE', noEmail: true },
];

/** The identities' password hashes (null for those without a password), in DEMO_IDENTITIES order. */
export function demoPasswordHashes(): Promise<(string | null)[]> {
  return Promise.all(DEMO_IDENTITIES.map((i) => (i.hasPassword ? hashPassword(DEMO_PASSWORD) : Promise.resolve(null))));
}

/** Coins, the group and its merchants, every wallet, the identities and the merchants' staff. */
export async function insertAccounts(
  trx: Trx,
  { now, passwordHashes }: { now: Date; passwordHashes: readonly (string | null)[] },
): Promise<void> {
  const nowMs = now.getTime();
  await trx
    .insertInto('coins')
    .values(COINS.map((c) => ({ ...c })))
    .execute();
  await trx.insertInto('merchant_groups').values({ id: 1, name: 'めぶくカフェ', parent_merchant_id: null }).execute();
  await trx
    .insertInto('merchants')
    .values(
      MERCHANT_LIST.map((m) => ({
        id: m.id,
        name: m.name,
        wallet_no: m.walletNo,
        group_id: m.groupId,
        allow_subscription: m.allowSubscription,
        status: 'OPEN' as const,
      })),
    )
    .execute();
  await trx
    .updateTable('merchant_groups')
    .set({ parent_merchant_id: DEMO_MERCHANTS.main.id })
    .where('id', '=', 1)
    .execute();
  await trx
    .insertInto('merchant_reload_coins')
    .values({ merchant_id: DEMO_MERCHANTS.main.id, coin_id: COIN.coin })
    .execute();
  await trx
    .insertInto('wallets')
    .values([
      ...MERCHANT_LIST.map((m) => ({ wallet_no: m.walletNo, owner_type: 'merchant' as const, merchant_id: m.id })),
      ...Array.from({ length: CUSTOMER_COUNT }, (_, i) => ({
        wallet_no: customerWalletNo(i),
        owner_type: 'customer' as const,
        merchant_id: null,
      })),
    ])
    .execute();

  await trx
    .insertInto('identities')
    .values(
      DEMO_IDENTITIES.map((identity, i) => ({
        id: identity.id,
        email: identity.email,
        email_status: identity.verified ? ('VERIFIED' as const) : ('UNVERIFIED' as const),
        password_hash: passwordHashes[i] ?? null,
      })),
    )
    .execute();
  await trx
    .insertInto('merchant_users')
    .values(
      MERCHANT_USERS.map((mu) => {
        const identity = DEMO_IDENTITIES.find((i) => i.id === mu.userId);
        const invited = mu.invitationDays !== undefined;
        return {
          merchant_id: mu.merchantId,
          user_id: mu.userId,
          name: mu.name,
          role: mu.role,
          status: mu.status,
          email: mu.noEmail ? null : (identity?.email ?? null),
          // A random token nobody knows: a demo invitation can only be followed after a resend mails a new one.
          activate_token_hash: invited ? createHash('sha256').update(randomBytes(32)).digest('hex') : null,
          activate_token_available_until: invited ? new Date(nowMs + (mu.invitationDays ?? 0) * DAY) : null,
        };
      }),
    )
    .execute();
}
