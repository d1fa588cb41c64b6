import { beforeAll, describe, expect, it } from 'vitest';
import { loadPageStrings, t } from '@/i18n';
import { usesAndPriceLabel, usesLeftLabel } from './bookTicketLabels';

beforeAll(() => loadPageStrings());

describe('book ticket labels', () => {
  it('words a ticket as its uses and price', () => {
    expect(usesAndPriceLabel(t, { uses_per_ticket: 11, price: 5000 })).toBe('11回 / 5,000');
    expect(usesAndPriceLabel(t, { uses_per_ticket: 1200, price: 100000 })).toBe('1,200回 / 100,000');
  });

  it('says what is left after a use, and when the ticket is used up', () => {
    expect(usesLeftLabel(t, { uses_left: 3 })).toBe('残り3回');
    expect(usesLeftLabel(t, { uses_left: 0 })).toBe('使い切り');
  });
});
