import { describe, expect, it } from 'vitest';
import { balanceAfterPaying, isPayable, itemsTotal, parseInvoiceId, payMode } from './invoiceView';

describe('parseInvoiceId', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['42', 42],
    [' 42 ', 42],
    ['007', 7],
    [42, 42],
    ['0', 'invalid'],
    ['-1', 'invalid'],
    ['1.5', 'invalid'],
    ['INV-1', 'invalid'],
    ['1e3', 'invalid'],
    ['9'.repeat(16), 'invalid'],
    [{}, 'invalid'],
  ] as const)('%j → %j', (raw, expected) => {
    expect(parseInvoiceId(raw)).toBe(expected);
  });
});

describe('payMode', () => {
  it('lets an Owner or a Manager pay an unpaid or overdue invoice', () => {
    expect(payMode('UNPAID', 'Owner')).toBe('pay');
    expect(payMode('OVERDUE', 'Manager')).toBe('pay');
  });

  it('shows other roles the invoice read-only', () => {
    expect(payMode('UNPAID', 'Manager_NoPayment')).toBe('readOnly');
    expect(payMode('OVERDUE', 'Member')).toBe('readOnly');
    expect(payMode('UNPAID', null)).toBe('readOnly');
  });

  it('shows a paid invoice as paid to everyone', () => {
    expect(payMode('PAID', 'Owner')).toBe('paid');
    expect(payMode('PAID', 'Member')).toBe('paid');
    expect(isPayable('PAID')).toBe(false);
  });
});

describe('balanceAfterPaying', () => {
  const balances = [
    { id: 1, amount: 5000 },
    { id: 2, amount: 300 },
  ];

  it('subtracts the amount from the balance of the invoice coin', () => {
    expect(balanceAfterPaying(balances, 1, 5000)).toEqual({ before: 5000, after: 0, sufficient: true });
    expect(balanceAfterPaying(balances, 2, 301)).toEqual({ before: 300, after: -1, sufficient: false });
  });

  it('counts a coin the wallet does not hold as 0', () => {
    expect(balanceAfterPaying(balances, 9, 1)).toEqual({ before: 0, after: -1, sufficient: false });
  });
});

describe('itemsTotal', () => {
  it('adds up the items', () => {
    expect(itemsTotal([])).toBe(0);
    expect(itemsTotal([{ amount: 1200 }, { amount: 800 }])).toBe(2000);
  });
});
