import { ActionIcon, Alert, Button, type ButtonProps, Stack, Text, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef } from 'react';
import { isApiError } from '@/api/errors';
import { type TFunction, useTranslation } from '@/i18n';
import { apiErrorText } from './apiErrorText';
import { type OpenDownload, useFileDownload } from './FileDownload';
import { DownloadIcon } from './icons';

/**
 * Why a document could not be had: the server's own words whenever it gave some for a refusal (a month
 * not closed yet, a month without fees, a document or payout not found), else the kind of failure.
 */
export function documentErrorText(t: TFunction, error: unknown): string {
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 401 && error.body.message) {
    return error.body.message;
  }
  return apiErrorText(t, error);
}

export interface PdfDownloadProps {
  /** The button's words. */
  label: string;
  /** What the button is called where its words alone do not say which document (a row of a list). */
  ariaLabel?: string;
  /** Opens the call's streamed answer (useFileDownload saves it under the server's file name). */
  open: OpenDownload;
  fallbackName: string;
  /** Called once the file is saved (a list of issued documents to read again). */
  onSaved?: () => void;
  /** A button sized for a row of a table, its outcome told in a notification (a row has no room for it). */
  compact?: boolean;
  variant?: ButtonProps['variant'];
}

/**
 * useFileDownload with what follows a saved file (`onSaved`) and, for a button in a row, its outcome in a
 * notification: the saved file's name, or why there is none.
 */
function useDocumentDownload(onSaved: (() => void) | undefined, notify: boolean) {
  const { t } = useTranslation();
  const download = useFileDownload();
  const { state } = download;
  const saved = useRef(onSaved);
  saved.current = onSaved;
  useEffect(() => {
    if (state.status === 'done') {
      saved.current?.();
      if (notify) notifications.show({ color: 'teal', message: t('documents.saved', { fileName: state.fileName }) });
    } else if (state.status === 'error' && notify) {
      notifications.show({ color: 'red', title: t('documents.failed'), message: documentErrorText(t, state.error) });
    }
  }, [state, notify, t]);
  return download;
}

/**
 * A document's download button (a PDF the server makes): busy while it comes, then the saved file's name
 * or why there is none (below it, or in a notification for a compact one). The transfer is the shared one
 * of every download (useFileDownload).
 */
export function PdfDownload({
  label,
  ariaLabel,
  open,
  fallbackName,
  onSaved,
  compact = false,
  variant = 'default',
}: PdfDownloadProps) {
  const { t } = useTranslation();
  const { state, start } = useDocumentDownload(onSaved, compact);
  const running = state.status === 'running';
  const button = (
    <Button
      variant={variant}
      size={compact ? 'compact-sm' : 'sm'}
      leftSection={<DownloadIcon />}
      loading={running}
      aria-label={ariaLabel}
      onClick={() => void start(open, fallbackName)}
    >
      {label}
    </Button>
  );
  if (compact) return button;
  return (
    <Stack gap={4} align="flex-start" maw={360}>
      {button}
      {running && <VisuallyHidden role="status">{t('documents.preparing')}</VisuallyHidden>}
      {state.status === 'done' && (
        <Text size="xs" c="teal.9" role="status" style={{ overflowWrap: 'anywhere' }}>
          {t('documents.saved', { fileName: state.fileName })}
        </Text>
      )}
      {state.status === 'error' && (
        <Alert color="red" variant="light" role="alert" py={6} title={t('documents.failed')}>
          <Text size="sm">{documentErrorText(t, state.error)}</Text>
        </Alert>
      )}
    </Stack>
  );
}

/**
 * The same download as an icon button, for a cell too narrow for words (Top's fees card): named by
 * `ariaLabel` (also its tooltip), its outcome told in a notification.
 */
export function PdfIconDownload({
  ariaLabel,
  open,
  fallbackName,
  onSaved,
}: Pick<PdfDownloadProps, 'open' | 'fallbackName' | 'onSaved'> & { ariaLabel: string }) {
  const { state, start } = useDocumentDownload(onSaved, true);
  return (
    <ActionIcon
      variant="default"
      size="md"
      aria-label={ariaLabel}
      title={ariaLabel}
      loading={state.status === 'running'}
      onClick={() => void start(open, fallbackName)}
    >
      <DownloadIcon />
    </ActionIcon>
  );
}
