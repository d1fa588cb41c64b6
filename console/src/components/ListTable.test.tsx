// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n, loadPageStrings } from '@/i18n';
import { mount } from './formTesting';
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

const QUERY: ListTableProps<Sale>['query'] = {
  data: { items: ROWS, total: ROWS.length },
  error: null,
  isPending: false,
  isError: false,
  isFetching: false,
  refetch: () => Promise.reject(new Error('not in this test')),
};

/** Renders the list in the document; returns its table, found by its name. */
async function show(overrides: Partial<ListTableProps<Sale>> = {}) {
  const props: ListTableProps<Sale> = {
    label: '売上',
    columns: COLUMNS,
    query: QUERY,
    rowKey: (row) => row.id,
    page: 1,
    pageSize: 20,
    onPageChange: () => {},
    emptyText: 'ありません',
    ...overrides,
  };
  await mount(<ListTable {...props} />);
  return screen.getByRole('table', { name: props.label });
}

/**
 * Whether the element carries this CSS-module class. The card layout and the compact rows are a look the
 * stylesheet gives: their hooks (classes, data attributes) are read from the elements found by role.
 */
function hasClass(element: Element, className: string | undefined): boolean {
  if (!className) throw new Error('no such class in ListTable.module.css');
  return element.classList.contains(className);
}

/** The table's row groups: head, body and (when there is one) foot, in order. */
const groupsOf = (table: HTMLElement) => within(table).getAllByRole('rowgroup');
/** The body's rows (the rows of data). */
const bodyRows = (table: HTMLElement) => within(groupsOf(table)[1] as HTMLElement).queryAllByRole('row');

/** Each body cell: its data-mobile and data-phone places, the label it shows in a card, and its value. */
function cellsOf(table: HTMLElement) {
  return bodyRows(table)
    .flatMap((row) => within(row).queryAllByRole('cell'))
    .filter((cell) => cell.children.length === 2)
    .map((cell) => {
      const [label, value] = [...cell.children] as HTMLElement[];
      return {
        place: cell.getAttribute('data-mobile'),
        phone: cell.getAttribute('data-phone'),
        align: cell.getAttribute('data-align'),
        label: label?.textContent,
        labelElement: label as HTMLElement,
        value: value?.textContent,
        valueElement: value as HTMLElement,
      };
    });
}

/** The texts kept whole (components/Value), in order: a look, found by their mark and style. */
const wholeValues = (root: HTMLElement) =>
  [...root.querySelectorAll<HTMLElement>('span[data-value]')]
    .filter((value) => value.style.whiteSpace === 'nowrap')
    .map((value) => value.textContent);

/** A stylesheet of this folder, as text. */
const stylesheet = (name: string) => readFileSync(join(dirname(fileURLToPath(import.meta.url)), name), 'utf8');

beforeAll(async () => {
  initI18n();
  await loadPageStrings();
});

describe('ListTable', () => {
  it('stays one table for screen readers: named, with explicit roles and a header row of column headers', async () => {
    const table = await show();
    expect(table.getAttribute('role')).toBe('table');
    const [head, body] = groupsOf(table);
    expect(head?.tagName.toLowerCase()).toBe('thead');
    expect(body?.tagName.toLowerCase()).toBe('tbody');
    for (const group of [head, body]) expect(group?.getAttribute('role')).toBe('rowgroup');
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['日時', '金額', '状態']);
    for (const header of headers) expect(header.getAttribute('scope')).toBe('col');
    // Rendered once: no second copy of the rows for the card layout.
    expect(screen.getAllByText('+1,200')).toHaveLength(1);
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(1 + ROWS.length);
    for (const row of rows) expect(row.getAttribute('role')).toBe('row');
  });

  it('puts each column header before its value in every cell, for the card layout', async () => {
    const cells = cellsOf(await show());
    expect(cells).toHaveLength(COLUMNS.length * ROWS.length);
    expect(cells.map((cell) => `${cell.label}=${cell.value}`)).toEqual([
      '日時=2026/11/24 10:00',
      '金額=+1,200',
      '状態=完了',
      '日時=2026/11/24 11:00',
      '金額=−300',
      '状態=取消',
    ]);
    // A rendered value is put in as it was rendered.
    expect(
      within(cells[2]?.valueElement as HTMLElement)
        .getByText('完了')
        .tagName.toLowerCase(),
    ).toBe('b');
    for (const cell of cells) {
      expect(hasClass(cell.labelElement, classes.cellLabel)).toBe(true);
      expect(hasClass(cell.valueElement, classes.cellValue)).toBe(true);
    }
  });

  it('marks the primary columns (money, status, actions) so the card puts them first', async () => {
    const cells = cellsOf(await show());
    expect(cells.slice(0, 3).map((cell) => cell.place)).toEqual([null, 'primary', 'primary']);
  });

  it('gives the card layout its container, rows and hidden-from-view header', async () => {
    const table = await show();
    const container = table.closest(`.${classes.container}`);
    expect(container).not.toBeNull();
    expect(container?.parentElement?.closest(`.${classes.container}`)).toBeNull();
    expect(hasClass(groupsOf(table)[0] as HTMLElement, classes.head)).toBe(true);
    const rows = bodyRows(table);
    expect(rows.filter((row) => hasClass(row, classes.row))).toHaveLength(ROWS.length);
    expect(hasClass(within(table).getAllByRole('row')[0] as HTMLElement, classes.row)).toBe(false);
  });

  it('keeps a clickable row a named, focusable row', async () => {
    const table = await show({ onOpenRow: () => {}, openRowLabel: (row) => `取引 ${row.id} の詳細` });
    const row = within(table).getByRole('row', { name: '取引 1 の詳細' });
    expect(row.getAttribute('tabindex')).toBe('0');
    expect(bodyRows(table).filter((candidate) => hasClass(candidate, classes.clickable))).toHaveLength(ROWS.length);
  });

  it('shows the empty text across the table, without labels', async () => {
    const table = await show({ query: { ...QUERY, data: { items: [], total: 0 } } });
    const [only] = within(groupsOf(table)[1] as HTMLElement).getAllByRole('cell');
    expect(only?.getAttribute('colspan')).toBe('3');
    expect(only?.textContent).toContain('ありません');
    expect(cellsOf(table)).toEqual([]);
  });
});

