import { Box, Group, Loader, Pagination, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { KeyboardEvent, ReactNode } from 'react';
import { formatCoin } from '@/format';
import { useTranslation } from '@/i18n';
import classes from './ListTable.module.css';
import { QueryErrorAlert } from './QueryErrorAlert';

/** A wide table's scroll box takes keyboard focus, so its hidden columns can be reached with the arrow keys. */
export const SCROLL_BY_KEYBOARD = { viewportProps: { tabIndex: 0 } } as const;

const SKELETON_ROWS = ['a', 'b', 'c', 'd', 'e', 'f'] as const;

export interface Column<T> {
  key: string;
  header: string;
  align?: 'left' | 'right';
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

/** One list: the table, its paging, and its loading, empty and error-with-retry states. */
export function ListTable<T>(props: ListTableProps<T>) {
  const { t } = useTranslation();
  const { query, columns, page, pageSize, onOpenRow, openRowLabel } = props;

  if (query.isPending) {
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
  const answer = query.data ?? { items: [], total: 0 };
  const pages = Math.max(1, Math.ceil(answer.total / pageSize));
  const first = answer.total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(answer.total, (page - 1) * pageSize + answer.items.length);

  const onRowKey = (event: KeyboardEvent, row: T) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onOpenRow?.(row);
    }
  };

  return (
    <Stack gap="sm">
      <Box aria-busy={query.isFetching} style={{ opacity: query.isFetching ? 0.6 : 1, transition: 'opacity 120ms' }}>
        <Table.ScrollContainer minWidth={720} scrollAreaProps={SCROLL_BY_KEYBOARD}>
          <Table striped highlightOnHover={Boolean(onOpenRow)} aria-label={props.label} verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th key={column.key} ta={column.align ?? 'left'} style={{ whiteSpace: 'nowrap' }}>
                    {column.header}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {answer.items.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={columns.length}>
                    <Text c="dimmed" size="sm" ta="center" py="lg">
                      {props.emptyText}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : (
                answer.items.map((row) => (
                  <Table.Tr
                    key={props.rowKey(row)}
                    className={onOpenRow ? classes.clickable : undefined}
                    tabIndex={onOpenRow ? 0 : undefined}
                    aria-label={onOpenRow && openRowLabel ? openRowLabel(row) : undefined}
                    onClick={onOpenRow ? () => onOpenRow(row) : undefined}
                    onKeyDown={onOpenRow ? (event) => onRowKey(event, row) : undefined}
                  >
                    {columns.map((column) => (
                      <Table.Td key={column.key} ta={column.align ?? 'left'} className={classes.cell}>
                        {column.render(row)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
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
