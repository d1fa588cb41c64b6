import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Radio.css';
import { CSV_ENCODINGS, CSV_REPORTS, type CsvEncoding, type CsvReport } from '@coin/contract';
import { Button, Group, NativeSelect, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { fallbackCsvName, openCsv } from '@/api/downloads';
import { DownloadStatus, useFileDownload } from '@/components/FileDownload';
import { DownloadIcon } from '@/components/icons';
import { PeriodFilter } from '@/components/PeriodFilter';
import { useListSearch } from '@/components/useListSearch';
import { usePageTitle } from '@/components/usePageTitle';
import { pickOne } from '@/router/search';
import { selectSelectedMerchant, useSessionState } from '@/session';

/** The report centre: kind, period and encoding (kept in the URL); streams the CSV with its progress. */
export default function DownloadPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.DownloadFile'));
  const merchant = useSessionState(selectSelectedMerchant);
  const [search, update] = useListSearch();
  const report: CsvReport = pickOne(search.kind, CSV_REPORTS) ?? 'histories';
  const encoding: CsvEncoding = pickOne(search.encoding, CSV_ENCODINGS) ?? 'cp932';
  const { state, start, cancel } = useFileDownload();
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
            data={CSV_REPORTS.map((value) => ({ value, label: t(`download.reports.${value}`) }))}
            value={report}
            onChange={(event) => update({ kind: event.currentTarget.value, page: undefined })}
            disabled={running}
            w={280}
          />
          <PeriodFilter from={search.from} to={search.to} onChange={(period) => update(period)} />
          <Radio.Group
            label={t('download.encoding')}
            value={encoding}
            onChange={(value) => update({ encoding: value === 'cp932' ? undefined : value })}
          >
            <Stack gap="xs" mt={6}>
              {CSV_ENCODINGS.map((value) => (
                <Radio key={value} value={value} label={t(`download.encodings.${value}`)} disabled={running} />
              ))}
              <Text size="xs" c="dimmed">
                {t('download.substitution')}
              </Text>
            </Stack>
          </Radio.Group>
          <Group gap="md" align="center" wrap="wrap">
            <Button
              leftSection={<DownloadIcon />}
              disabled={running}
              onClick={() =>
                void start(
                  (signal) => openCsv(merchant.merchant_id, report, query, signal),
                  fallbackCsvName(report, merchant.name, query),
                )
              }
            >
              {t('actions.download')}
            </Button>
            <DownloadStatus state={state} onCancel={cancel} />
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
