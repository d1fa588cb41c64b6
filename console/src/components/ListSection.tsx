import { DEFAULT_PAGE_SIZE } from '@coin/contract';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { ListTable, type ListTableProps } from './ListTable';

type ListSectionProps<T> = Omit<ListTableProps<T>, 'label' | 'pageSize'> & {
  /** The section's heading and the table's accessible name. */
  title: string;
  /** The list's filters (period, status…), in one row that wraps. */
  controls?: ReactNode;
  /** The list's download (a CsvButton), at the end of the controls' row. */
  csv?: ReactNode;
  /** A line between the controls and the table: the period's totals (see ListSummary). */
  summary?: ReactNode;
  /** Rows a page; the specification's default. */
  pageSize?: number;
};

/** A titled list on a page: its heading, filters and download, its totals, then the table with paging and states. */
export function ListSection<T>({
  title,
  controls,
  csv,
  summary,
  pageSize = DEFAULT_PAGE_SIZE,
  ...table
}: ListSectionProps<T>) {
  const headingId = useId();
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Title order={2} size="h4" id={headingId}>
          {title}
        </Title>
        {(controls || csv) && (
          <Group align="flex-end" gap="md" wrap="wrap">
            {controls}
            {csv && <Group ml="auto">{csv}</Group>}
          </Group>
        )}
        {summary}
        <ListTable label={title} pageSize={pageSize} {...table} />
      </Stack>
    </Paper>
  );
}

/** The totals line of a list (figures in tabular digits, announced when they change). */
export function ListSummary({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" fw={500} style={{ fontVariantNumeric: 'tabular-nums' }} aria-live="polite">
      {children}
    </Text>
  );
}
