import { CSV_REPORTS_WITHOUT_HEADER, type CsvEncoding, type CsvReport } from '@coin/contract';
import { Alert, Button, Group, Loader, Text, VisuallyHidden } from '@mantine/core';
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import type { DownloadedFile, DownloadProgress } from '@/api/download';
import { type CsvQuery, fallbackCsvName, openCsv } from '@/api/downloads';
import { formatCoin } from '@/format';
import { useTranslation } from '@/i18n';
import { apiErrorText } from './apiErrorText';
import { ChevronDownIcon, DownloadIcon } from './icons';

// The encoding menu (Mantine Menu, floating positioning) is off the pages' chunks; its chevron shows at once.
const CsvEncodingMenu = lazy(() => import('./CsvEncodingMenu'));
// Asked only when a CSV comes back empty: off the pages' chunks too.
const EmptyCsvDialog = lazy(() => import('./period/EmptyCsvDialog'));

export type DownloadState =
  | { status: 'idle' }
  | ({ status: 'running' } & DownloadProgress)
  | ({ status: 'done'; fileName: string } & DownloadProgress)
  | { status: 'canceled' }
  | { status: 'error'; error: unknown }
  /** A CSV with its header only, received and waiting for the user: `answer(true)` saves it. */
  | { status: 'empty'; fileName: string; answer: (save: boolean) => void }
  /** The empty CSV was not saved. */
  | { status: 'skipped' };

/** A download under way or waiting for an answer: no second one starts meanwhile. */
const isBusy = (state: DownloadState) => state.status === 'running' || state.status === 'empty';

/** Opens the streamed answer (the caller's call, with its filters); the signal cancels it. */
export type OpenDownload = (signal: AbortSignal) => Promise<Response>;

/** Kilobytes with one decimal; the total is unknown, so progress is what has arrived. */
export const formatKilobytes = (bytes: number) => (bytes / 1024).toLocaleString('ja-JP', { maximumFractionDigits: 1 });

/**
 * A CSV that holds its header only: the period and filters selected no row. A file of another kind
 * (a PNG, a PDF) counts no rows and is never empty in this sense.
 */
export const isEmptyCsv = (file: Pick<DownloadedFile, 'blob' | 'rows'>): boolean =>
  file.rows === 0 && /^text\/csv\b/i.test(file.blob.type);

/**
 * Saves a received file, but an empty CSV only when `ask` (the user, shown the file's name) says so:
 * an empty period gives a file with nothing but the header, which is rarely what was wanted.
 */
export async function saveReceived(
  file: DownloadedFile,
  save: (file: DownloadedFile) => void,
  ask: (fileName: string) => Promise<boolean>,
): Promise<DownloadState> {
  if (isEmptyCsv(file) && !(await ask(file.fileName))) return { status: 'skipped' };
  save(file);
  return { status: 'done', fileName: file.fileName, bytes: file.bytes, rows: file.rows };
}

/** One download at a time: streams the file, reports progress, saves it under the server's name; cancellable. */
export function useFileDownload() {
  const [state, setState] = useState<DownloadState>({ status: 'idle' });
  const running = useRef<AbortController | null>(null);

  const start = useCallback(async (open: OpenDownload, fallbackName: string, headerRecords = 1) => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setState({ status: 'running', bytes: 0, rows: 0 });
    try {
      // The streaming reader loads with the first download, not with every list page.
      const [response, { receiveFile, saveFile }] = await Promise.all([
        open(controller.signal),
        import('@/api/download'),
      ]);
      const file = await receiveFile(response, {
        fallbackName,
        headerRecords,
        signal: controller.signal,
        onProgress: (progress) => setState({ status: 'running', ...progress }),
      });
      const ask = (fileName: string) =>
        new Promise<boolean>((answer) => setState({ status: 'empty', fileName, answer }));
      setState(await saveReceived(file, saveFile, ask));
    } catch (error) {
      setState(controller.signal.aborted ? { status: 'canceled' } : { status: 'error', error });
    } finally {
      if (running.current === controller) running.current = null;
    }
  }, []);

  const cancel = useCallback(() => running.current?.abort(), []);
  // Leaving the page stops the transfer.
  useEffect(() => () => running.current?.abort(), []);
  return { state, start, cancel };
}

