// @vitest-environment happy-dom
import type { CallResponse, SummarizedFee } from '@coin/contract';
import { cleanup, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { monthsBefore } from '@/api/feeInvoiceState';
import { mount } from '@/components/formTesting';
import { testQueryClient } from '@/components/pageTesting';
import { formatMonth, tokyoMonth } from '@/format';
import { AccountHoldNotice } from './AccountHoldNotice';
import { FeeSummary } from './FeeDetailModal';
import { FEE_MONTHS_SHOWN, FeesView } from './FeesCard';
import { RefundsView } from './RefundsCard';
import { SetupChecklist } from './SetupChecklist';
import { TodayView } from './TodayCard';

// The app's client needs a browser: the views are given their queries, nothing calls the server.
vi.mock('@/api/instance', () => ({ api: { call: vi.fn(), open: vi.fn() } }));
// No router here: a router link stands as the anchor it renders, to its target.
vi.mock('@tanstack/react-router', () => ({
  Link: ({ to, ...props }: { to: string } & Record<string, unknown>) => <a {...props} href={to} />,
}));

const settled = <T,>(data: T) => ({
  data,
  error: null,
  isPending: false as const,
  isError: false as const,
  isFetching: false,
  refetch: () => Promise.reject(new Error('not in this test')),
});

/** Shows the card (only it: what an earlier call showed is unmounted). */
async function show(element: ReactElement) {
  cleanup();
  return mount(element, testQueryClient());
}
/** Whether the page shows `text` (in an element's own text, whole or in part). */
const shows = (text: string) => screen.queryAllByText(text, { exact: false }).length > 0;
/** The link's target. */
const hrefOf = (name: string) => screen.getByRole('link', { name }).getAttribute('href');
/** The texts of a region's paragraphs, in order. */
const paragraphs = (region: HTMLElement) =>
  within(region)
    .getAllByRole('paragraph')
    .map((p) => p.textContent);

describe('the requested-refunds card', () => {
  const refunds: CallResponse<'listRequestedRefunds'> = {
    items: [
      { id: 1, name: 'めぶくコイン', amount: 12_500 },
      { id: 3, name: 'プレミアム商品券', amount: 800 },
    ],
  };

  it('says its rows are per-coin totals, not applications, and links to the refund applications', async () => {
    await show(<RefundsView query={settled(refunds)} />);
    const card = screen.getByRole('region', { name: '返金申請中' });
    expect(shows('審査を待っている返金申請の金額を、コインごとに合計しています。')).toBe(true);
    const table = within(card).getByRole('table', { name: '返金申請中' });
    for (const name of ['コイン 申請中の合計', 'めぶくコイン 12,500', 'プレミアム商品券 800']) {
      expect(within(table).getByRole('row', { name })).toBeTruthy();
    }
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    // No application id column: a coin id would read as one.
    expect(card.textContent).not.toMatch(/\bID\b/);
    expect(hrefOf('返金申請の一覧を見る')).toBe('/refund');
  });

  it('links to the refund applications when nothing is requested too', async () => {
    await show(<RefundsView query={settled({ items: [] })} />);
    expect(shows('申請中の返金はありません')).toBe(true);
    expect(hrefOf('返金申請の一覧を見る')).toBe('/refund');
  });
});

/** The fees card's invoice cells with nothing issued yet. */
const NO_INVOICES = { merchantId: 7, invoices: [] };

describe('the monthly fees card and its detail', () => {
  const fee: SummarizedFee = { summarized_month: '202610', amount: 13_568, tax: 1356, status: 'SETTLED' };

  it('shows the last six months, one line each, with a button for the rest of the twelve', async () => {
    const months = Array.from({ length: 12 }, (_, i) => ({
      ...fee,
      summarized_month: `2026${String(12 - i).padStart(2, '0')}`,
      status: i === 0 ? 'UNSETTLED' : 'SETTLED',
    })) as SummarizedFee[];
    await show(<FeesView query={settled({ items: months })} onOpen={() => {}} invoice={NO_INVOICES} />);
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 6);
    // Read as its month and figures (then, for a month not closed yet, when its invoice comes).
    const rowReading = (start: string) => within(table).getByRole('row', { name: (name) => name.startsWith(start) });
    expect(rowReading('2026年12月 ￥13,568 ￥1,356 ￥14,924 未精算')).toBeTruthy();
    expect(rowReading('2026年7月 ￥13,568 ￥1,356 ￥14,924 精算済')).toBeTruthy();
    expect(shows('2026年6月')).toBe(false);
    expect(shows('過去12か月分を表示')).toBe(true);
  });

  it("gives each closed month its invoice, says when this month's comes, and marks a corrected month", async () => {
    const [last = '', before = ''] = monthsBefore(tokyoMonth(), 2);
    const months = [tokyoMonth(), last, before].map((month) => ({ ...fee, summarized_month: month }));
    const corrected = [
      { number: 'INV-1', summarized_month: before, superseded: true, corrects_number: null },
      { number: 'INV-2', summarized_month: before, superseded: false, corrects_number: 'INV-1' },
    ].map((invoice) => ({ ...invoice, issued_at: '2026-01-05T01:00:00.000Z', amount: 1, tax: 0, total: 1 }));
    await show(
      <FeesView
        query={settled({ items: months })}
        onOpen={() => {}}
        invoice={{ merchantId: 7, invoices: corrected }}
      />,
    );
    const [, current, closed, fixed] = within(screen.getByRole('table')).getAllByRole('row') as HTMLElement[];
    const invoiceButton = (row: HTMLElement | undefined, month: string) =>
      within(row as HTMLElement).queryByRole('button', { name: `${formatMonth(month)}の請求書（PDF）をダウンロード` });
    expect(within(current as HTMLElement).getByText('締め前')).toBeTruthy();
    expect(
      within(current as HTMLElement).getByText('請求書は月が締まった翌月1日から発行できます', { exact: false }),
    ).toBeTruthy();
    expect(invoiceButton(current, tokyoMonth())).toBeNull();
    expect(invoiceButton(closed, last)).not.toBeNull();
    expect(within(closed as HTMLElement).queryByText('訂正済み')).toBeNull();
    // The month's own cell says it was corrected.
    const [monthCell] = within(fixed as HTMLElement).getAllByRole('cell');
    expect(monthCell?.textContent).toBe(`${formatMonth(before)}訂正済み`);
    expect(within(monthCell as HTMLElement).getByText('訂正済み')).toBeTruthy();
    expect(invoiceButton(fixed, before)).not.toBeNull();
  });

  it('shows before tax, tax and with tax in the row and in the detail, the same figures', async () => {
    await show(<FeesView query={settled({ items: [fee] })} onOpen={() => {}} invoice={NO_INVOICES} />);
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers.slice(headers.indexOf('税抜'), headers.indexOf('税抜') + 3)).toEqual(['税抜', '消費税', '税込']);
    const cells = screen.getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells.slice(cells.indexOf('￥13,568'), cells.indexOf('￥13,568') + 3)).toEqual([
      '￥13,568',
      '￥1,356',
      '￥14,924',
    ]);
    await show(<FeeSummary summary={fee} />);
    const detail = screen.getByRole('table', { name: '月次手数料' });
    expect(within(detail).getAllByRole('row')).toEqual(
      ['税抜 ￥13,568', '消費税 ￥1,356', '税込 ￥14,924'].map((name) => within(detail).getByRole('row', { name })),
    );
  });
});

