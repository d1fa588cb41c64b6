export const ROLES = ['Owner', 'Manager', 'Manager_NoPayment', 'Member'] as const;
export type Role = (typeof ROLES)[number];

/** The current role when the user holds none for the selected merchant (§6). */
export const DEFAULT_ROLE: Role = 'Member';

export const ALL_ROLES: readonly Role[] = ROLES;
/** Money out: payment requests, URL payments. */
export const PAYING_ROLES: readonly Role[] = ['Owner', 'Manager'];
export const OWNER_ONLY: readonly Role[] = ['Owner'];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export interface MerchantRole {
  merchant_id: number;
  role: Role;
}

/** The user's role for the selected merchant, defaulting to Member (§6). */
export function currentRole(roles: readonly MerchantRole[], merchantId: number | null | undefined): Role {
  const found = roles.find((r) => r.merchant_id === merchantId);
  return found ? found.role : DEFAULT_ROLE;
}
