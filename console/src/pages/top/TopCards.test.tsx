import type { CallResponse, SummarizedFee } from '@coin/contract';
import { describe, expect, it, vi } from 'vitest';
import { monthsBefore } from '@/api/feeInvoiceState';
import { renderHtml, textOf } from '@/components/pageTesting';
import { formatMonth, tokyoMonth } from '@/format';
import { FeeSummary } from './FeeDetailModal';
import { FEE_MONTHS_SHOWN, FeesView } from './FeesCard';
import { RefundsView } from './RefundsCard';
import { SetupChecklist } from './SetupChecklist';
import { TodayView } from './TodayCard';

// The app's client needs a browser: the views are given their queries, nothing calls the server.
vi.mock('@/api/instance', () => ({ api: { call: vi.fn(), open: vi.fn() } }));
// No router in a static render: a router link stands as the anchor it renders, to its target.
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

describe('the requested-refunds card', () => {
  const refunds: CallResponse<'listRequestedRefunds'> = {
    items: [
      { id: 1, name: 'めぶくコイン', amount: 12_500 },
      { id: 3, name: 'プレミアム商品券', amount: 800 },
    ],
  };

  it('says its rows are per-coin totals, not applications, and links to the refund applications', () => {
    const html = renderHtml(<RefundsView query={settled(refunds)} />);
    const text = textOf(html);
    expect(text).toContain('審査を待っている返金申請の金額を、コインごとに合計しています。');
    expect(text).toContain('コイン 申請中の合計 めぶくコイン 12,500 プレミアム商品券 800');
    // No application id column: a coin id would read as one.
    expect(text).not.toMatch(/\bID\b/);
    expect(html).toMatch(/<a[^>]*href="\/refund"[^>]*>返金申請の一覧を見る<\/a>/);
  });

  it('links to the refund applications when nothing is requested too', () => {
    const html = renderHtml(<RefundsView query={settled({ items: [] })} />);
    expect(textOf(html)).toContain('申請中の返金はありません');
    expect(html).toContain('href="/refund"');
  });
});

/** The fees card's invoice cells with nothing issued yet. */
const NO_INVOICES = { merchantId: 7, invoices: [] };

