import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import type { UrlPayment } from '@coin/contract';
import { Button, Center, Group, Modal, Stack, Text } from '@mantine/core';
import { QRCodeSVG } from 'qrcode.react';
import { useId } from 'react';
import { useDialogFrame } from '@/components/ConfirmDialog';
import { CopyUrl } from '@/components/CopyUrl';
import { formatCoin } from '@/format';
import { useTranslation } from '@/i18n';

/** A payment link's QR code (qrcode.react loads with this dialog, not with the page). */
export default function QrDialog({ link, onClose }: { link: UrlPayment; onClose: () => void }) {
  const { t } = useTranslation();
  const urlId = useId();
  const frame = useDialogFrame();
  return (
    <Modal opened onClose={onClose} title={t('urlPayment.qr.title')} {...frame}>
      <Stack gap="md">
        <Stack gap={2}>
          <Text fw={700}>{link.description}</Text>
          <Text size="sm" c="dimmed">
            {t('urlPayment.qr.summary', {
              coin: link.coin_name,
              amount: formatCoin(link.amount),
              expiresOn: link.expires_on.replaceAll('-', '/'),
            })}
          </Text>
        </Stack>
        <Center>
          <QRCodeSVG
            value={link.url}
            size={240}
            level="M"
            marginSize={4}
            title={t('urlPayment.qr.image', { description: link.description })}
            role="img"
            aria-label={t('urlPayment.qr.image', { description: link.description })}
          />
        </Center>
        <Text size="sm">{t('urlPayment.qr.hint')}</Text>
        <Text id={urlId} size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
          {link.url}
        </Text>
        <CopyUrl
          url={link.url}
          textId={urlId}
          label={t('urlPayment.list.copyLabel', { description: link.description })}
          share={{
            title: link.description,
            label: t('urlPayment.list.shareLabel', { description: link.description }),
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('actions.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
