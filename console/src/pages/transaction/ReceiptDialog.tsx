import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Radio.css';
import { RECEIPT_NOTE_DEFAULT, RECEIPT_NOTE_MAX, RECEIPT_TAX_RATES, type ReceiptBody } from '@coin/contract';
import { Alert, Button, Group, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useId, useRef, useState } from 'react';
import { loadCallSchemas } from '@/api/client';
import { documentFallbackNames, openReceipt } from '@/api/documents';
import { useDialogFrame } from '@/components/ConfirmDialog';
import { useFileDownload } from '@/components/FileDownload';
import { documentErrorText } from '@/components/PdfDownload';
import { formatCoin } from '@/format';
import { useTranslation } from '@/i18n';

type TaxRate = (typeof RECEIPT_TAX_RATES)[number];

/** The payment the receipt is for, as its detail shows it. */
export interface ReceiptPayment {
  transactionId: number;
  amount: number;
  coinName: string;
}

type Problems = Partial<Record<keyof ReceiptBody, string>>;

/**
 * The contract's check of the body (the server checks again), with its messages: the schema loads with
 * the call schemas, which the detail has already loaded to read its answer.
 */
export async function checkReceiptBody(body: ReceiptBody): Promise<Problems> {
  const { CALLS } = await loadCallSchemas();
  const parsed = CALLS.issueReceipt.body.safeParse(body);
  if (parsed.success) return {};
  const problems: Problems = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'note' || field === 'tax_rate') && !problems[field]) problems[field] = issue.message;
  }
  return problems;
}

/**
 * 領収書を発行: the 但し書き (お品代として unless changed, at most 40 characters) and the tax rate of what
 * was sold, checked before sending; 発行 issues a numbered receipt and saves its PDF. Issuing again gives
 * a receipt marked 再発行 (the dialog says so). Every role may issue one.
 */
export default function ReceiptDialog({
  merchantId,
  payment,
  onClose,
}: {
  merchantId: number;
  payment: ReceiptPayment;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const frame = useDialogFrame();
  const formId = useId();
  const noteRef = useRef<HTMLInputElement>(null);
  const [note, setNote] = useState<string>(RECEIPT_NOTE_DEFAULT);
  const [taxRate, setTaxRate] = useState<TaxRate>(10);
  const [problems, setProblems] = useState<Problems>({});
  const [checking, setChecking] = useState(false);
  const { state, start } = useFileDownload();
  const running = checking || state.status === 'running';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (running) return;
    const body: ReceiptBody = { note: note.trim(), tax_rate: taxRate };
    setChecking(true);
    let found: Problems;
    try {
      found = await checkReceiptBody(body);
    } finally {
      setChecking(false);
    }
    setProblems(found);
    if (found.note) {
      noteRef.current?.focus();
      return;
    }
    if (found.tax_rate) return;
    await start(
      (signal) => openReceipt(merchantId, payment.transactionId, body, signal),
      documentFallbackNames.receipt(payment.transactionId),
    );
  };

  return (
    <Modal opened onClose={onClose} title={t('documents.receipt.title')} size="md" {...frame}>
      <form id={formId} onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <Text size="sm">
            {t('documents.receipt.lead')}
            <br />
            {t('documents.receipt.payment', {
              id: payment.transactionId,
              amount: formatCoin(payment.amount),
              coin: payment.coinName,
            })}
          </Text>
          <TextInput
            ref={noteRef}
            label={t('documents.receipt.note')}
            required
            value={note}
            onChange={(event) => {
              setNote(event.currentTarget.value);
              if (problems.note) setProblems({ ...problems, note: undefined });
            }}
            error={problems.note}
            description={
              <Group component="span" justify="space-between" gap="xs" wrap="nowrap">
                <span>{t('documents.receipt.noteHint', { note: RECEIPT_NOTE_DEFAULT })}</span>
                <span style={{ whiteSpace: 'nowrap' }}>
                  {t('documents.receipt.noteCount', { length: note.trim().length, max: RECEIPT_NOTE_MAX })}
                </span>
              </Group>
            }
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            autoComplete="off"
          />
          <Radio.Group
            label={t('documents.receipt.taxRate')}
            required
            value={String(taxRate)}
            onChange={(value) => setTaxRate(value === '8' ? 8 : 10)}
            error={problems.tax_rate}
            description={t('documents.receipt.rate8Hint')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
          >
            <Group gap="lg" mt={6} mb={6}>
              {RECEIPT_TAX_RATES.map((rate) => (
                <Radio key={rate} value={String(rate)} label={t(`documents.receipt.rate${rate}`)} />
              ))}
            </Group>
          </Radio.Group>
          <Text size="sm" c="dimmed">
            {t('documents.receipt.reissue')}
          </Text>
          {state.status === 'done' && (
            <Text size="sm" c="teal.9" role="status" style={{ overflowWrap: 'anywhere' }}>
              {t('documents.receipt.issued', { fileName: state.fileName })}
            </Text>
          )}
          {state.status === 'error' && (
            <Alert color="red" variant="light" role="alert" title={t('documents.receipt.failed')}>
              <Text size="sm">{documentErrorText(t, state.error)}</Text>
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {state.status === 'done' ? t('actions.close') : t('actions.cancel')}
            </Button>
            <Button type="submit" loading={running}>
              {t('documents.receipt.issue')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
