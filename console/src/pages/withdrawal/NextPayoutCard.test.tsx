// @vitest-environment happy-dom
import type { NextPayout, Payout } from '@coin/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mount } from '@/components/formTesting';
import { testQueryClient } from '@/components/pageTesting';
import { NextPayoutCard } from './NextPayoutCard';

vi.mock('@/api/instance', () => ({ api: { call: vi.fn(), open: vi.fn() } }));
vi.mock('@/session', () => import('@/components/pageTesting').then((testing) => testing.testSession));

const account = {
  bank_name: '群馬銀行',
  branch_name: '前橋支店',
  account_type_label: '普通',
  number_masked: '****2345',
};
const scheduled: Payout = {
  id: 41,
  merchant_id: 1,
  merchant_name: 'めぶくカフェ 本店',
  period_start: '2026-11-01',
  period_end: '2026-11-15',
  payout_date: '2026-11-30',
  coin_name: 'めぶくコイン',
  gross_amount: 47_900,
  fee: 958,
  transfer_fee: 316,
  net_amount: 46_626,
  account,
  status: 'SCHEDULED',
  failure_reason: null,
  transaction_id: 900,
  posted_at: '2026-11-15T15:10:00.000Z',
};
const next: NextPayout = {
  period_start: '2026-11-16',
  period_end: '2026-11-30',
  payout_date: '2026-12-15',
  expected_gross: 2_000,
  expected_net: 1_186,
  account,
  account_held_until: null,
};

/** Shows the card with this answer; returns it, found by its title. */
async function show(
  answer: { scheduled: Payout[]; next: NextPayout | null },
  bankAccountPath: '/merchant/bankAccount' | null,
) {
  await mount(
    <NextPayoutCard
      query={{
        data: { ...answer, skipped: [] },
        error: null,
        isPending: false,
        isError: false,
        isFetching: false,
        refetch: vi.fn(),
      }}
      bankAccountPath={bankAccountPath}
    />,
    testQueryClient(),
  );
  return screen.getByRole('region', { name: '次回の出金予定' });
}

/** Whether `text` shows in the card (in an element's own text, whole or in part), optionally only after `after`. */
function shows(card: HTMLElement, text: string, between?: [Element, Element | null]) {
  return within(card)
    .queryAllByText(text, { exact: false })
    .some(
      (found) =>
        !between ||
        (between[0].compareDocumentPosition(found) & Node.DOCUMENT_POSITION_FOLLOWING &&
          (!between[1] || found.compareDocumentPosition(between[1]) & Node.DOCUMENT_POSITION_FOLLOWING)),
    );
}

describe('NextPayoutCard', () => {
  it('shows a closed payout awaiting its transfer day first, with the list figures, then the next closing', async () => {
    const card = await show({ scheduled: [scheduled], next }, null);
    const closed = within(card).getByText('振込待ちの出金（締め済み）');
    const following = within(card).getByText('次の締めの見込み');
    expect(closed.compareDocumentPosition(following) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(shows(card, '2026/11/30（月）', [closed, following])).toBe(true);
    expect(shows(card, '46,626', [closed, following])).toBe(true);
    expect(shows(card, '2026/11/01 〜 2026/11/15', [closed, following])).toBe(true);
    expect(shows(card, '2026/12/15（火）', [following, null])).toBe(true);
    expect(shows(card, '1,186', [following, null])).toBe(true);
  });

  it('shows only the next closing when no payout awaits its transfer', async () => {
    const card = await show({ scheduled: [], next }, null);
    expect(shows(card, '振込待ちの出金')).toBe(false);
    expect(shows(card, '2026/12/15（火）')).toBe(true);
  });

  it('tells a user who cannot register the account to ask an Owner, with no path in the words', async () => {
    // (An Owner's alert carries the register button, a router link: the browser walk shows it.)
    const card = await show({ scheduled: [], next: { ...next, account: null } }, null);
    const alert = within(card).getByRole('alert');
    expect(alert.textContent).toContain('オーナーに振込先口座の登録を依頼してください');
    expect(card.textContent).not.toContain('/merchant/');
  });

  it('keeps its usual height while loading: the usual answer drawn under a skeleton, hidden and inert', async () => {
    await mount(
      <NextPayoutCard
        query={{ data: undefined, error: null, isPending: true, isError: false, isFetching: true, refetch: vi.fn() }}
        bankAccountPath={null}
      />,
      testQueryClient(),
    );
    const card = screen.getByRole('region', { name: '次回の出金予定' });
    // A scheduled payout and the next closing, as the loaded card most often shows: the same height.
    const drawn = within(card).getByText('振込待ちの出金（締め済み）');
    expect(within(card).getByText('次の締めの見込み')).toBeTruthy();
    const skeleton = drawn.closest<HTMLElement>('[aria-hidden="true"]');
    expect(skeleton?.hasAttribute('inert')).toBe(true);
    expect(skeleton?.contains(within(card).getByText('次の締めの見込み'))).toBe(true);
    expect(skeleton?.outerHTML).toContain('visibility: hidden');
    // Nothing of it is read: only the card's title.
    expect(
      within(card)
        .getAllByRole('heading')
        .map((heading) => heading.textContent),
    ).toEqual(['次回の出金予定']);
    expect(within(card).queryByText('振込待ちの出金（締め済み）', { ignore: '[aria-hidden="true"] *' })).toBeNull();
  });
});
