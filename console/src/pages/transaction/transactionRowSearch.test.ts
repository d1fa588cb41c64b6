// The links other pages make to a row of the transaction history, read back as this page reads them.
import { describe, expect, it } from 'vitest';
import { transactionRowSearch } from '@/components/transactionRowSearch';
import { transactionSearch } from './transactionSearch';

describe('transactionRowSearch', () => {
  it('narrows the history to the paying transaction on its Tokyo day', () => {
    // Paid 2026-10-31 16:00 UTC: 2026-11-01 01:00 in Tokyo.
    expect(transactionRowSearch(4812, '2026-10-31T16:00:00.000Z')).toEqual({
      id: '4812',
      from: '2026-11-01',
      to: '2026-11-01',
    });
  });

  it('is read back by the transaction page as that row and period', () => {
    const link = transactionRowSearch(77, '2026-05-10T01:00:00Z');
    const search = transactionSearch(link, new Date('2026-06-01T00:00:00Z'));
    expect(search).toMatchObject({ tab: 'histories', id: 77, from: '2026-05-10', to: '2026-05-10' });
  });
});
