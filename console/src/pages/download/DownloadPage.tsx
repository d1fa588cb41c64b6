import '@mantine/core/styles/Paper.css';
import { CSV_REPORT_ROLES, CSV_REPORTS } from '@coin/contract';
import { NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { CsvEncodingChoice } from '@/components/CsvEncodingChoice';
import { DownloadButton, useCsvDownload } from '@/components/FileDownload';
import { PeriodFilter } from '@/components/PeriodFilter';
import { useListSearch } from '@/components/useListSearch';
import { usePageTitle } from '@/components/usePageTitle';
import { useTranslation } from '@/i18n';
import { selectRole, selectSelectedMerchant, useSessionState } from '@/session';
import { downloadSearch } from './downloadSearch';
import { FeeDocumentsCard } from './FeeDocumentsCard';

/**
 * The report centre: kind, period and encoding (kept in the URL); streams the CSV with its progress. Below,
 * the fee invoices (請求書・明細書).
 */
// The journal's account names (a form) load only when that report is chosen: off the page's own chunk.
const JournalAccountsCard = lazy(() => import('./JournalAccountsCard'));

export default function DownloadPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.DownloadFile'));
  const merchant = useSessionState(selectSelectedMerchant);
  const role = useSessionState(selectRole);
  const [search, update] = useListSearch(downloadSearch);
  const { kind: report, encoding } = search;
  const { state, download, cancel } = useCsvDownload(merchant?.merchant_id ?? 0, merchant?.name ?? '', report);
  if (!merchant) return null;

  const query = { start_date: search.from, end_date: search.to, encoding };
  const running = state.status === 'running';
  return (
    <Stack gap="lg">
      <Title order={1}>{t('pages.DownloadFile')}</Title>
      <Paper withBorder radius="md" p="lg" maw={720}>
        <Stack gap="lg">
          <Text size="sm" c="dimmed">
            {t('download.description')}
          </Text>
          <NativeSelect
            label={t('download.kind')}
            // The reports the role may download (the server refuses the others).
            data={CSV_REPORTS.filter((value) => CSV_REPORT_ROLES[value].includes(role)).map((value) => ({
              value,
              label: t(`download.reports.${value}`),
            }))}
            value={report}
            onChange={(event) => update({ kind: event.currentTarget.value, page: undefined })}
            disabled={running}
            w={280}
          />
          <PeriodFilter from={search.from} to={search.to} onChange={(period) => update(period)} />
          <CsvEncodingChoice
            value={encoding}
            onChange={(value) => update({ encoding: value === 'cp932' ? undefined : value })}
            disabled={running}
          />
          <DownloadButton state={state} onDownload={() => void download(query)} onCancel={cancel} />
        </Stack>
      </Paper>
      {report === 'journal_yayoi' && (
        <Suspense fallback={null}>
          <JournalAccountsCard merchantId={merchant.merchant_id} editable={role === 'Owner'} />
        </Suspense>
      )}
      <FeeDocumentsCard merchantId={merchant.merchant_id} />
    </Stack>
  );
}
