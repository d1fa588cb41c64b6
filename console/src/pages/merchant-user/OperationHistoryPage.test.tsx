// @vitest-environment happy-dom
import type { AuditEvent } from '@coin/contract';
import { screen, within } from '@testing-library/react';
import type { AnchorHTMLAttributes } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { auditEventKeys } from '@/api/auditEvents';
import { merchantUserKeys } from '@/api/merchantUsers';
import { mount } from '@/components/formTesting';
import { seedError, TEST_MERCHANT, testQueryClient } from '@/components/pageTesting';
import OperationHistoryPage from './OperationHistoryPage';

vi.mock('@/router/AppLink', () => ({
  AppLink: ({ to, ...rest }: { to: string } & AnchorHTMLAttributes<HTMLAnchorElement>) => <a href={to} {...rest} />,
}));
vi.mock('@/api/instance', () => ({ api: { call: vi.fn(), open: vi.fn() } }));
vi.mock('@/session', () => import('@/components/pageTesting').then((testing) => testing.testSession));
const routerState = vi.hoisted(() => ({ search: {} as Record<string, unknown> }));
vi.mock('@tanstack/react-router', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@tanstack/react-router')>()),
  useSearch: () => routerState.search,
  useNavigate: () => () => Promise.resolve(),
}));

const event = (id: number, fields: Partial<AuditEvent>): AuditEvent => ({
  id,
  occurred_at: '2026-11-20T01:00:00.000Z',
  actor_user_id: 2,
  actor_name: '佐藤 花子',
  action: 'session.signed_in',
  kind: 'sign_in',
  target_name: null,
  detail: '',
  client_ip: '203.0.113.24',
  ...fields,
});

const STAFF = {
  items: [
    { user_id: 1, name: '鈴木 一郎', role: 'Owner', status: 'ACTIVE' },
    { user_id: 2, name: '佐藤 花子', role: 'Manager', status: 'ACTIVE' },
  ],
  total: 2,
  limit: 50,
  offset: 1,
};
const QUERY = { start_date: '2026-11-01', end_date: '2026-11-20', limit: 20, offset: 1 };

describe('OperationHistoryPage', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T03:00:00Z'));
    routerState.search = { from: '2026-11-01', to: '2026-11-20' };
  });
  afterEach(() => vi.useRealTimers());

  it('reads who did what: the person, the action with what it changed, the operator for what no user did', async () => {
    const client = testQueryClient();
    client.setQueryData(merchantUserKeys.list(TEST_MERCHANT.merchant_id, 1), STAFF);
    client.setQueryData(auditEventKeys.list(TEST_MERCHANT.merchant_id, QUERY), {
      items: [
        event(3, {
          action: 'refund.approved',
          kind: 'refund',
          actor_user_id: null,
          actor_name: null,
          target_name: '鈴木 一郎',
          detail: '申請ID 7、取引ID 70、¥1,200',
          client_ip: null,
        }),
        event(2, {
          action: 'merchant_user.invited',
          kind: 'staff',
          target_name: '山本 彩',
          detail: '権限: マネージャー',
        }),
        event(1, {}),
      ],
      total: 3,
      limit: 20,
      offset: 1,
    });
    await mount(<OperationHistoryPage />, client);
    expect(screen.getByRole('heading', { level: 1, name: '操作履歴' })).toBeTruthy();
    const table = screen.getByRole('table', { name: '操作の一覧' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0] as HTMLElement).getByText('運営者')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('返金申請が承認')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('申請ID 7、取引ID 70、¥1,200')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('ユーザーを招待')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('山本 彩')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('203.0.113.24')).toBeTruthy();
    // The person filter offers the staff by name; the kind filter every kind.
    const person = screen.getByRole('combobox', { name: 'ユーザー' });
    expect(
      within(person)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['すべて', '鈴木 一郎', '佐藤 花子']);
    const kind = screen.getByRole('combobox', { name: '種類' });
    expect(within(kind).getByRole('option', { name: '振込先口座' })).toBeTruthy();
  });

  it('asks for the chosen person and kind, and says when nothing matches', async () => {
    routerState.search = { from: '2026-11-01', to: '2026-11-20', user: '2', kind: 'download' };
    const client = testQueryClient();
    client.setQueryData(merchantUserKeys.list(TEST_MERCHANT.merchant_id, 1), STAFF);
    client.setQueryData(auditEventKeys.list(TEST_MERCHANT.merchant_id, { ...QUERY, user_id: 2, kind: 'download' }), {
      items: [],
      total: 0,
      limit: 20,
      offset: 1,
    });
    await mount(<OperationHistoryPage />, client);
    expect(screen.getByText('この期間と条件に該当する操作はありません')).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'ユーザー' }) as HTMLSelectElement).value).toBe('2');
    expect((screen.getByRole('combobox', { name: '種類' }) as HTMLSelectElement).value).toBe('download');
  });

  it('shows the refusal when the list cannot be read', async () => {
    const client = testQueryClient();
    client.setQueryData(merchantUserKeys.list(TEST_MERCHANT.merchant_id, 1), STAFF);
    await seedError(client, auditEventKeys.list(TEST_MERCHANT.merchant_id, QUERY), new Error('boom'));
    await mount(<OperationHistoryPage />, client);
    expect(screen.getByRole('alert')).toBeTruthy();
  });
});
