import { Group, Paper, Stack, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { ListTable, type ListTableProps } from './ListTable';

type ListSectionProps<T> = Omit<ListTableProps<T>, 'label'> & {
  /** The section's heading and the table's accessible name. */
  title: string;
  /** The list's filters and controls (period, status, CSV), in one row that wraps. */
  controls?: ReactNode;
  /** A line between the controls and the table (the period's totals). */
  summary?: ReactNode;
};

/** A titled list on a page: its heading, filters and controls, then the table with paging and states. */
export function ListSection<T>({ title, controls, summary, ...table }: ListSectionProps<T>) {
  const headingId = useId();
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Title order={2} size="h4" id={headingId}>
          {title}
        </Title>
        {controls && (
          <Group align="flex-end" gap="md" wrap="wrap">
            {controls}
          </Group>
        )}
        {summary}
        <ListTable label={title} {...table} />
      </Stack>
    </Paper>
  );
}
