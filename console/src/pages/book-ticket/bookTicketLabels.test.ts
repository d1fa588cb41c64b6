import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { jpPages } from '@/i18n/jpPages';
import { usesAndPriceLabel, usesLeftLabel } from './bookTicketLabels';

let t: TFunction;
beforeAll(async () => {
  const instance = i18next.createInstance();
  await instance.init({
    lng: 'jp',
    resources: { jp: { translation: jpPages } },
    interpolation: { escapeValue: false },
  });
  t = instance.t;
});

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
