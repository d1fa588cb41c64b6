import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Skeleton.css';
import { Anchor, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { CsvEncodingChoice } from '@/components/CsvEncodingChoice';
import { FactsTable } from '@/components/FactsTable';
import { DownloadButton, useCsvDownload } from '@/components/FileDownload';
import { PeriodFilter } from '@/components/PeriodFilter';
import { QueryErrorAlert } from '@/components/QueryErrorAlert';
import { useListSearch } from '@/components/useListSearch';
import { usePageTitle } from '@/components/usePageTitle';
import { formatCoin, formatYen } from '@/format';
import { useTranslation } from '@/i18n';
import { AppLink } from '@/router/AppLink';
import { selectSelectedMerchant, useSessionState } from '@/session';
import { utilityBillsSummaryQuery } from './utilityBillsQueries';
import { utilityBillsDownloadSearch } from './utilityBillsSearch';

const slashed = (day: string) => day.replaceAll('-', '/');

/**
 * DownloadUtilityBillsData: the reconciliation file of a period (every bill, then per-biller totals),
 * with the period's paid count and amount beforehand. Period and encoding live in the URL.
 */
export default function UtilityBillsDownloadPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.DownloadUtilityBillsData'));
  const merchant = useSessionState(selectSelectedMerchant);
  const [search, update] = useListSearch(utilityBillsDownloadSearch);
  const { encoding } = search;
  const { state, download, cancel } = useCsvDownload(merchant?.merchant_id ?? 0, merchant?.name ?? '', 'utility_bills');
  const summaryId = useId();

  const summary = useQuery({
    ...utilityBillsSummaryQuery(merchant?.merchant_id ?? 0, search),
    enabled: merchant !== undefined,
    placeholderData: keepPreviousData,
  });
  if (!merchant) return null;

  const period = { start_date: search.from, end_date: search.to };
  const running = state.status === 'running';
  return (
    <Stack gap="lg">
      <Title order={1}>{t('pages.DownloadUtilityBillsData')}</Title>
      <Paper withBorder radius="md" p="lg" maw={720}>
        <Stack gap="lg">
          <Text size="sm" c="dimmed">
            {t('utilityBills.download.description')}
          </Text>
          <PeriodFilter from={search.from} to={search.to} onChange={(next) => update(next)} />
          <Stack gap="xs" component="section" aria-labelledby={summaryId}>
            <Text id={summaryId} size="sm" fw={500}>
              {t('utilityBills.download.summary')}
            </Text>
            {summary.isPending ? (
              <Skeleton height={132} role="status" aria-label={t('common.loading')} />
            ) : summary.isError && !summary.data ? (
              <QueryErrorAlert query={summary} title={t('utilityBills.download.summaryFailed')} />
            ) : (
              <Stack gap="xs" style={{ opacity: summary.isFetching ? 0.6 : 1, transition: 'opacity 120ms' }}>
                <FactsTable
                  aria-labelledby={summaryId}
                  labelWidth={240}
                  rows={[
                    [t('utilityBills.download.period'), `${slashed(search.from)} – ${slashed(search.to)}`],
                    [
                      t('utilityBills.download.paidCount'),
                      t('utilityBills.download.bills', { bills: formatCoin(summary.data.paid_count) }),
                    ],
                    [t('utilityBills.download.paidAmount'), formatYen(summary.data.paid_amount)],
                    [
                      t('utilityBills.download.allCount'),
                      t('utilityBills.download.bills', { bills: formatCoin(summary.data.total) }),
                    ],
                  ]}
                />
                {summary.data.total === 0 && (
                  <Text size="sm" c="dimmed">
                    {t('utilityBills.download.none')}
                  </Text>
                )}
              </Stack>
            )}
          </Stack>
          <CsvEncodingChoice
            value={encoding}
            onChange={(value) => update({ encoding: value === 'cp932' ? undefined : value })}
            disabled={running}
          />
          <DownloadButton state={state} onDownload={() => void download({ ...period, encoding })} onCancel={cancel} />
        </Stack>
      </Paper>
      <Anchor
        size="sm"
        renderRoot={(props) => (
          <AppLink {...props} to="/utilityBillsQrHistories" search={{ from: search.from, to: search.to }} />
        )}
      >
        {t('utilityBills.download.toList')}
      </Anchor>
    </Stack>
  );
}
