import type { Notice } from '@coin/contract';
import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { noticeQueries } from '@/api/notices';
import { CardSkeleton, PLACEHOLDER_INSTANT } from '@/components/CardSkeleton';
import { QueryCard } from '@/components/QueryCard';
import { formatDate } from '@/format';
import { useTranslation } from '@/i18n';
import { PLACEHOLDER_ROWS } from './placeholderRows';

/** Notices of a line each, for the loading placeholder. */
const PLACEHOLDER: Notice[] = Array.from({ length: PLACEHOLDER_ROWS.notices }, (_, i) => ({
  id: i,
  revision: 0,
  title: '—',
  body: '—',
  published_at: PLACEHOLDER_INSTANT,
}));

/** Notices of the configured feed, by revision descending. */
export function NoticesCard() {
  const { t } = useTranslation();
  const query = useQuery(noticeQueries.list());
  return (
    <QueryCard
      title={t('top.notices.title')}
      query={query}
      isEmpty={(notices) => notices.length === 0}
      emptyText={t('top.notices.empty')}
      skeleton={
        <CardSkeleton>
          <NoticeList notices={PLACEHOLDER} />
        </CardSkeleton>
      }
    >
      {(notices) => <NoticeList notices={notices} />}
    </QueryCard>
  );
}

/** Each notice: its day, its title and its text. */
function NoticeList({ notices }: { notices: Notice[] }) {
  return (
    <Stack gap="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {notices.map((notice) => (
        <Stack key={notice.id} component="li" gap={2}>
          <Text size="xs" c="dimmed">
            <time dateTime={notice.published_at}>{formatDate(notice.published_at)}</time>
          </Text>
          <Text fw={600}>{notice.title}</Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {notice.body}
          </Text>
        </Stack>
      ))}
    </Stack>
  );
}
