import { readFileSync } from 'node:fs';
import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n, loadPageStrings } from '@/i18n';
import { type Column, ListTable, type ListTableProps, RowsTable, TABLE_MIN_WIDTH } from './ListTable';
import classes from './ListTable.module.css';

interface Sale {
  id: number;
  at: string;
  amount: string;
  status: string;
}

const COLUMNS: Column<Sale>[] = [
  { key: 'at', header: '日時', render: (row) => row.at },
  { key: 'amount', header: '金額', align: 'right', mobile: 'primary', render: (row) => row.amount },
  { key: 'status', header: '状態', mobile: 'primary', render: (row) => <b>{row.status}</b> },
];

const ROWS: Sale[] = [
  { id: 1, at: '2026/11/24 10:00', amount: '+1,200', status: '完了' },
  { id: 2, at: '2026/11/24 11:00', amount: '−300', status: '取消' },
];

function render(overrides: Partial<ListTableProps<Sale>> = {}): string {
  const props: ListTableProps<Sale> = {
    label: '売上',
    columns: COLUMNS,
    query: {
      data: { items: ROWS, total: ROWS.length },
      error: null,
      isPending: false,
      isError: false,
      isFetching: false,
      refetch: () => Promise.reject(new Error('not in this test')),
    },
    rowKey: (row) => row.id,
    page: 1,
    pageSize: 20,
    onPageChange: () => {},
    emptyText: 'ありません',
    ...overrides,
  };
  return renderToStaticMarkup(
    <MantineProvider>
      <ListTable {...props} />
    </MantineProvider>,
  );
}

/** The opening tags of the elements that carry this CSS-module class. */
function tagsWithClass(html: string, className: string | undefined): string[] {
  if (!className) throw new Error('no such class in ListTable.module.css');
  return [...html.matchAll(/<[a-z]+\b[^>]*>/g)]
    .map(([tag]) => tag)
    .filter((tag) => (/class="([^"]*)"/.exec(tag)?.[1] ?? '').split(' ').includes(className));
}

/** The markup with each value kept whole (components/Value) given as its bare text. */
const unwrapValues = (html: string) => html.replace(/<span data-value=""[^>]*>([^<]*)<\/span>/g, '$1');

/** Each body cell: its data-mobile and data-phone places, the label it shows in a card, and its value's markup. */
function cellsOf(html: string) {
  const body = unwrapValues(html.slice(html.indexOf('<tbody')));
  return [
    ...body.matchAll(/<td([^>]*)><div class="([^"]*)">([^<]*)<\/div><div class="([^"]*)">([\s\S]*?)<\/div><\/td>/g),
  ].map(([, attributes = '', labelClass, label, valueClass, value]) => ({
    place: /data-mobile="([^"]*)"/.exec(attributes)?.[1] ?? null,
    phone: /data-phone="([^"]*)"/.exec(attributes)?.[1] ?? null,
    role: /role="([^"]*)"/.exec(attributes)?.[1] ?? null,
    labelClass,
    label,
    valueClass,
    value,
  }));
}

beforeAll(async () => {
  initI18n();
  await loadPageStrings();
});

describe('ListTable', () => {
  it('stays one table for screen readers: named, with explicit roles and a header row of column headers', () => {
    const html = render();
    expect(html).toMatch(/<table[^>]*aria-label="売上"/);
    expect(html).toMatch(/<table[^>]*role="table"/);
    expect(html).toMatch(/<thead[^>]*role="rowgroup"/);
    expect(html).toMatch(/<tbody[^>]*role="rowgroup"/);
    const headers = [...html.matchAll(/<th[^>]*role="columnheader"[^>]*scope="col"[^>]*>([^<]*)<\/th>/g)].map(
      ([, text]) => text,
    );
    expect(headers).toEqual(['日時', '金額', '状態']);
    // Rendered once: no second copy of the rows for the card layout.
    expect(html.match(/\+1,200/g)).toHaveLength(1);
    expect(html.match(/<tr[^>]*role="row"/g)).toHaveLength(1 + ROWS.length);
  });

  it('puts each column header before its value in every cell, for the card layout', () => {
    const cells = cellsOf(render());
    expect(cells).toHaveLength(COLUMNS.length * ROWS.length);
    expect(cells.map((cell) => `${cell.label}=${cell.value}`)).toEqual([
      '日時=2026/11/24 10:00',
      '金額=+1,200',
      '状態=<b>完了</b>',
      '日時=2026/11/24 11:00',
      '金額=−300',
      '状態=<b>取消</b>',
    ]);
    for (const cell of cells) {
      expect(cell.role).toBe('cell');
      expect(cell.labelClass).toBe(classes.cellLabel);
      expect(cell.valueClass).toBe(classes.cellValue);
    }
  });

  it('marks the primary columns (money, status, actions) so the card puts them first', () => {
    const cells = cellsOf(render());
    expect(cells.slice(0, 3).map((cell) => cell.place)).toEqual([null, 'primary', 'primary']);
  });

  it('gives the card layout its container, rows and hidden-from-view header', () => {
    const html = render();
    expect(tagsWithClass(html, classes.container)).toHaveLength(1);
    expect(tagsWithClass(html, classes.head)[0]).toMatch(/^<thead/);
    expect(tagsWithClass(html, classes.row).every((tag) => tag.startsWith('<tr'))).toBe(true);
    expect(tagsWithClass(html, classes.row)).toHaveLength(ROWS.length);
  });

  it('keeps a clickable row a named, focusable row', () => {
    const html = render({ onOpenRow: () => {}, openRowLabel: (row) => `取引 ${row.id} の詳細` });
    const rows = tagsWithClass(html, classes.clickable);
    expect(rows).toHaveLength(ROWS.length);
    expect(rows[0]).toMatch(/tabindex="0"/);
    expect(rows[0]).toMatch(/aria-label="取引 1 の詳細"/);
  });

  it('shows the empty text across the table, without labels', () => {
    const html = render({
      query: {
        data: { items: [], total: 0 },
        error: null,
        isPending: false,
        isError: false,
        isFetching: false,
        refetch: () => Promise.reject(new Error('not in this test')),
      },
    });
    expect(html).toMatch(/<td[^>]*colSpan="3"|<td[^>]*colspan="3"/);
    expect(html).toContain('ありません');
    expect(cellsOf(html)).toEqual([]);
  });
});