describe('a card while it loads', () => {
  const pending = {
    data: undefined,
    error: null,
    isPending: true as const,
    isError: false as const,
    isFetching: true,
    refetch: () => Promise.reject(new Error('not in this test')),
  };

  /** The table sketched under the skeleton (hidden from readers, so found with `hidden`) and its block. */
  const placeholder = () => {
    const table = screen.getByRole('table', { hidden: true });
    return { table, block: table.closest<HTMLElement>('[aria-hidden="true"]') };
  };

  it('sketches its content at its usual length, neither read out nor focusable nor found by text', async () => {
    // Twelve fee months under one skeleton block: the card is as high as when its answer arrives.
    await show(<FeesView query={pending} onOpen={() => {}} invoice={NO_INVOICES} />);
    const fees = placeholder();
    expect(screen.queryByRole('table')).toBeNull();
    expect(fees.block?.hasAttribute('inert')).toBe(true);
    expect(fees.block?.classList).toContain('mantine-Skeleton-root');
    expect((fees.block?.firstElementChild as HTMLElement | null)?.style.visibility).toBe('hidden');
    expect(within(fees.table).getAllByRole('row', { hidden: true })).toHaveLength(1 + FEE_MONTHS_SHOWN);
    await show(<RefundsView query={pending} />);
    const refunds = placeholder();
    expect(refunds.block?.hasAttribute('inert')).toBe(true);
    expect(within(refunds.table).getAllByRole('row', { hidden: true })).toHaveLength(1 + 1);
    // The link to the applications is there while it loads.
    expect(hrefOf('返金申請の一覧を見る')).toBe('/refund');
  });
});

