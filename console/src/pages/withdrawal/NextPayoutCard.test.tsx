import type { NextPayout, Payout } from '@coin/contract';
import { describe, expect, it, vi } from 'vitest';
import { renderHtml, textOf } from '@/components/pageTesting';
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

const render = (
  answer: { scheduled: Payout[]; next: NextPayout | null },
  bankAccountPath: '/merchant/bankAccount' | null,
) =>
  textOf(
    renderHtml(
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
    ),
  );

describe('NextPayoutCard', () => {
  it('shows a closed payout awaiting its transfer day first, with the list figures, then the next closing', () => {
    const text = render({ scheduled: [scheduled], next }, null);
    const closed = text.indexOf('振込待ちの出金（締め済み）');
    const following = text.indexOf('次の締めの見込み');
    expect(closed).toBeGreaterThan(-1);
    expect(following).toBeGreaterThan(closed);
    const closedPart = text.slice(closed, following);
    expect(closedPart).toContain('2026/11/30（月）');
    expect(closedPart).toContain('46,626');
    expect(closedPart).toContain('2026/11/01 〜 2026/11/15');
    expect(text.slice(following)).toContain('2026/12/15（火）');
    expect(text.slice(following)).toContain('1,186');
  });

  it('shows only the next closing when no payout awaits its transfer', () => {
    const text = render({ scheduled: [], next }, null);
    expect(text).not.toContain('振込待ちの出金');
    expect(text).toContain('2026/12/15（火）');
  });

  it('tells a user who cannot register the account to ask an Owner, with no path in the words', () => {
    // (An Owner's alert carries the register button, a router link: the browser walk shows it.)
    const manager = render({ scheduled: [], next: { ...next, account: null } }, null);
    expect(manager).toContain('オーナーに振込先口座の登録を依頼してください');
    expect(manager).not.toContain('/merchant/');
  });

  it('keeps its usual height while loading: the usual answer drawn under a skeleton, hidden and inert', () => {
    const html = renderHtml(
      <NextPayoutCard
        query={{ data: undefined, error: null, isPending: true, isError: false, isFetching: true, refetch: vi.fn() }}
        bankAccountPath={null}
      />,
    );
    const skeleton =
      /<div[^>]*inert=""[^>]*aria-hidden="true"[^>]*>|<div[^>]*aria-hidden="true"[^>]*inert=""[^>]*>/.exec(html);
    expect(skeleton).not.toBeNull();
    const hidden = html.slice(skeleton?.index ?? 0);
    // A scheduled payout and the next closing, as the loaded card most often shows: the same height.
    expect(textOf(hidden)).toContain('振込待ちの出金（締め済み）');
    expect(textOf(hidden)).toContain('次の締めの見込み');
    expect(hidden).toContain('visibility:hidden');
    // Nothing of it before the skeleton: only the card's title is readable.
    expect(textOf(html.slice(0, skeleton?.index ?? 0))).toBe('次回の出金予定');
  });
});
