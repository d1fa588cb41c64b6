import type { Invoice } from '@coin/contract';
import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { usePayInvoice } from '@/api/invoices';
import { walletQueries } from '@/api/wallets';
import { apiErrorText } from '@/components/apiErrorText';
import { FactsTable } from '@/components/FactsTable';
import { QueryErrorAlert } from '@/components/QueryErrorAlert';
import { useMoneySteps } from '@/components/useMoneySteps';
import { formatCoin, formatDateTime } from '@/format';
import { useTranslation } from '@/i18n';
import { type MerchantEntry, selectRole, useSessionState } from '@/session';
import { balanceAfterPaying, payMode } from './invoiceView';

/**
 * The payment area of an invoice: paid, read-only for roles that cannot pay, or 支払う → a confirm
 * step with the wallet's balance before and after → the payment.
 */
export function PaySection({ invoice, merchant }: { invoice: Invoice; merchant: MerchantEntry }) {
  const { t } = useTranslation();
  const headingId = useId();
  const role = useSessionState(selectRole);
  const mode = payMode(invoice.status, role);
  // Paying shows the paid invoice itself: there is no result step.
  const { step, confirm, back } = useMoneySteps<Record<never, never>, never>();
  // Held here, not in the confirm step: the paid invoice replaces that step as soon as the answer lands.
  const pay = usePayInvoice(merchant.merchant_id);

  let body: React.ReactNode;
  if (mode === 'paid') {
    body = (
      <Alert
        color="teal"
        variant="light"
        role="status"
        title={pay.isSuccess ? t('invoice.pay.done', { title: invoice.title }) : t('invoice.pay.paid')}
      >
        {invoice.paid_at &&
          t('invoice.pay.paidBody', {
            date: formatDateTime(invoice.paid_at),
            id: invoice.paid_transaction_id ?? '—',
          })}
      </Alert>
    );
  } else if (mode === 'readOnly') {
    body = (
      <Alert color="gray" variant="light" title={t('invoice.pay.readOnly')}>
        {t('invoice.pay.readOnlyBody')}
      </Alert>
    );
  } else if (step.kind === 'confirm') {
    body = (
      <ConfirmPayment
        invoice={invoice}
        walletNo={merchant.wallet_no}
        pay={pay}
        onBack={() => {
          pay.reset();
          back();
        }}
        onConfirm={() =>
          // The paid invoice's own status alert says so: no second message.
          pay.mutate({ invoiceId: invoice.id, idempotencyKey: step.idempotencyKey })
        }
      />
    );
  } else {
    body = (
      <Stack gap="sm" align="flex-start">
        {invoice.status === 'OVERDUE' && (
          <Text size="sm" c="red.9" fw={700}>
            {t('invoice.pay.overdue')}
          </Text>
        )}
        <Text size="sm">{t('invoice.pay.lead', { coin: invoice.coin_name })}</Text>
        <Button onClick={() => confirm({})}>{t('invoice.pay.start')}</Button>
      </Stack>
    );
  }

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Title order={2} size="h4" id={headingId}>
          {t('invoice.pay.title')}
        </Title>
        {body}
      </Stack>
    </Paper>
  );
}

function ConfirmPayment({
  invoice,
  walletNo,
  pay,
  onBack,
  onConfirm,
}: {
  invoice: Invoice;
  walletNo: string;
  pay: ReturnType<typeof usePayInvoice>;
  onBack: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const wallet = useQuery(walletQueries.detail(walletNo));

  // Keyboard and screen-reader users land on the step they opened.
  useEffect(() => headingRef.current?.focus(), []);

  const balance = wallet.data ? balanceAfterPaying(wallet.data.balances, invoice.coin_id, invoice.amount) : null;
  const rows: [string, string][] = [
    [t('invoice.detail.issuer'), invoice.issuer_name],
    [t('invoice.list.subject'), invoice.title],
    [t('fields.coin'), invoice.coin_name],
    [t('invoice.detail.amount'), formatCoin(invoice.amount)],
  ];
  if (balance) {
    rows.push([t('invoice.pay.balanceNow'), formatCoin(balance.before)]);
    rows.push([t('invoice.pay.balanceAfter'), formatCoin(balance.after)]);
  }

  return (
    <Stack gap="md">
      <Title order={3} size="h5" ref={headingRef} tabIndex={-1}>
        {t('invoice.pay.confirmTitle')}
      </Title>
      <FactsTable rows={rows} labelWidth={200} aria-label={t('invoice.pay.confirmTitle')} />
      {wallet.isPending && <Skeleton height={24} role="status" aria-busy aria-label={t('common.loading')} />}
      {wallet.isError && <QueryErrorAlert query={wallet} title={t('invoice.pay.balanceFailed')} />}
      {balance && !balance.sufficient && (
        <Alert
          color="orange"
          variant="light"
          role="alert"
          title={t('invoice.pay.insufficient', { coin: invoice.coin_name })}
        />
      )}
      {pay.isError && (
        <Alert color="red" variant="light" role="alert" title={t('invoice.pay.failed')}>
          {apiErrorText(t, pay.error)}
        </Alert>
      )}
      <Text size="sm" c="dimmed">
        {t('invoice.pay.confirmNote')}
      </Text>
      <Group>
        <Button variant="default" onClick={onBack} disabled={pay.isPending}>
          {t('actions.back')}
        </Button>
        <Button loading={pay.isPending} disabled={!balance?.sufficient} onClick={onConfirm}>
          {t('invoice.pay.submit')}
        </Button>
      </Group>
    </Stack>
  );
}