describe('RowsTable', () => {
  it('closes the table with a footer row: in the foot, bold, headed by its first cell, labelled like the rest', async () => {
    await mount(
      <RowsTable
        label="合計つき"
        columns={COLUMNS}
        rows={ROWS}
        rowKey={(row) => row.id}
        footer={{ id: 0, at: '合計', amount: '+900', status: '' }}
      />,
    );
    const table = screen.getByRole('table', { name: '合計つき' });
    const groups = groupsOf(table);
    expect(groups).toHaveLength(3);
    const foot = groups[2] as HTMLElement;
    expect(foot.tagName.toLowerCase()).toBe('tfoot');
    const [footRow] = within(foot).getAllByRole('row');
    expect(hasClass(footRow as HTMLElement, classes.footRow)).toBe(true);
    const header = within(foot).getByRole('rowheader');
    expect(header.getAttribute('scope')).toBe('row');
    expect([...header.children].map((part) => part.textContent)).toEqual(['日時', '合計']);
    const amount = within(foot).getAllByRole('cell')[0] as HTMLElement;
    expect(amount.getAttribute('data-mobile')).toBe('primary');
    expect([...amount.children].map((part) => part.textContent)).toEqual(['金額', '+900']);
    expect(bodyRows(table).filter((row) => hasClass(row, classes.row))).toHaveLength(ROWS.length);
  });

  it('has no foot without a footer row', async () => {
    await mount(<RowsTable label="売上" columns={COLUMNS} rows={ROWS} rowKey={(row) => row.id} />);
    expect(groupsOf(screen.getByRole('table', { name: '売上' }))).toHaveLength(2);
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
  const showPhone = async (columns: Column<Payment>[] = PHONE_COLUMNS) => {
    await mount(
      <RowsTable
        label="取引履歴"
        columns={columns}
        rows={PAYMENTS}
        rowKey={(row) => row.id}
        onOpenRow={() => {}}
        openRowLabel={(row) => `取引 ${row.id} の詳細`}
      />,
    );
    return screen.getByRole('table', { name: '取引履歴' });
  };

  it('places each cell: time and amount first, type and counterparty second, the rest hidden', async () => {
    const cells = cellsOf(await showPhone());
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
    expect(cells.find((cell) => cell.label === '金額')).toMatchObject({ phone: 'primary', align: 'right' });
  });

  it('marks the table compact, and keeps each row a named, focusable row with every cell for screen readers', async () => {
    const table = await showPhone();
    expect(hasClass(table, classes.compact)).toBe(true);
    const row = within(table).getByRole('row', { name: '取引 1 の詳細' });
    expect(row.getAttribute('tabindex')).toBe('0');
    expect(bodyRows(table).filter((candidate) => hasClass(candidate, classes.clickable))).toHaveLength(PAYMENTS.length);
    expect(within(row).getAllByRole('cell')).toHaveLength(PHONE_COLUMNS.length);
  });

  it('keeps a list without phone places on cards', async () => {
    const table = await show();
    expect(hasClass(table, classes.compact)).toBe(false);
    expect(cellsOf(table).every((cell) => cell.phone === null)).toBe(true);
  });

  it('leaves a column without a place as a label / value line under the two lines', async () => {
    const extra: Column<Payment> = { key: 'canceled', header: '取消対象の取引ID', render: () => '4812' };
    const cells = cellsOf(await showPhone([...PHONE_COLUMNS, extra]));
    expect(cells.at(-1)).toMatchObject({ label: '取消対象の取引ID', phone: null, value: '4812' });
  });

  it('keeps the values of text cells whole', async () => {
    expect(wholeValues(await showPhone())).toEqual(['2026/11/24 10:00', '+1,200', '2000000001']);
  });

  it('lays the row out as two lines in the stylesheet, so eight rows fit a 390 × 844 screen', () => {
    const css = stylesheet('ListTable.module.css');
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
  const css = stylesheet('ListTable.module.css');

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
