// @vitest-environment happy-dom
import type { CallResponse } from '@coin/contract';
import { screen, waitFor, within } from '@testing-library/react';
import type { AnchorHTMLAttributes } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/api/errors';
import { api } from '@/api/instance';
import { formQueryClient, mount, user } from '@/components/formTesting';
import SignedInDevicesPage from './SignedInDevicesPage';

vi.mock('@/router/AppLink', () => ({
  AppLink: ({ to, ...rest }: { to: string } & AnchorHTMLAttributes<HTMLAnchorElement>) => <a href={to} {...rest} />,
}));
vi.mock('@/api/instance', () => ({ api: { call: vi.fn(), open: vi.fn() } }));
const show = vi.hoisted(() => vi.fn());
vi.mock('@mantine/notifications', () => ({ notifications: { show } }));

type SignIn = CallResponse<'listSignIns'>['items'][number];

const signIn = (id: string, fields: Partial<SignIn>): SignIn => ({
  id,
  device: 'Chrome 131 / Windows',
  client_ip: '203.0.113.24',
  started_at: '2026-11-20T01:00:00.000Z',
  last_used_at: '2026-11-24T02:30:00.000Z',
  current: false,
  ...fields,
});

const OFFICE = signIn('9b0c2c4e-0d7a-4f7e-9a51-1f0f4c7d2a01', { last_used_at: '2026-11-24T03:00:00.000Z' });
const THIS = signIn('9b0c2c4e-0d7a-4f7e-9a51-1f0f4c7d2a02', {
  device: 'Safari 18 / iOS',
  client_ip: '198.51.100.7',
  started_at: '2026-11-23T22:15:00.000Z',
  last_used_at: '2026-11-24T02:45:00.000Z',
  current: true,
});
const UNKNOWN = signIn('9b0c2c4e-0d7a-4f7e-9a51-1f0f4c7d2a03', {
  device: '',
  client_ip: null,
  started_at: '2026-11-01T00:00:00.000Z',
  last_used_at: '2026-11-02T09:00:00.000Z',
});

afterEach(() => {
  vi.mocked(api.call).mockReset();
  show.mockClear();
});

/**
 * The page, its list read from the server; `answers` answer the other calls. What GET /sessions
 * answers changes with `becomes` (the page reads it again after each ending).
 */
async function mountPage(items: SignIn[], answers: Record<string, () => unknown> = {}) {
  let current = items;
  vi.mocked(api.call).mockImplementation((async (id: string) => {
    if (id === 'listSignIns') return { items: current };
    const answer = answers[id];
    if (!answer) throw new Error(`unexpected call ${id}`);
    return answer();
  }) as typeof api.call);
  await mount(<SignedInDevicesPage />, formQueryClient());
  await screen.findByRole('list', { name: 'ログインしている端末' });
  return {
    becomes: (next: SignIn[]) => {
      current = next;
    },
  };
}

const entries = () => within(screen.getByRole('list', { name: 'ログインしている端末' })).getAllByRole('listitem');
const callsOf = (id: string) => vi.mocked(api.call).mock.calls.filter(([called]) => called === id);

