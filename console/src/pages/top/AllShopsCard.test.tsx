// @vitest-environment happy-dom
import type { MerchantsSalesToday } from '@coin/contract';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/api/instance';
import { mount, user } from '@/components/formTesting';
import { session } from '@/session';
import type { SessionState } from '@/session/types';
import { AllShopsCard, AllShopsView } from './AllShopsCard';

// The session the card reads, set by each test; the switch goes through the shell's own hook.
const state = vi.hoisted(() => ({ current: {} as Pick<SessionState, 'user' | 'selectedMerchantId'> }));
const invalidate = vi.hoisted(() => vi.fn(() => Promise.resolve()));
vi.mock('@/api/instance', () => ({ api: { call: vi.fn(), open: vi.fn() } }));
vi.mock('@tanstack/react-router', () => ({ useRouter: () => ({ invalidate }) }));
vi.mock('@/session', () => ({
  session: { switchMerchant: vi.fn(() => Promise.resolve()) },
  useSessionState: <T,>(select: (s: SessionState) => T): T => select(state.current as SessionState),
}));
// The notification that confirms a switch reads the whole app's session: the switch itself is what is tested.
vi.mock('@/app/shell/redirectNotice', () => ({
  switchWithNotice: (_t: unknown, run: () => Promise<void>) => run(),
}));

const signedInWith = (merchantIds: number[]) => {
  state.current = {
    user: {
      user_id: 1,
      email: 'owner@example.com',
      name: '鈴木',
      roles: merchantIds.map((merchant_id) => ({ merchant_id, role: 'Owner' as const })),
    },
    selectedMerchantId: merchantIds[0] ?? null,
  };
};

const ANSWER: MerchantsSalesToday = {
  as_of: '2032-08-19T05:00:00.000Z',
  items: [
    { merchant_id: 1, name: 'めぶくカフェ 本店', role: 'Owner', status: 'OPEN', amount: 12_400, count: 9 },
    { merchant_id: 2, name: 'めぶくカフェ 駅前店', role: 'Owner', status: 'CLOSED', amount: 0, count: 0 },
    { merchant_id: 3, name: 'まちのパン屋', role: 'Member', status: 'OPEN', amount: 3_000, count: 1 },
  ],
};

const card = () => screen.queryByRole('region', { name: 'すべての店舗' });
/** The table's rows' texts, once the answer is shown. */
const rowTexts = async () =>
  within(await screen.findByRole('table', { name: '店舗ごとの本日の売上' }))
    .getAllByRole('row')
    .map((row) => row.textContent);

beforeEach(() => {
  vi.mocked(api.call).mockReset();
  vi.mocked(session.switchMerchant).mockClear();
  invalidate.mockClear();
});

describe("Top's all shops card", () => {
  it("lists each shop's sales today for a user of several shops, the shown one marked", async () => {
    signedInWith([1, 2, 3]);
    vi.mocked(api.call).mockResolvedValue(ANSWER);
    await mount(<AllShopsCard />);
    expect(api.call).toHaveBeenCalledWith('getMerchantsSalesToday', expect.anything());
    expect(card()).not.toBeNull();
    const rows = await rowTexts();
    expect(rows).toHaveLength(4);
    expect(rows[1]).toContain('めぶくカフェ 本店');
    expect(rows[1]).toContain('表示中');
    expect(rows[1]).toContain('オーナー');
    expect(rows[1]).toContain('営業中');
    expect(rows[1]).toContain('￥12,400');
    expect(rows[1]).toContain('9件');
    expect(rows[2]).toContain('休業中');
    expect(rows[2]).toContain('￥0');
    expect(rows[3]).toContain('メンバー');
    expect(rows[3]).toContain('￥3,000');
    // The shown shop is no switch; the others are.
    expect(screen.queryByRole('button', { name: 'めぶくカフェ 本店に切り替える' })).toBeNull();
    expect(screen.getByRole('button', { name: 'めぶくカフェ 駅前店に切り替える' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'まちのパン屋に切り替える' })).toBeTruthy();
  });

  it('is not shown to a user of one shop, and asks the server nothing', async () => {
    signedInWith([1]);
    await mount(<AllShopsCard />);
    expect(card()).toBeNull();
    expect(api.call).not.toHaveBeenCalled();
  });

  it("switches to a shop from its row, as the header's choice does", async () => {
    signedInWith([1, 2, 3]);
    vi.mocked(api.call).mockResolvedValue(ANSWER);
    await mount(<AllShopsCard />);
    await user().click(await screen.findByRole('button', { name: 'まちのパン屋に切り替える' }));
    expect(session.switchMerchant).toHaveBeenCalledExactlyOnceWith(3);
    // The guard decides again whether the new role may stay on the page.
    expect(invalidate).toHaveBeenCalledTimes(1);
  });

  const query = {
    data: undefined,
    error: null,
    isPending: false,
    isError: false,
    isFetching: false,
    refetch: () => Promise.reject(new Error('not in this test')),
  };
  const view = (q: Parameters<typeof AllShopsView>[0]['query']) => (
    <AllShopsView query={q} shopCount={3} selectedMerchantId={1} switching={false} onSwitch={() => {}} />
  );

  it('sketches a row per shop while loading, read out as nothing', async () => {
    await mount(view({ ...query, isPending: true, isFetching: true }));
    expect(card()?.getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByRole('table')).toBeNull();
    expect(card()?.querySelectorAll('tbody tr')).toHaveLength(3);
  });

  it('says so when the list cannot be read, with a retry, and when it has no shop', async () => {
    await mount(view({ ...query, isError: true, error: new Error('network') }));
    expect(within(card() as HTMLElement).getByRole('alert')).toBeTruthy();
    expect(within(card() as HTMLElement).getByRole('button', { name: '再試行' })).toBeTruthy();

    await mount(view({ ...query, data: { as_of: ANSWER.as_of, items: [] } }));
    expect(screen.getByText('売上を表示できる店舗はありません')).toBeTruthy();
  });
});
