import { Alert, Button, type ButtonProps, Stack, Text, VisuallyHidden } from '@mantine/core';
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
  /** A button sized for a row of a table, its outcome in a line below. */
  compact?: boolean;
  variant?: ButtonProps['variant'];
}

/**
 * A document's download button (a PDF the server makes): busy while it comes, then the saved file's name
 * or why there is none. The transfer is the shared one of every download (useFileDownload).
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
  const { state, start } = useFileDownload();
  const saved = useRef(onSaved);
  saved.current = onSaved;
  const done = state.status === 'done';
  useEffect(() => {
    if (done) saved.current?.();
  }, [done]);
  const running = state.status === 'running';
  return (
    <Stack gap={4} align="flex-start" maw={compact ? 240 : 360}>
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
      {running && <VisuallyHidden role="status">{t('documents.preparing')}</VisuallyHidden>}
      {state.status === 'done' && (
        <Text size="xs" c="teal.9" role="status" style={{ overflowWrap: 'anywhere' }}>
          {t('documents.saved', { fileName: state.fileName })}
        </Text>
      )}
      {state.status === 'error' &&
        (compact ? (
          <Text size="xs" c="red.9" role="alert" style={{ whiteSpace: 'normal' }}>
            {t('documents.failedBecause', { reason: documentErrorText(t, state.error) })}
          </Text>
        ) : (
          <Alert color="red" variant="light" role="alert" py={6} title={t('documents.failed')}>
            <Text size="sm">{documentErrorText(t, state.error)}</Text>
          </Alert>
        ))}
    </Stack>
  );
}