describe('SignedInDevicesPage (issue 48)', () => {
  it('lists the sign-ins, this one first and marked, with no way to end it here', async () => {
    await mountPage([OFFICE, THIS, UNKNOWN]);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('ログイン中の端末');
    const [first, second, third] = entries();
    if (!first || !second || !third) throw new Error('three entries expected');
    expect(entries()).toHaveLength(3);

    expect(first.textContent).toContain('Safari 18 / iOS');
    expect(within(first).getByText('この端末')).toBeTruthy();
    expect(first.textContent).toContain('IPアドレス 198.51.100.7');
    expect(first.textContent).toContain('ログイン日時 2026/11/24 07:15');
    expect(first.textContent).toContain('最終利用日時 2026/11/24 11:45');
    expect(within(first).queryByRole('button')).toBeNull();

    expect(second.textContent).toContain('Chrome 131 / Windows');
    expect(within(second).queryByText('この端末')).toBeNull();
    expect(
      within(second).getByRole('button', {
        name: 'Chrome 131 / Windows（最終利用日時 2026/11/24 12:00）をログアウトさせる',
      }).textContent,
    ).toBe('ログアウトさせる');

    // A User-Agent that named nothing, and no address.
    expect(third.textContent).toContain('不明なブラウザ');
    expect(third.textContent).toContain('IPアドレス 不明');
    expect(within(third).getByRole('button', { name: /ログアウトさせる$/ })).toBeTruthy();

    expect(screen.getByRole('button', { name: 'ほかのすべての端末からログアウト' })).toBeTruthy();
    expect(screen.queryByText('ほかにログインしている端末はありません')).toBeNull();
    // What to do about a device the user does not know.
    expect(screen.getByRole('link', { name: 'パスワードを変更する' }).getAttribute('href')).toBe('/changePassword');
  });

  it('ends another sign-in once asked, then says so and reads the list again', async () => {
    const { becomes } = await mountPage([OFFICE, THIS], { endSignIn: () => ({ ended: 1 }) });
    await user().click(screen.getByRole('button', { name: /^Chrome 131 \/ Windows.*をログアウトさせる$/ }));
    const dialog = await screen.findByRole('dialog', { name: '端末をログアウトさせますか？' });
    expect(dialog.textContent).toContain(
      'Chrome 131 / Windows（IPアドレス 203.0.113.24、最終利用日時 2026/11/24 12:00）',
    );
    // Nothing ends before the user confirms.
    expect(callsOf('endSignIn')).toEqual([]);

    becomes([THIS]);
    await user().click(within(dialog).getByRole('button', { name: 'ログアウトさせる' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: '1台の端末をログアウトさせました' })),
    );
    expect(callsOf('endSignIn')).toEqual([['endSignIn', { params: { sign_in_id: OFFICE.id } }]]);
    await waitFor(() => expect(entries()).toHaveLength(1));
    expect(callsOf('listSignIns').length).toBe(2);
    expect(screen.getByText('ほかにログインしている端末はありません')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('leaves the sign-in be when the user cancels', async () => {
    await mountPage([OFFICE, THIS], { endSignIn: () => ({ ended: 1 }) });
    await user().click(screen.getByRole('button', { name: /^Chrome 131 \/ Windows.*をログアウトさせる$/ }));
    const dialog = await screen.findByRole('dialog', { name: '端末をログアウトさせますか？' });
    await user().click(within(dialog).getByRole('button', { name: 'キャンセル' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsOf('endSignIn')).toEqual([]);
    expect(entries()).toHaveLength(2);
  });

  it('ends every other sign-in at once, once asked, and says how many ended', async () => {
    const { becomes } = await mountPage([OFFICE, THIS, UNKNOWN], { endOtherSignIns: () => ({ ended: 3 }) });
    await user().click(screen.getByRole('button', { name: 'ほかのすべての端末からログアウト' }));
    const dialog = await screen.findByRole('dialog', { name: 'ほかのすべての端末からログアウトしますか？' });
    expect(dialog.textContent).toContain('この端末を除く2台の端末がログアウトし');
    expect(callsOf('endOtherSignIns')).toEqual([]);

    // The server's count is what is said: a sign-in started elsewhere meanwhile ends too.
    becomes([THIS]);
    await user().click(within(dialog).getByRole('button', { name: 'すべてログアウトさせる' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: '3台の端末をログアウトさせました' })),
    );
    expect(callsOf('endOtherSignIns')).toEqual([['endOtherSignIns']]);
    expect(callsOf('endSignIn')).toEqual([]);
    await waitFor(() => expect(entries()).toHaveLength(1));
    expect(screen.getByText('ほかにログインしている端末はありません')).toBeTruthy();
  });

  it('signed in on this device only: says so, with nothing to end', async () => {
    await mountPage([THIS]);
    expect(entries()).toHaveLength(1);
    expect(screen.getByText('ほかにログインしている端末はありません')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /ログアウト/ })).toBeNull();
  });

  it('shows the loading sketch, then a failed list with a retry that reads it again', async () => {
    let fail = true;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    vi.mocked(api.call).mockImplementation((async (id: string) => {
      if (id !== 'listSignIns') throw new Error(`unexpected call ${id}`);
      await held;
      if (fail) throw new ApiError(500, { type: 'internal', message: 'Internal Server Error' });
      return { items: [THIS] };
    }) as typeof api.call);
    await mount(<SignedInDevicesPage />, formQueryClient());
    expect(screen.getByRole('status', { name: '読み込み中…' })).toBeTruthy();

    release();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('データを読み込めませんでした');
    expect(screen.queryByRole('list')).toBeNull();

    fail = false;
    await user().click(within(alert).getByRole('button', { name: '再試行' }));
    await screen.findByRole('list', { name: 'ログインしている端末' });
    expect(callsOf('listSignIns').length).toBe(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
