import type { FeeInvoice } from '@coin/contract';
import { describe, expect, it } from 'vitest';
import { feeInvoiceStateOf, isInvoiceable, monthsBefore } from './feeInvoiceState';

const invoice = (number: string, month: string, issuedAt: string, superseded: boolean): FeeInvoice => ({
  number,
  summarized_month: month,
  issued_at: issuedAt,
  amount: 100,
  tax: 10,
  total: 110,
  corrects_number: null,
  superseded,
});

describe("a month's invoices", () => {
  it('finds the one in force and the ones it replaced, newest first, of that month only', () => {
    const list = [
      invoice('A', '202609', '2026-10-01T00:00:00.000Z', true),
      invoice('C', '202609', '2026-10-20T00:00:00.000Z', false),
      invoice('B', '202609', '2026-10-10T00:00:00.000Z', true),
      invoice('D', '202608', '2026-09-01T00:00:00.000Z', false),
    ];
    const state = feeInvoiceStateOf(list, '202609');
    expect(state.current?.number).toBe('C');
    expect(state.originals.map((one) => one.number)).toEqual(['B', 'A']);
    expect(feeInvoiceStateOf(list, '202608')).toEqual({ current: list[3], originals: [] });
    expect(feeInvoiceStateOf(list, '202607')).toEqual({ current: null, originals: [] });
  });

  it('takes a month once it has closed', () => {
    expect(isInvoiceable('202610', '202611')).toBe(true);
    expect(isInvoiceable('202611', '202611')).toBe(false);
    expect(isInvoiceable('202612', '202611')).toBe(false);
  });

  it('counts months back across a year', () => {
    expect(monthsBefore('202602', 3)).toEqual(['202601', '202512', '202511']);
    expect(monthsBefore('202612', 1)).toEqual(['202611']);
    expect(monthsBefore('202601', 12).at(-1)).toBe('202501');
  });
});