describe('the day at a glance', () => {
  const span = { from: '2026-11-25T15:00:00.000Z', to: '2026-11-26T06:30:00.000Z' };
  const figure = (
    amount: number,
    count: number,
    coins: { coin_id: number; coin_name: string; amount: number }[] = [],
  ) => ({
    amount,
    count,
    average: count === 0 ? null : Math.round(amount / count),
    coins: coins.map((coin) => ({ ...coin, count: 1 })),
    span,
  });
  const summary: CallResponse<'getSalesSummary'> = {
    as_of: span.to,
    today: figure(11_200, 8, [{ coin_id: 1, coin_name: 'めぶくコイン', amount: 11_200 }]),
    same_day_last_week: figure(10_000, 10),
    month: figure(240_000, 150, [
      { coin_id: 1, coin_name: 'めぶくコイン', amount: 236_000 },
      { coin_id: 3, coin_name: 'まちコイン', amount: 4_000 },
    ]),
    same_days_last_month: figure(0, 0),
  };
  /** Whether `run` follows one another in the texts. */
  const inRun = (texts: (string | null)[], run: string[]) =>
    texts.some((_, start) => run.every((text, i) => texts[start + i] === text));

  it("shows today's sales, count and average ticket and this month's, each against before, in words", async () => {
    await show(<TodayView query={settled(summary)} />);
    const texts = paragraphs(screen.getByRole('region', { name: '本日の売上' }));
    expect(inRun(texts, ['本日の売上', '￥11,200', '先週の同じ曜日 ￥10,000', '12%増'])).toBe(true);
    expect(inRun(texts, ['件数', '8件', '先週の同じ曜日 10件', '20%減'])).toBe(true);
    expect(inRun(texts, ['客単価', '￥1,400', '先週の同じ曜日 ￥1,000', '40%増'])).toBe(true);
    // Nothing last month: no percentage to make up.
    expect(inRun(texts, ['今月の売上', '￥240,000', '先月の同じ期間 ￥0'])).toBe(true);
    expect(texts.filter((text) => text?.endsWith('%増') || text?.endsWith('%減'))).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'コイン別の内訳を見る' })).toBeTruthy();
  });

  it('shows the note while the figures load, outside the skeletons that hide the placeholder figures', async () => {
    const loading = { ...settled(undefined), isPending: true as const, isFetching: true };
    await show(<TodayView query={loading} />);
    const note = '全コインの合計です。比較は同じ時刻までの売上です。';
    // The placeholder's figures are under skeletons (hidden from assistive technology); the note is not.
    const placeholders = screen.getAllByText('￥88,888', { exact: false });
    expect(placeholders.every((figure) => figure.closest('[aria-hidden="true"]') !== null)).toBe(true);
    // Two sketches: the figures, and the per-coin breakdown's table.
    const sketched = [
      ...screen.getAllByRole('paragraph', { hidden: true }),
      ...screen.getAllByRole('table', { hidden: true }),
    ]
      .map((part) => part.closest('[aria-hidden="true"]'))
      .filter((block) => block !== null);
    expect(new Set(sketched).size).toBeGreaterThanOrEqual(2);
    expect(screen.getByText(note).closest('[aria-hidden="true"]')).toBeNull();
    expect(screen.queryByText('￥88,888', { exact: false, ignore: '[aria-hidden="true"] *' })).toBeNull();
  });

  it('keeps the per-coin breakdown a tap away, named for the button that opens it', async () => {
    await show(<TodayView query={settled(summary)} />);
    const button = screen.getByRole('button', { name: 'コイン別の内訳を見る', expanded: false });
    const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
    expect(panel?.hidden).toBe(true);
    const breakdown = within(panel as HTMLElement).getByRole('table', { hidden: true });
    expect(within(breakdown).getByRole('row', { name: 'まちコイン 0 4,000', hidden: true })).toBeTruthy();
  });
});