/** useFileDownload for one report's CSV: every row the query selects, saved under the server's file name. */
export function useCsvDownload(merchantId: number, merchantName: string, report: CsvReport) {
  const { state, start, cancel } = useFileDownload();
  const download = useCallback(
    (query: CsvQuery) =>
      start(
        (signal) => openCsv(merchantId, report, query, signal),
        fallbackCsvName(report, merchantName, query),
        CSV_REPORTS_WITHOUT_HEADER.includes(report) ? 0 : 1,
      ),
    [start, merchantId, merchantName, report],
  );
  return { state, download, cancel };
}

/** Progress (rows and bytes received), the result, or the failure of a download, with its cancel button. */
export function DownloadStatus({ state, onCancel }: { state: DownloadState; onCancel: () => void }) {
  const { t } = useTranslation();
  switch (state.status) {
    case 'running':
      return (
        <Group gap="xs" role="status" aria-live="polite">
          <Loader size="xs" aria-hidden />
          <Text size="sm">
            {t('download.receiving', { rows: formatCoin(state.rows), kb: formatKilobytes(state.bytes) })}
          </Text>
          <Button size="compact-sm" variant="subtle" color="gray" onClick={onCancel}>
            {t('actions.cancel')}
          </Button>
        </Group>
      );
    case 'done':
      return (
        <Text size="sm" c="teal.9" role="status">
          {t('download.done', { fileName: state.fileName, rows: formatCoin(state.rows) })}
        </Text>
      );
    case 'canceled':
      return (
        <Text size="sm" c="dimmed" role="status">
          {t('download.canceled')}
        </Text>
      );
    case 'empty':
      return (
        <Suspense fallback={null}>
          <EmptyCsvDialog fileName={state.fileName} onAnswer={state.answer} />
        </Suspense>
      );
    case 'skipped':
      return (
        <Text size="sm" c="dimmed" role="status">
          {t('download.empty.skipped')}
        </Text>
      );
    case 'error':
      return (
        <Alert color="red" variant="light" role="alert" py={6} title={t('download.failed')}>
          <Text size="sm">{apiErrorText(t, state.error)}</Text>
        </Alert>
      );
    default:
      return null;
  }
}

/** A report page's download button, with the download's progress, result or failure beside it. */
export function DownloadButton({
  state,
  onDownload,
  onCancel,
}: {
  state: DownloadState;
  onDownload: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="md" align="center" wrap="wrap">
      <Button leftSection={<DownloadIcon />} disabled={isBusy(state)} onClick={onDownload}>
        {t('actions.download')}
      </Button>
      <DownloadStatus state={state} onCancel={onCancel} />
    </Group>
  );
}

/**
 * A list's CSV button: downloads every page of `report` with the filters on screen. The button writes
 * Windows-31J (what Excel in Japan opens); its menu (CsvEncodingMenu) offers both encodings.
 */
export function CsvButton({
  merchantId,
  merchantName,
  report,
  query,
}: {
  merchantId: number;
  merchantName: string;
  report: CsvReport;
  query: CsvQuery;
}) {
  const { t } = useTranslation();
  const { state, download: downloadCsv, cancel } = useCsvDownload(merchantId, merchantName, report);
  const encodingId = useId();
  const running = isBusy(state);
  const download = (encoding: CsvEncoding) => void downloadCsv({ ...query, encoding });
  const chevron = (disabled: boolean) => (
    <Button variant="default" px={8} disabled={disabled} aria-label={t('download.chooseEncoding')}>
      <ChevronDownIcon />
    </Button>
  );
  return (
    <Group gap="sm" wrap="wrap">
      <VisuallyHidden id={encodingId}>{t('download.encodings.cp932')}</VisuallyHidden>
      <Button.Group aria-label={t('actions.downloadCsv')}>
        <Button
          variant="default"
          leftSection={<DownloadIcon />}
          disabled={running}
          aria-describedby={encodingId}
          onClick={() => download('cp932')}
        >
          {t('actions.downloadCsv')}
        </Button>
        {/* Disabled until the menu has loaded: a click before then would open nothing. */}
        <Suspense fallback={chevron(true)}>
          <CsvEncodingMenu target={chevron(running)} disabled={running} onChoose={download} />
        </Suspense>
      </Button.Group>
      <DownloadStatus state={state} onCancel={cancel} />
    </Group>
  );
}