describe('RowsTable', () => {
  it('closes the table with a footer row: in the foot, bold, headed by its first cell, labelled like the rest', () => {
    const html = renderToStaticMarkup(
      <MantineProvider>
        <RowsTable
          label="合計つき"
          columns={COLUMNS}
          rows={ROWS}
          rowKey={(row) => row.id}
          footer={{ id: 0, at: '合計', amount: '+900', status: '' }}
        />
      </MantineProvider>,
    );
    const foot = unwrapValues(html.slice(html.indexOf('<tfoot'), html.indexOf('</tfoot>')));
    expect(foot).toMatch(/^<tfoot[^>]*role="rowgroup"/);
    expect(tagsWithClass(foot, classes.footRow)).toHaveLength(1);
    expect(foot).toMatch(
      /<th[^>]*role="rowheader"[^>]*scope="row"[^>]*><div class="[^"]*">日時<\/div><div class="[^"]*">合計<\/div><\/th>/,
    );
    expect(foot).toMatch(
      /<td[^>]*data-mobile="primary"[^>]*><div class="[^"]*">金額<\/div><div class="[^"]*">\+900<\/div><\/td>/,
    );
    expect(tagsWithClass(html.slice(0, html.indexOf('<tfoot')), classes.row)).toHaveLength(ROWS.length);
  });

  it('has no foot without a footer row', () => {
    const html = renderToStaticMarkup(
      <MantineProvider>
        <RowsTable label="売上" columns={COLUMNS} rows={ROWS} rowKey={(row) => row.id} />
      </MantineProvider>,
    );
    expect(html).not.toContain('<tfoot');
  });
});

interface Payment {
  id: number;
  at: string;
  type: string;
  coin: string;
  amount: string;
  counterparty: string;
  comment: string;
}

// The transaction history's places: time and amount, then type and counterparty; the rest in the drawer.
const PHONE_COLUMNS: Column<Payment>[] = [
  { key: 'at', header: '日時', phone: 'primary', render: (row) => row.at },
  { key: 'type', header: '種別', phone: 'secondary', render: (row) => row.type },
  { key: 'coin', header: 'コイン', phone: 'hidden', render: (row) => row.coin },
  { key: 'amount', header: '金額', align: 'right', phone: 'primary', mobile: 'primary', render: (row) => row.amount },
  { key: 'counterparty', header: '相手先', phone: 'secondary', render: (row) => row.counterparty },
  { key: 'comment', header: 'コメント', phone: 'hidden', render: (row) => row.comment },
];

const PAYMENTS: Payment[] = [
  {
    id: 1,
    at: '2026/11/24 10:00',
    type: '売上',
    coin: 'めぶくコイン',
    amount: '+1,200',
    counterparty: '2000000001',
    comment: '',
  },
];

