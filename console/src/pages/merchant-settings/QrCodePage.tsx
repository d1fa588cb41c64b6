import '@mantine/core/styles/List.css';
import type { MerchantQr } from '@coin/contract';
import { Alert, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { QRCodeSVG } from 'qrcode.react';
import { useId } from 'react';
import { merchantQrQueries, openMerchantQrPng, openMerchantQrPoster } from '@/api/merchantSettings';
import { apiErrorText } from '@/components/apiErrorText';
import { CopyUrl } from '@/components/CopyUrl';
import { type OpenDownload, useFileDownload } from '@/components/FileDownload';
import { DownloadIcon } from '@/components/icons';
import { useTranslation } from '@/i18n';
import { SettingsFrame } from './SettingsFrame';

const HOW_TO_STEPS = ['print', 'size', 'check', 'amount'] as const;

/** QRCode (every role): the merchant's payment QR code, its URL, how to put it up, PNG and A4 poster downloads. */
export default function QrCodePage() {
  const { t } = useTranslation();
  return (
    <SettingsFrame
      title={t('pages.QRCode')}
      lead={t('qrCode.lead')}
      loadFailed={t('qrCode.loadFailed')}
      queryOf={merchantQrQueries.detail}
      skeletonFields={2}
      maw={880}
    >
      {(qr, merchantId) => <MerchantQrCard merchantId={merchantId} qr={qr} />}
    </SettingsFrame>
  );
}

function MerchantQrCard({ merchantId, qr }: { merchantId: number; qr: MerchantQr }) {
  const { t } = useTranslation();
  const downloadsId = useId();
  const howToId = useId();
  const imageLabel = t('qrCode.image', { merchant: qr.merchant_name });
  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="lg">
        <Group align="flex-start" gap="xl" wrap="wrap">
          <Stack align="center" gap={6} mx="auto">
            <QRCodeSVG value={qr.url} size={232} level="M" marginSize={4} role="img" aria-label={imageLabel} />
            <Text fw={700} ta="center">
              {qr.merchant_name}
            </Text>
            <Text size="sm" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {t('qrCode.walletNo', { walletNo: qr.wallet_no })}
            </Text>
          </Stack>
          <Stack gap="lg" style={{ flex: '1 1 320px' }} miw={0}>
            <Stack gap="xs" component="section" aria-labelledby={downloadsId}>
              <Title order={2} size="h4" id={downloadsId}>
                {t('qrCode.downloads.title')}
              </Title>
              <Group gap="sm" align="flex-start" wrap="wrap">
                <FileButton
                  label={t('qrCode.downloads.png')}
                  open={(signal) => openMerchantQrPng(merchantId, signal)}
                  fallbackName={`qr_${qr.wallet_no}.png`}
                />
                <FileButton
                  label={t('qrCode.downloads.poster')}
                  open={(signal) => openMerchantQrPoster(merchantId, signal)}
                  fallbackName={`qr_poster_${qr.wallet_no}.pdf`}
                />
              </Group>
            </Stack>
            <QrUrl url={qr.url} />
          </Stack>
        </Group>
      </Paper>
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={howToId}>
        <Stack gap="sm">
          <Title order={2} size="h4" id={howToId}>
            {t('qrCode.howTo.title')}
          </Title>
          <List type="ordered" size="sm" spacing="xs">
            {HOW_TO_STEPS.map((step) => (
              <List.Item key={step}>{t(`qrCode.howTo.steps.${step}`)}</List.Item>
            ))}
          </List>
        </Stack>
      </Paper>
    </Stack>
  );
}

/** The URL the code encodes, with a copy button (the URL is selected where the clipboard is refused). */
function QrUrl({ url }: { url: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const textId = useId();
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId}>
        {t('qrCode.url')}
      </Title>
      <Text
        id={textId}
        size="sm"
        ff="monospace"
        p="xs"
        bg="gray.0"
        style={{ wordBreak: 'break-all', borderRadius: 'var(--mantine-radius-sm)' }}
      >
        {url}
      </Text>
      <CopyUrl url={url} textId={textId} label={t('qrCode.copy')} text={t('qrCode.copy')} />
    </Stack>
  );
}

/** One file's download button, with its outcome below: saved under the server's file name, or why not. */
function FileButton({ label, open, fallbackName }: { label: string; open: OpenDownload; fallbackName: string }) {
  const { t } = useTranslation();
  const { state, start } = useFileDownload();
  return (
    <Stack gap={6} maw={320}>
      <Button
        variant="default"
        leftSection={<DownloadIcon />}
        loading={state.status === 'running'}
        onClick={() => void start(open, fallbackName)}
      >
        {label}
      </Button>
      {state.status === 'done' && (
        <Text size="xs" c="teal.9" role="status" style={{ overflowWrap: 'anywhere' }}>
          {t('qrCode.downloads.saved', { fileName: state.fileName })}
        </Text>
      )}
      {state.status === 'error' && (
        <Alert color="red" variant="light" role="alert" py={6} title={t('qrCode.downloads.failed')}>
          <Text size="sm">{apiErrorText(t, state.error)}</Text>
        </Alert>
      )}
    </Stack>
  );
}
