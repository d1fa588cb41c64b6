import { UTILITY_BILL_CATEGORIES, UTILITY_BILL_STATUSES } from '@coin/contract';
import { describe, expect, it } from 'vitest';
import { jpPages } from '@/i18n/jpPages';
import { BILL_CATEGORY_COLORS, BILL_STATUS_COLORS, billCategoryKey, billStatusKey, countsAsPaid } from './billLabels';

/** The catalogue's text at a dotted key, or undefined. */
const textAt = (key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], jpPages);

describe('utility bill labels', () => {
  it.each([
    ['ELECTRICITY', '電気'],
    ['GAS', 'ガス'],
    ['WATER', '水道'],
    ['PHONE', '電話'],
    ['TAX', '税金'],
  ] as const)('labels the category %s as %s', (category, label) => {
    expect(textAt(billCategoryKey(category))).toBe(label);
  });

  it.each([
    ['PAID', '支払済'],
    ['CANCELED', '取消'],
  ] as const)('labels the status %s as %s', (status, label) => {
    expect(textAt(billStatusKey(status))).toBe(label);
  });

  it('has a label and a colour for every category and status of the contract', () => {
    for (const category of UTILITY_BILL_CATEGORIES) {
      expect(typeof textAt(billCategoryKey(category)), category).toBe('string');
      expect(BILL_CATEGORY_COLORS[category], category).toBeTruthy();
    }
    for (const status of UTILITY_BILL_STATUSES) {
      expect(typeof textAt(billStatusKey(status)), status).toBe('string');
      expect(BILL_STATUS_COLORS[status], status).toBeTruthy();
    }
  });

  it('counts only paid bills in the period totals', () => {
    expect(countsAsPaid('PAID')).toBe(true);
    expect(countsAsPaid('CANCELED')).toBe(false);
  });
});