describe('the monthly fees card and its detail', () => {
  const fee: SummarizedFee = { summarized_month: '202610', amount: 13_568, tax: 1356, status: 'SETTLED' };

  it('shows the last six months, one line each, with a button for the rest of the twelve', () => {
    const months = Array.from({ length: 12 }, (_, i) => ({
      ...fee,
      summarized_month: `2026${String(12 - i).padStart(2, '0')}`,
      status: i === 0 ? 'UNSETTLED' : 'SETTLED',
    })) as SummarizedFee[];
    const html = renderHtml(<FeesView query={settled({ items: months })} onOpen={() => {}} invoice={NO_INVOICES} />);
    expect(html.match(/<tr/g)).toHaveLength(1 + 6);
    const text = textOf(html);
    expect(text).toContain('2026年12月 ￥13,568 ￥1,356 ￥14,924 未精算');
    expect(text).toContain('2026年7月 ￥13,568 ￥1,356 ￥14,924 精算済');
    expect(text).not.toContain('2026年6月');
    expect(text).toContain('過去12か月分を表示');
  });

  it("gives each closed month its invoice, says when this month's comes, and marks a corrected month", () => {
    const [last = '', before = ''] = monthsBefore(tokyoMonth(), 2);
    const months = [tokyoMonth(), last, before].map((month) => ({ ...fee, summarized_month: month }));
    const corrected = [
      { number: 'INV-1', summarized_month: before, superseded: true, corrects_number: null },
      { number: 'INV-2', summarized_month: before, superseded: false, corrects_number: 'INV-1' },
    ].map((invoice) => ({ ...invoice, issued_at: '2026-01-05T01:00:00.000Z', amount: 1, tax: 0, total: 1 }));
    const html = renderHtml(
      <FeesView
        query={settled({ items: months })}
        onOpen={() => {}}
        invoice={{ merchantId: 7, invoices: corrected }}
      />,
    );
    const rows = html
      .split('<tr')
      .slice(2)
      .map((row) => `<tr${row}`);
    expect(textOf(rows[0] ?? '')).toContain('締め前 請求書は月が締まった翌月1日から発行できます');
    expect(rows[0]).not.toContain('<button aria-label="');
    expect(rows[1]).toContain(`aria-label="${formatMonth(last)}の請求書（PDF）をダウンロード"`);
    expect(textOf(rows[1] ?? '')).not.toContain('訂正済み');
    expect(textOf(rows[2] ?? '')).toMatch(new RegExp(`^${formatMonth(before)} 訂正済み `));
    expect(rows[2]).toContain(`aria-label="${formatMonth(before)}の請求書（PDF）をダウンロード"`);
  });

  it('shows before tax, tax and with tax in the row and in the detail, the same figures', () => {
    const row = textOf(
      renderHtml(<FeesView query={settled({ items: [fee] })} onOpen={() => {}} invoice={NO_INVOICES} />),
    );
    expect(row).toContain('税抜 消費税 税込');
    expect(row).toContain('￥13,568 ￥1,356 ￥14,924');
    const detail = textOf(renderHtml(<FeeSummary summary={fee} />));
    expect(detail).toBe('税抜 ￥13,568 消費税 ￥1,356 税込 ￥14,924');
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

  /** The placeholder block: its opening tag and what it holds, up to the end of its table. */
  const placeholder = (html: string) => {
    const match = /(<div[^>]*mantine-Skeleton-root[^>]*>)([\s\S]*?<\/table>)/.exec(html);
    return { tag: match?.[1] ?? '', content: match?.[2] ?? '' };
  };

  it('sketches its content at its usual length, neither read out nor focusable nor found by text', () => {
    // Twelve fee months under one skeleton block: the card is as high as when its answer arrives.
    const fees = placeholder(renderHtml(<FeesView query={pending} onOpen={() => {}} invoice={NO_INVOICES} />));
    expect(fees.tag).toContain('inert=""');
    expect(fees.tag).toContain('aria-hidden="true"');
    expect(fees.content).toMatch(/^<div style="visibility:hidden">/);
    expect(fees.content.match(/<tr/g)).toHaveLength(1 + FEE_MONTHS_SHOWN);
    const refundsHtml = renderHtml(<RefundsView query={pending} />);
    const refunds = placeholder(refundsHtml);
    expect(refunds.tag).toContain('inert=""');
    expect(refunds.content.match(/<tr/g)).toHaveLength(1 + 1);
    // The link to the applications is there while it loads.
    expect(refundsHtml).toContain('href="/refund"');
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

  it("shows today's sales, count and average ticket and this month's, each against before, in words", () => {
    const text = textOf(renderHtml(<TodayView query={settled(summary)} />));
    expect(text).toContain('本日の売上 ￥11,200 先週の同じ曜日 ￥10,000 12%増');
    expect(text).toContain('件数 8件 先週の同じ曜日 10件 20%減');
    expect(text).toContain('客単価 ￥1,400 先週の同じ曜日 ￥1,000 40%増');
    // Nothing last month: no percentage to make up.
    expect(text).toContain('今月の売上 ￥240,000 先月の同じ期間 ￥0 コイン別の内訳を見る');
  });

  it('shows the note while the figures load, outside the skeletons that hide the placeholder figures', () => {
    const loading = { ...settled(undefined), isPending: true as const, isFetching: true };
    const html = renderHtml(<TodayView query={loading} />);
    const note = '全コインの合計です。比較は同じ時刻までの売上です。';
    expect(html).toContain(note);
    // The placeholder's figures are under skeletons (hidden from assistive technology); the note is not.
    const hidden = [...html.matchAll(/<div[^>]*aria-hidden="true"[^>]*>/g)];
    expect(hidden.length).toBeGreaterThanOrEqual(2);
    const outside = html.replace(/<div[^>]*aria-hidden="true"[^>]*>[\s\S]*?<\/div><\/div>/g, '');
    expect(textOf(outside)).toContain(note);
    expect(textOf(outside)).not.toContain('￥88,888');
  });

  it('keeps the per-coin breakdown a tap away, named for the button that opens it', () => {
    const html = renderHtml(<TodayView query={settled(summary)} />);
    expect(html).toMatch(/<button[^>]*aria-expanded="false"[^>]*aria-controls="([^"]+)"/);
    const panel = /aria-controls="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(html).toMatch(new RegExp(`<div id="${panel}" hidden="">`));
    expect(textOf(html)).toContain('まちコイン 0 4,000');
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
  };

  it('ticks what is done and links each step left to its page, for an Owner', () => {
    const html = renderHtml(<SetupChecklist query={{ data: progress }} userRole="Owner" />);
    const text = textOf(html);
    expect(text).toContain('お店の準備 1 / 4 完了');
    expect(text).toContain('加盟店情報を入力する 完了');
    expect(text).toContain('振込先口座を登録する 未完了');
    expect(html).toMatch(/<a[^>]*href="\/merchant\/bankAccount"[^>]*>振込先口座を登録する<\/a>/);
    expect(html).toMatch(/<a[^>]*href="\/qrcode"[^>]*>QRコードのページを開く<\/a>/);
    expect(html).not.toMatch(/href="\/merchant"[^>]*>加盟店情報を入力する/);
  });

  it('tells a Member an Owner does the steps the Member cannot, with no path in the words', () => {
    const html = renderHtml(<SetupChecklist query={{ data: progress }} userRole="Member" />);
    expect(html).not.toContain('href="/merchant/bankAccount"');
    expect(textOf(html)).toContain('オーナーが設定します。');
    expect(html).toContain('href="/qrcode"');
    expect(textOf(html)).not.toContain('/merchant');
  });

  it('shows nothing once every step is done', () => {
    const complete = { steps: progress.steps.map((step) => ({ ...step, done: true })), complete: true };
    expect(textOf(renderHtml(<SetupChecklist query={{ data: complete }} userRole="Owner" />))).toBe('');
  });
});
