import { Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useDeferredValue, useId, useState } from 'react';
import { QueryErrorAlert } from './QueryErrorAlert';

interface QueryCardProps<T> {
  title: string;
  query: Pick<UseQueryResult<T>, 'data' | 'error' | 'isPending' | 'isError' | 'refetch' | 'isFetching'>;
  isEmpty: (data: T) => boolean;
  emptyText: string;
  /** Controls of the card's query (a period filter, a download): shown in every state, never remounted. */
  toolbar?: ReactNode;
  /** The loading placeholder, when three text lines do not sketch the content (a table's rows). */
  skeleton?: ReactNode;
  children: (data: T) => ReactNode;
}

/** Three text lines: the loading sketch of a card that gives none of its own. */
const TEXT_LINES_SKETCH = (
  <Stack gap="xs" aria-hidden>
    <Skeleton height={14} />
    <Skeleton height={14} width="80%" />
    <Skeleton height={14} width="60%" />
  </Stack>
);

/** A dashboard card with the loading (skeleton), empty and error-with-retry states of one query. */
export function QueryCard<T>(props: QueryCardProps<T>) {
  // Rendered from a deferred copy of the answer, in an interruptible pass (see ListTable).
  const shown = useDeferredValue(props.query.data);
  return <QueryCardView {...props} shown={shown} />;
}

/**
 * The card drawn from `shown`, the answer already rendered (the query's own answer, or the previous one
 * while React renders a newer one). The first answer keeps the skeleton until it is rendered; a
 * previous answer stays, dimmed, while a newer one is. Only the content is dimmed: the title and the
 * toolbar's controls keep their contrast in every state.
 */
export function QueryCardView<T>({
  title,
  query,
  isEmpty,
  emptyText,
  toolbar,
  skeleton,
  children,
  shown: data,
}: QueryCardProps<T> & { shown: T | undefined }) {
  const headingId = useId();
  // The loading sketch as first given, the same element on every render: when the first answer comes, the
  // card renders at once (the query is an external store, so that render is synchronous) and React skips
  // an unchanged element's subtree instead of drawing the sketch (a placeholder table of twelve rows on
  // /top) again for the moment before the deferred pass replaces it.
  const [sketch] = useState(() => skeleton ?? TEXT_LINES_SKETCH);
  const stale = data !== undefined && data !== query.data;
  let body: ReactNode;
  if (query.isPending || (data === undefined && query.data !== undefined)) {
    body = sketch;
  } else if (query.isError) {
    body = <QueryErrorAlert query={query} />;
  } else if (isEmpty(data as T)) {
    body = (
      <Text c="dimmed" size="sm">
        {emptyText}
      </Text>
    );
  } else {
    body = children(data as T);
  }
  return (
    <Card
      component="section"
      withBorder
      radius="md"
      padding="lg"
      aria-labelledby={headingId}
      aria-busy={query.isPending || data !== query.data}
    >
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id={headingId}>
          {title}
        </Title>
      </Group>
      {toolbar}
      {/* One wrapper in every state, so that dimming never remounts the content. */}
      <div style={stale ? { opacity: 0.6 } : undefined}>{body}</div>
    </Card>
  );
}
