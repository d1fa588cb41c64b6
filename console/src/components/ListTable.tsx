import { Box, Group, Loader, Pagination, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { type KeyboardEvent, type ReactNode, useDeferredValue, useState } from 'react';
import { formatCoin } from '@/format';
import { useTranslation } from '@/i18n';
import classes from './ListTable.module.css';
import { QueryErrorAlert } from './QueryErrorAlert';
import { TableScroll } from './TableScroll';
import { keepValuesWhole } from './Value';

const SKELETON_ROWS = ['a', 'b', 'c', 'd', 'e', 'f'] as const;

/** The table's narrowest width; below it (see the container query in ListTable.module.css) rows show as cards. */
export const TABLE_MIN_WIDTH = 720;

/**
 * Where a column's cell goes when the list is narrower than its table (a phone) and each row shows as a
 * card of label / value lines: 'primary' cells (the money, the status, the actions) head the card in
 * bold; the others follow in their order. Nothing is left out.
 */
export type MobilePlace = 'primary';

/**
 * Where a column's cell goes in a compact row, the phone layout of a list whose columns give these
 * places (instead of MobilePlace's card): 'primary' on the first line (a right-aligned one, the amount,
 * at its end in bold), 'secondary' on the second, small, one after the other and cut with … rather than
 * taking a third line; 'hidden' not shown on a phone (for screen readers it stays in the table), so only
 * for a column the row's detail shows (onOpenRow) and never for controls. A column without a place follows
 * as a label / value line, as on a card.
 */
export type PhonePlace = 'primary' | 'secondary' | 'hidden';

export interface Column<T> {
  key: string;
  header: string;
  align?: 'left' | 'right';
  /** The card layout's place (lists without phone places). */
  mobile?: MobilePlace;
  /** The compact layout's place: a list where any column has one shows compact rows on a phone. */
  phone?: PhonePlace;
  render: (row: T) => ReactNode;
}

export interface PagedAnswer<T> {
  items: T[];
  total: number;
}

export interface ListTableProps<T> {
  /** The table's accessible name. */
  label: string;
  columns: readonly Column<T>[];
  query: Pick<UseQueryResult<PagedAnswer<T>>, 'data' | 'error' | 'isPending' | 'isError' | 'isFetching' | 'refetch'>;
  rowKey: (row: T) => string | number;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  emptyText: string;
  /** Makes rows open something (a drawer): a click anywhere on the row, or Enter / Space on it. */
  onOpenRow?: (row: T) => void;
  /** The accessible name of a row's open action. */
  openRowLabel?: (row: T) => string;
}

/** The table of a list, without paging or loading states (see ListTable, which has them). */
export interface RowsTableProps<T> {
  /** The table's accessible name. */
  label: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** Shown across the table when there are no rows. */
  emptyText?: string;
  /** Makes rows open something (a drawer): a click anywhere on the row, or Enter / Space on it. */
  onOpenRow?: (row: T) => void;
  /** The accessible name of a row's open action. */
  openRowLabel?: (row: T) => string;
  /** A closing row in the table's foot (a total), in bold; its first cell heads the row. */
  footer?: T;
}

/**
 * Whether the screen is narrower than the table: its box is then narrower still, and the list shows as cards
 * (ListTable.module.css), which never scroll sideways. Both units of the container query's width are asked,
 * so a changed default font size never makes a table that scrolls look as if it fitted.
 */
const showsCards = (): boolean =>
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia(`(max-width: ${TABLE_MIN_WIDTH - 0.02}px) and (max-width: 44.99em)`).matches;

/**
 * A card's height on a phone before it is first laid out (ListTable.module.css lays out only the cards near
 * the screen): a line per cell and the card's padding, as the lists measure (6 columns 181 px, 10 about 290).
 */
const cardHeightEstimate = (columns: number) => 28 + 26 * columns;

/**
 * A table of rows by columns. Where its box is narrower than the table (TABLE_MIN_WIDTH: a phone, a
 * narrow window), a container query in ListTable.module.css shows each row as a card instead: every cell
 * on a line of its own, its column's header before its value, the primary columns first; or, where the
 * columns give phone places (PhonePlace), as a compact row of two lines. It stays one table in the markup
 * (explicit roles keep its semantics whatever the display), so there is no second copy of the rows and no
 * layout flash; the header texts in the cells show only in the cards, and the table's own header row is
 * then hidden from view (not from screen readers). A wider table that does not fit its box scrolls
 * sideways with a cue (TableScroll). Values in text cells never break across lines (keepValuesWhole).
 */
export function RowsTable<T>({
  label,
  columns,
  rows,
  rowKey,
  emptyText,
  onOpenRow,
  openRowLabel,
  footer,
}: RowsTableProps<T>) {
  const onRowKey = (event: KeyboardEvent, row: T) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onOpenRow?.(row);
    }
  };
  const compact = columns.some((column) => column.phone !== undefined);
  // Asked once, as the list mounts (all `fits` is for): later the scroll box's own observer measures it.
  const [fits] = useState(showsCards);
  const cellContent = (column: Column<T>, row: T) => (
    <>
      <div className={classes.cellLabel}>{column.header}</div>
      <div className={classes.cellValue}>{keepValuesWhole(column.render(row))}</div>
    </>
  );
  // A row's cell; the total row's first cell heads its row.
  const bodyCell = (column: Column<T>, row: T, rowHeader: boolean) => {
    const Cell = rowHeader ? Table.Th : Table.Td;
    return (
      <Cell
        key={column.key}
        ta={column.align ?? 'left'}
        className={classes.cell}
        role={rowHeader ? 'rowheader' : 'cell'}
        scope={rowHeader ? 'row' : undefined}
        data-mobile={compact ? undefined : column.mobile}
        data-phone={compact ? column.phone : undefined}
        data-align={column.align}
      >
        {cellContent(column, row)}
      </Cell>
    );
  };

  return (
    <Box className={classes.container} style={{ '--list-card-height': `${cardHeightEstimate(columns.length)}px` }}>
      <TableScroll minWidth={TABLE_MIN_WIDTH} label={label} innerClassName={classes.scrollInner} fits={fits}>
        <Table
          striped
          highlightOnHover={Boolean(onOpenRow)}
          aria-label={label}
          verticalSpacing="xs"
          className={compact ? `${classes.table} ${classes.compact}` : classes.table}
          role="table"
        >
          <Table.Thead className={classes.head} role="rowgroup">
            <Table.Tr role="row">
              {columns.map((column) => (
                <Table.Th
                  key={column.key}
                  ta={column.align ?? 'left'}
                  style={{ whiteSpace: 'nowrap' }}
                  role="columnheader"
                  scope="col"
                >
                  {column.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody className={classes.body} role="rowgroup">
            {rows.length === 0 ? (
              <Table.Tr role="row" className={classes.emptyRow}>
                <Table.Td colSpan={columns.length} role="cell">
                  <Text c="dimmed" size="sm" ta="center" py="lg">
                    {emptyText}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              rows.map((row) => (
                <Table.Tr
                  key={rowKey(row)}
                  role="row"
                  className={onOpenRow ? `${classes.row} ${classes.clickable}` : classes.row}
                  tabIndex={onOpenRow ? 0 : undefined}
                  aria-label={onOpenRow && openRowLabel ? openRowLabel(row) : undefined}
                  onClick={onOpenRow ? () => onOpenRow(row) : undefined}
                  onKeyDown={onOpenRow ? (event) => onRowKey(event, row) : undefined}
                >
                  {columns.map((column) => bodyCell(column, row, false))}
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
          {footer !== undefined && (
            <Table.Tfoot className={classes.body} role="rowgroup">
              <Table.Tr role="row" className={`${classes.row} ${classes.footRow}`} fw={700}>
                {columns.map((column, index) => bodyCell(column, footer, index === 0))}
              </Table.Tr>
            </Table.Tfoot>
          )}
        </Table>
      </TableScroll>
    </Box>
  );
}

/** One list: its table (RowsTable, cards on a phone), its paging, and its loading, empty and error-with-retry states. */
export function ListTable<T>(props: ListTableProps<T>) {
  const { t } = useTranslation();
  const { query, pageSize } = props;
  // The rows render from a deferred copy of the answer: React renders them in an interruptible pass of
  // short tasks after the answer arrives, instead of one long task that blocks input (Lighthouse TBT);
  // until that pass is done the previous rows (or the skeleton) stay.
  const data = useDeferredValue(query.data);
  const page = useDeferredValue(props.page);

  if (query.isPending || (data === undefined && query.data !== undefined)) {
    return (
      <Stack gap="xs" aria-busy role="status" aria-label={t('common.loading')}>
        {SKELETON_ROWS.map((key) => (
          <Skeleton key={key} height={28} />
        ))}
      </Stack>
    );
  }
  if (query.isError && !query.data) {
    return <QueryErrorAlert query={query} />;
  }
  const answer = data ?? { items: [], total: 0 };
  // The rows shown are not yet the query's current answer (another merchant's or filter's cached answer
  // is being rendered): dimmed, and they open nothing.
  const stale = data !== query.data;
  const pages = Math.max(1, Math.ceil(answer.total / pageSize));
  const first = answer.total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(answer.total, (page - 1) * pageSize + answer.items.length);

  return (
    <Stack gap="sm">
      <Box
        aria-busy={query.isFetching || stale}
        style={{ opacity: query.isFetching || stale ? 0.6 : 1, transition: 'opacity 120ms' }}
      >
        <RowsTable
          label={props.label}
          columns={props.columns}
          rows={answer.items}
          rowKey={props.rowKey}
          emptyText={props.emptyText}
          onOpenRow={stale ? undefined : props.onOpenRow}
          openRowLabel={props.openRowLabel}
        />
      </Box>
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs">
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('list.range', { total: formatCoin(answer.total), first: formatCoin(first), last: formatCoin(last) })}
          </Text>
          {query.isFetching && <Loader size="xs" aria-label={t('common.loading')} />}
        </Group>
        {pages > 1 && (
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={props.onPageChange}
            size="sm"
            siblings={1}
            getItemProps={(item) => ({ 'aria-label': t('list.pageN', { page: item }) })}
            getControlProps={(control) => ({ 'aria-label': t(`list.${control}`) })}
          />
        )}
      </Group>
    </Stack>
  );
}