describe('compact rows on a phone (columns with phone places)', () => {
  const renderPhone = (columns: Column<Payment>[] = PHONE_COLUMNS) =>
    renderToStaticMarkup(
      <MantineProvider>
        <RowsTable
          label="取引履歴"
          columns={columns}
          rows={PAYMENTS}
          rowKey={(row) => row.id}
          onOpenRow={() => {}}
          openRowLabel={(row) => `取引 ${row.id} の詳細`}
        />
      </MantineProvider>,
    );

  it('places each cell: time and amount first, type and counterparty second, the rest hidden', () => {
    const cells = cellsOf(renderPhone());
    expect(cells.map((cell) => `${cell.label}:${cell.phone}`)).toEqual([
      '日時:primary',
      '種別:secondary',
      'コイン:hidden',
      '金額:primary',
      '相手先:secondary',
      'コメント:hidden',
    ]);
    // The card's places give way: no card layout on a compact table.
    expect(cells.every((cell) => cell.place === null)).toBe(true);
    const amount = /<td[^>]*data-phone="primary"[^>]*data-align="right"[^>]*>/.exec(renderPhone());
    expect(amount?.[0]).toBeDefined();
  });

  it('marks the table compact, and keeps each row a named, focusable row with every cell for screen readers', () => {
    const html = renderPhone();
    expect(tagsWithClass(html, classes.compact)).toHaveLength(1);
    expect(tagsWithClass(html, classes.compact)[0]).toMatch(/^<table/);
    const rows = tagsWithClass(html, classes.clickable);
    expect(rows).toHaveLength(PAYMENTS.length);
    expect(rows[0]).toMatch(/tabindex="0"/);
    expect(rows[0]).toMatch(/aria-label="取引 1 の詳細"/);
    expect(cellsOf(html)).toHaveLength(PHONE_COLUMNS.length);
  });

  it('keeps a list without phone places on cards', () => {
    const html = render();
    expect(tagsWithClass(html, classes.compact)).toEqual([]);
    expect(html).not.toContain('data-phone');
  });

  it('leaves a column without a place as a label / value line under the two lines', () => {
    const extra: Column<Payment> = { key: 'canceled', header: '取消対象の取引ID', render: () => '4812' };
    const cells = cellsOf(renderPhone([...PHONE_COLUMNS, extra]));
    expect(cells.at(-1)).toMatchObject({ label: '取消対象の取引ID', phone: null, value: '4812' });
  });

  it('keeps the values of text cells whole', () => {
    const html = renderPhone();
    const values = [...html.matchAll(/<span data-value=""[^>]*style="white-space:nowrap"[^>]*>([^<]*)<\/span>/g)].map(
      ([, value]) => value,
    );
    expect(values).toEqual(['2026/11/24 10:00', '+1,200', '2000000001']);
  });

  it('lays the row out as two lines in the stylesheet, so eight rows fit a 390 × 844 screen', () => {
    const css = readFileSync(new URL('./ListTable.module.css', import.meta.url), 'utf8');
    const phone = css.slice(css.indexOf('@container list-table'));
    const rule = (selector: string) => {
      const start = phone.indexOf(`${selector} {`);
      expect(start, selector).toBeGreaterThan(-1);
      return phone.slice(start, phone.indexOf('}', start));
    };
    expect(rule('.container .compact .body .row')).toMatch(/flex-direction: row;\s*flex-wrap: wrap;/);
    expect(rule('.container .compact .body .row')).toMatch(/padding: 6px /);
    expect(rule('.container .compact .body .row::after')).toMatch(/flex-basis: 100%;\s*order: 2;/);
    expect(rule('.container .compact .body .cell[data-phone="primary"]')).toMatch(/order: 1;/);
    expect(rule('.container .compact .body .cell[data-phone="primary"][data-align="right"]')).toMatch(
      /margin-inline-start: auto;\s*font-weight: 700;/,
    );
    const secondary = rule('.container .compact .body .cell[data-phone="secondary"]');
    expect(secondary).toMatch(/order: 3;/);
    expect(secondary).toMatch(/text-overflow: ellipsis;/);
    expect(secondary).toMatch(/font-size: var\(--mantine-font-size-xs\);/);
    expect(rule('.container .compact .body .cell[data-phone]')).toMatch(/white-space: nowrap;/);
    expect(rule('.container .compact .body .cell[data-phone="hidden"]')).toMatch(/clip-path: inset\(50%\);/);
    // 6 + 22 (14 px text) + 2 + 19 (12 px text) + 6 px and the border: under 60 px, 66 px with the gap below.
    expect(rule('.container .compact .body .row + .row')).toMatch(/margin-top: 6px;/);
  });
});

describe('ListTable.module.css', () => {
  const css = readFileSync(new URL('./ListTable.module.css', import.meta.url), 'utf8');

  it('switches to cards exactly where the table would have to scroll', () => {
    const query = /@container list-table \(max-width: ([\d.]+)em\)/.exec(css);
    expect(query).not.toBeNull();
    const maxWidthPx = Number(query?.[1]) * 16;
    expect(maxWidthPx).toBeLessThan(TABLE_MIN_WIDTH);
    expect(maxWidthPx).toBeGreaterThan(TABLE_MIN_WIDTH - 1);
    expect(css).toMatch(/\.container \{\s*container: list-table \/ inline-size;/);
  });

  it('shows the labels only in cards, and never cuts a badge there', () => {
    expect(css).toMatch(/^\.cellLabel \{\s*display: none;/m);
    const cards = css.slice(css.indexOf('@container list-table'));
    expect(cards).toMatch(/\.container \.cellLabel \{\s*display: block;/);
    expect(cards).toMatch(/\.mantine-Badge-label\) \{[^}]*white-space: normal;/);
    expect(cards).toMatch(/\.cell\[data-mobile="primary"\] \{\s*order: -1;/);
    expect(cards).toMatch(/\.cell:has\(> \.cellValue:empty\) \{\s*display: none;/);
  });
});