describe('the setup checklist of a new shop', () => {
  const progress = {
    steps: [
      { step: 'profile' as const, done: true },
      { step: 'images' as const, done: false },
      { step: 'bank_account' as const, done: false },
      { step: 'qr_poster' as const, done: false },
    ],
    complete: false,
    account_held_until: null,
  };
  /** The step of the list with this title. */
  const step = (title: string) => {
    const found = screen.getAllByRole('listitem').find((item) => within(item).queryAllByText(title).length > 0);
    if (!found) throw new Error(`no step ${title}`);
    return found;
  };

  it('ticks what is done and links each step left to its page, for an Owner', async () => {
    await show(<SetupChecklist query={{ data: progress }} userRole="Owner" />);
    const card = screen.getByRole('region', { name: 'お店の準備' });
    expect(within(card).getByText('1 / 4 完了')).toBeTruthy();
    expect(within(step('加盟店情報を入力する')).getByText('完了')).toBeTruthy();
    expect(within(step('振込先口座を登録する')).getByText('未完了')).toBeTruthy();
    expect(hrefOf('振込先口座を登録する')).toBe('/merchant/bankAccount');
    expect(hrefOf('QRコードのページを開く')).toBe('/qrcode');
    expect(
      screen.queryAllByRole('link', { name: '加盟店情報を入力する' }).map((link) => link.getAttribute('href')),
    ).not.toContain('/merchant');
  });

  it('tells a Member an Owner does the steps the Member cannot, with no path in the words', async () => {
    await show(<SetupChecklist query={{ data: progress }} userRole="Member" />);
    const hrefs = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(hrefs).not.toContain('/merchant/bankAccount');
    expect(hrefs).toContain('/qrcode');
    expect(shows('オーナーが設定します。')).toBe(true);
    expect(screen.getByRole('region', { name: 'お店の準備' }).textContent).not.toContain('/merchant');
  });

  it('shows nothing once every step is done', async () => {
    const complete = {
      steps: progress.steps.map((step) => ({ ...step, done: true })),
      complete: true,
      account_held_until: null,
    };
    await show(<SetupChecklist query={{ data: complete }} userRole="Owner" />);
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.queryAllByRole('listitem')).toEqual([]);
  });
});

describe('the hold after a bank account change on Top (issue 45)', () => {
  const progress = { steps: [], complete: true, account_held_until: '2026-12-02T08:42:00Z' };

  it('says until when payouts to the new account are held, and links to the payouts page', async () => {
    await show(<AccountHoldNotice query={{ data: progress }} />);
    const notice = screen.getByRole('status');
    expect(within(notice).getByText('振込先口座の変更により出金を保留しています')).toBeTruthy();
    expect(notice.textContent).toContain('2026/12/02 17:42まで');
    expect(within(notice).getByRole('link', { name: '出金情報を見る' }).getAttribute('href')).toBe('/withdrawalInfo');
  });

  it('says nothing while no hold lasts', async () => {
    await show(<AccountHoldNotice query={{ data: { ...progress, account_held_until: null } }} />);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
