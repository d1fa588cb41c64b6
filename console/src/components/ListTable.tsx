import { Box, Group, Loader, Pagination, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { type KeyboardEvent, type ReactNode, type RefCallback, useCallback, useDeferredValue, useState } from 'react';
import { formatCoin } from '@/format';
import { useTranslation } from '@/i18n';
import classes from './ListTable.module.css';
import { QueryErrorAlert } from './QueryErrorAlert';

/** A wide table's scroll box takes keyboard focus, so its hidden columns can be reached with the arrow keys. */
export const SCROLL_BY_KEYBOARD = { viewportProps: { tabIndex: 0 } } as const;

const SKELETON_ROWS = ['a', 'b', 'c', 'd', 'e', 'f'] as const;

/** The table's narrowest width; below it (see the container query in ListTable.module.css) rows show as cards. */
export const TABLE_MIN_WIDTH = 720;

/**
 * Where a column's cell goes when the list is narrower than its table (a phone) and each row shows as a
 * card of label / value lines: 'primary' cells (the money, the status, the actions) head the card in
 * bold; the others follow in their order. Nothing is left out.
 */
export type MobilePlace = 'primary';

export interface Column<T> {
  key: string;
  header: string;
  align?: 'left' | 'right';
  mobile?: MobilePlace;
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
 * Whether a scroll box is narrower than its content. Only a box that scrolls sideways is a Tab stop: on a
 * phone the rows are cards that fit, and a focusable box there is a stop whose ring (round a box taller
 * than the screen) cannot be seen. Until measured (or without ResizeObserver) the box counts as scrolling.
 */
function useScrollsSideways(): [RefCallback<HTMLDivElement>, boolean] {
  const [scrolls, setScrolls] = useState(true);
  const ref = useCallback((box: HTMLDivElement | null) => {
    if (!box || typeof ResizeObserver === 'undefined') return;
    const measure = () => setScrolls(box.scrollWidth > box.clientWidth);
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    // The content too: rows arriving can widen the table without resizing the box.
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, []);
  return [ref, scrolls];
}

/**
 * A table of rows by columns. Where its box is narrower than the table (TABLE_MIN_WIDTH: a phone, a
 * narrow window), a container query in ListTable.module.css shows each row as a card instead: every cell
 * on a line of its own, its column's header before its value, the primary columns first. It stays one
 * table in the markup (explicit roles keep its semantics whatever the display), so there is no second
 * copy of the rows and no layout flash; the header texts in the cells show only in the cards, and the
 * table's own header row is then hidden from view (not from screen readers).
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
  const [scrollBox, scrollsSideways] = useScrollsSideways();
  const cellContent = (column: Column<T>, row: T) => (
    <>
      <div className={classes.cellLabel}>{column.header}</div>
      <div className={classes.cellValue}>{column.render(row)}</div>
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
        data-mobile={column.mobile}
      >
        {cellContent(column, row)}
      </Cell>
    );
  };

  return (
    <Box className={classes.container}>
      <Table.ScrollContainer
        minWidth={TABLE_MIN_WIDTH}
        scrollAreaProps={{ viewportRef: scrollBox, viewportProps: scrollsSideways ? { tabIndex: 0 } : {} }}
        classNames={{ scrollContainerInner: classes.scrollInner }}
      >
        <Table
          striped
          highlightOnHover={Boolean(onOpenRow)}
          aria-label={label}
          verticalSpacing="xs"
          className={classes.table}
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
      </Table.ScrollContainer>
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
