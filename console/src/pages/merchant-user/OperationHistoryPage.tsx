import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Badge.css';
import { AUDIT_KINDS, type AuditEvent, type AuditKind } from '@coin/contract';
import { Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { auditEventQueries } from '@/api/auditEvents';
import { merchantUserQueries } from '@/api/merchantUsers';
import { CsvButton } from '@/components/FileDownload';
import { ListSection } from '@/components/ListSection';
import type { Column } from '@/components/ListTable';
import { PeriodFilter } from '@/components/PeriodFilter';
import { StatusFilter } from '@/components/StatusFilter';
import { useListSearch } from '@/components/useListSearch';
import { usePageTitle } from '@/components/usePageTitle';
import { formatDateTime } from '@/format';
import { useTranslation } from '@/i18n';
import { AppLink } from '@/router/AppLink';
import { selectSelectedMerchant, useSessionState } from '@/session';
import { auditEventsQueryOf } from './operationHistoryQueries';
import { operationHistorySearch } from './operationHistorySearch';

/** A kind's badge colour: money and access changes stand out from sign-ins and downloads. */
const KIND_COLORS: Readonly<Record<AuditKind, string>> = {
  sign_in: 'gray',
  refund: 'orange',
  payment: 'orange',
  bank: 'red',
  settings: 'blue',
  staff: 'grape',
  two_step: 'teal',
  account: 'teal',
  document: 'cyan',
  download: 'gray',
};

/** The action's kind as a badge, its name beside it and what it changed under it. */
function ActionCell({ event }: { event: AuditEvent }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2} align="flex-start" miw={180}>
      <Group gap={6} wrap="nowrap">
        <Badge variant="light" size="sm" color={KIND_COLORS[event.kind]}>
          {t(`operationHistory.kinds.${event.kind}`)}
        </Badge>
        <Text span size="sm">
          {t(`operationHistory.actions.${event.action}`)}
        </Text>
      </Group>
      {event.detail && (
        <Text size="xs" c="dimmed" maw={320} style={{ whiteSpace: 'normal' }}>
          {event.detail}
        </Text>
      )}
    </Stack>
  );
}

/** OperationHistory (Owner): who did what in this shop, when and from where (issue 48). */
export default function OperationHistoryPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.OperationHistory'));
  const merchant = useSessionState(selectSelectedMerchant);
  const [search, update] = useListSearch(operationHistorySearch);
  const merchantId = merchant?.merchant_id ?? 0;
  const query = useQuery({
    ...auditEventQueries.list(merchantId, auditEventsQueryOf(search)),
    enabled: merchant !== undefined,
    placeholderData: keepPreviousData,
  });
  // The people to filter by: the shop's staff list (the first page holds all but the largest shops' staff).
  const staff = useQuery({ ...merchantUserQueries.list(merchantId), enabled: merchant !== undefined });
  const people = useMemo(() => {
    const names = new Map((staff.data?.items ?? []).map((user) => [String(user.user_id), user.name]));
    // A person chosen by link who is not on the list's first page still shows as chosen.
    if (search.user !== undefined && !names.has(String(search.user))) names.set(String(search.user), `#${search.user}`);
    return names;
  }, [staff.data, search.user]);

  const columns = useMemo<Column<AuditEvent>[]>(
    () => [
      {
        key: 'occurred_at',
        header: t('operationHistory.list.occurredAt'),
        render: (row) => formatDateTime(row.occurred_at),
      },
      {
        key: 'actor',
        header: t('operationHistory.list.actor'),
        mobile: 'primary',
        render: (row) => row.actor_name ?? t('operationHistory.operator'),
      },
      {
        key: 'action',
        header: t('operationHistory.list.action'),
        mobile: 'primary',
        render: (row) => <ActionCell event={row} />,
      },
      {
        key: 'target',
        header: t('operationHistory.list.target'),
        render: (row) => row.target_name ?? '',
      },
      {
        key: 'client_ip',
        header: t('operationHistory.list.clientIp'),
        render: (row) => (
          <Text span size="sm" ff="monospace">
            {row.client_ip ?? ''}
          </Text>
        ),
      },
    ],
    [t],
  );

  if (!merchant) return null;

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Anchor renderRoot={(props) => <AppLink {...props} to="/merchant/user" />} size="sm">
          {t('operationHistory.toStaff')}
        </Anchor>
        <Title order={1}>{t('pages.OperationHistory')}</Title>
        <Text size="sm" c="dimmed">
          {t('operationHistory.lead')}
        </Text>
      </Stack>
      <ListSection
        title={t('operationHistory.list.title')}
        controls={
          <>
            <PeriodFilter from={search.from} to={search.to} onChange={(period) => update(period)} />
            <StatusFilter
              statuses={[...people.keys()]}
              value={search.user === undefined ? undefined : String(search.user)}
              label={t('operationHistory.list.person')}
              labelOf={(id) => people.get(id) ?? id}
              onChange={(id) => update({ user: id === undefined ? undefined : Number(id) })}
            />
            <StatusFilter
              statuses={AUDIT_KINDS}
              value={search.kind}
              label={t('operationHistory.list.kind')}
              labelOf={(kind) => t(`operationHistory.kinds.${kind}`)}
              onChange={(kind) => update({ kind })}
            />
          </>
        }
        csv={
          <CsvButton
            merchantId={merchant.merchant_id}
            merchantName={merchant.name}
            report="audit_events"
            query={{
              start_date: search.from,
              end_date: search.to,
              ...(search.user === undefined ? {} : { user_id: search.user }),
              ...(search.kind === undefined ? {} : { kind: search.kind }),
            }}
          />
        }
        columns={columns}
        query={query}
        rowKey={(row) => row.id}
        page={search.page}
        onPageChange={(page) => update({ page })}
        emptyText={t('operationHistory.list.empty')}
      />
    </Stack>
  );
}
