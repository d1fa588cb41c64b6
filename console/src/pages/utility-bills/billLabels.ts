import type { UtilityBillCategory, UtilityBillStatus } from '@coin/contract';

/** Catalogue key of a bill's category label (電気 / ガス / 水道 / 電話 / 税金). */
export const billCategoryKey = (category: UtilityBillCategory) => `utilityBills.categories.${category}` as const;

/** Catalogue key of a bill's status label (支払済 / 取消). */
export const billStatusKey = (status: UtilityBillStatus) => `utilityBills.statuses.${status}` as const;

export const BILL_STATUS_COLORS: Readonly<Record<UtilityBillStatus, string>> = { PAID: 'teal', CANCELED: 'gray' };

export const BILL_CATEGORY_COLORS: Readonly<Record<UtilityBillCategory, string>> = {
  ELECTRICITY: 'orange',
  GAS: 'red',
  WATER: 'blue',
  PHONE: 'grape',
  TAX: 'dark',
};

/** A canceled bill's payment was reversed: it is listed, but not in the period's paid count and amount. */
export const countsAsPaid = (status: UtilityBillStatus): boolean => status === 'PAID';
