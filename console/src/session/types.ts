import type { MerchantResponse, MerchantRole } from '@coin/contract';
import { FLAG_YES } from '@coin/contract';

/** User info kept locally (§3). `name` is the merchant user's nick name. */
export interface UserInfo {
  user_id: number;
  email: string;
  name: string;
  roles: MerchantRole[];
}

/** A merchant entry of the session (§3). */
export interface MerchantEntry {
  merchant_id: number;
  name: string;
  wallet_no: string;
  reloadable: boolean;
  allow_subscription: boolean;
  merchant_group: { id: number | null; is_parent: boolean };
}

/** Auth state (§3) plus the loaded user, merchants and the selection. */
export interface SessionState {
  authorization: string | null;
  reauthToken: string | null;
  popinfoId: string | null;
  useSession: boolean;
  user: UserInfo | null;
  merchants: MerchantEntry[];
  selectedMerchantId: number | null;
  /** Authorization, merchants and user are loaded (§4). */
  initialized: boolean;
}

export const INITIAL_SESSION_STATE: SessionState = {
  authorization: null,
  reauthToken: null,
  popinfoId: null,
  useSession: true,
  user: null,
  merchants: [],
  selectedMerchantId: null,
  initialized: false,
};

/** The merchant response fields of §3 turned into a session entry. */
export function toMerchantEntry(merchant: MerchantResponse): MerchantEntry {
  return {
    merchant_id: merchant.merchant_id,
    name: merchant.name,
    wallet_no: merchant.wallet_no,
    reloadable: merchant.reloadable_coins.length > 0,
    allow_subscription: merchant.allow_subscription === FLAG_YES,
    merchant_group: {
      id: merchant.merchant_group_id,
      is_parent:
        merchant.merchant_group_parent_id !== null && merchant.merchant_group_parent_id === merchant.merchant_id,
    },
  };
}
