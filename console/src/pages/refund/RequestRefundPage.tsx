import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Grid.css';
import {
  DEFAULT_PAGE_SIZE,
  FLAG_YES,
  type History,
  type RefundApplication,
  type RefundConfirmation,
} from '@coin/contract';
import { Alert, Badge, Button, Grid, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type FormEvent, lazy, Suspense, useMemo, useState } from 'react';
import { confirmRefund, type RefundBody, useCreateRefund } from '@/api/refunds';
import { walletQueries } from '@/api/wallets';
import { apiErrorText } from '@/components/apiErrorText';
import { type Column, ListTable } from '@/components/ListTable';
import { ConfirmPanel } from '@/components/MoneyStepPanels';
import { PeriodFilter } from '@/components/PeriodFilter';
import { type ConfirmStepOf, type MoneyStep, useMoneySteps } from '@/components/useMoneySteps';
import { usePageTitle } from '@/components/usePageTitle';
import { formatBasisPoints, formatCoin, formatDateTime } from '@/format';
import { useTranslation } from '@/i18n';
import { selectSelectedMerchant, useSessionState } from '@/session';
import { recentPeriod, refundAmountProblem } from './paymentPeriod';

// What is being refunded and the fee history load beside the form, after it.
const RefundSideCards = lazy(() => import('./RefundSideCards'));

interface Confirmed {
  confirmation: RefundConfirmation;
  body: RefundBody;
}
type Step = MoneyStep<Confirmed, RefundApplication>;

/** RequestRefund (Owner): pick a payment, enter the amount, confirm the fee, submit. */
export default function RequestRefundPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.RequestRefund'));
  const merchant = useSessionState(selectSelectedMerchant);
  const [payment, setPayment] = useState<History | null>(null);
  const [amount, setAmount] = useState<number | string>('');
  const { step, confirm, back, done } = useMoneySteps<Confirmed, RefundApplication>();
  if (!merchant) return null;
  const walletNo = merchant.wallet_no;

  const startOver = () => {
    setPayment(null);
    setAmount('');
    back();
  };

  let main: React.ReactNode;
  if (step.kind === 'done') {
    main = <Done application={step.result} onAgain={startOver} />;
  } else if (step.kind === 'confirm') {
    main = <ConfirmStep walletNo={walletNo} step={step} onBack={back} onDone={done} />;
  } else {
    main = (
      <FormStep
        walletNo={walletNo}
        payment={payment}
        onPayment={(chosen) => {
          setPayment(chosen);
          if (amount === '') setAmount(chosen.amount);
        }}
        amount={amount}
        onAmount={setAmount}
        onConfirmed={(confirmation, body) => confirm({ confirmation, body })}
      />
    );
  }

  return (
    <Stack gap="lg">
      <Title order={1}>{t('pages.RequestRefund')}</Title>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>{main}</Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Suspense fallback={null}>
            <RefundSideCards walletNo={walletNo} merchantId={merchant.merchant_id} merchantName={merchant.name} />
          </Suspense>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function FormStep({
  walletNo,
  payment,
  onPayment,
  amount,
  onAmount,
  onConfirmed,
}: {
  walletNo: string;
  payment: History | null;
  onPayment: (payment: History) => void;
  amount: number | string;
  onAmount: (amount: number | string) => void;
  onConfirmed: (confirmation: RefundConfirmation, body: RefundBody) => void;
}) {
  const { t } = useTranslation();
  const [amountError, setAmountError] = useState<string | null>(null);
  const [paymentError, setPaymentError] = useState<string | null>(null);
  const confirm = useMutation({ mutationFn: (body: RefundBody) => confirmRefund(walletNo, body) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!payment) {
      setPaymentError(t('refund.request.noPayment'));
      return;
    }
    setPaymentError(null);
    const problem = refundAmountProblem(amount, payment.amount);
    if (problem) {
      setAmountError(
        problem === 'over'
          ? t('refund.request.amountOver', { amount: formatCoin(payment.amount) })
          : t('refund.request.amountRequired'),
      );
      return;
    }
    setAmountError(null);
    const body = { transaction_id: payment.transaction_id, amount: Number(amount) };
    confirm.mutate(body, { onSuccess: (confirmation) => onConfirmed(confirmation, body) });
  };

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="lg" component="form" onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} size="h4">
            {t('refund.request.selectedPayment')}
          </Title>
          {payment ? (
            <Text>
              {t('fields.transactionId')} {payment.transaction_id} ／ {formatDateTime(payment.created_at)} ／{' '}
              {payment.coin_name} {formatCoin(payment.amount)}
            </Text>
          ) : (
            <Text c={paymentError ? 'red.9' : 'dimmed'} role={paymentError ? 'alert' : undefined}>
              {t('refund.request.noPayment')}
            </Text>
          )}
          <TextInput
            label={t('refund.request.amount')}
            value={amount === '' ? '' : formatCoin(Number(amount))}
            // Digits only; shown with thousands separators as typed.
            onChange={(event) => {
              const digits = event.currentTarget.value.replace(/[^\d]/g, '').slice(0, 12);
              onAmount(digits === '' ? '' : Number(digits));
            }}
            inputMode="numeric"
            error={amountError}
            required
            w={240}
          />
          {confirm.isError && (
            <Alert color="red" variant="light" role="alert" title={t('refund.request.confirmFailed')}>
              {apiErrorText(t, confirm.error)}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={confirm.isPending}>
              {t('refund.request.confirm')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      <PaymentPicker walletNo={walletNo} selected={payment} onSelect={onPayment} />
    </Stack>
  );
}

function PaymentPicker({
  walletNo,
  selected,
  onSelect,
}: {
  walletNo: string;
  selected: History | null;
  onSelect: (payment: History) => void;
}) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState(() => recentPeriod(30));
  const [page, setPage] = useState(1);
  const [idText, setIdText] = useState('');
  const [transactionId, setTransactionId] = useState<number | undefined>(undefined);
  const wallet = useQuery(walletQueries.detail(walletNo));
  const refundable = useMemo(
    () => new Set(wallet.data?.balances.filter((coin) => coin.refundable === FLAG_YES).map((coin) => coin.id)),
    [wallet.data],
  );
  const query = useQuery({
    ...walletQueries.histories(walletNo, {
      start_date: period.from,
      end_date: period.to,
      type: 'PAYMENT',
      limit: DEFAULT_PAGE_SIZE,
      offset: page,
      ...(transactionId ? { transaction_id: transactionId } : {}),
    }),
    placeholderData: keepPreviousData,
  });

  const columns = useMemo<Column<History>[]>(
    () => [
      {
        key: 'select',
        header: t('refund.request.select'),
        render: (row) => {
          if (selected?.transaction_id === row.transaction_id) {
            return (
              <Badge color="blue" variant="filled">
                {t('refund.request.selected')}
              </Badge>
            );
          }
          const allowed = refundable.has(row.coin_id);
          return allowed ? (
            <Button
              size="compact-sm"
              variant="light"
              aria-label={t('refund.request.selectLabel', { id: row.transaction_id })}
              onClick={() => onSelect(row)}
            >
              {t('refund.request.select')}
            </Button>
          ) : (
            <Badge color="gray" variant="light">
              {t('refund.request.notRefundable')}
            </Badge>
          );
        },
      },
      { key: 'id', header: t('fields.transactionId'), align: 'right', render: (row) => row.transaction_id },
      { key: 'created_at', header: t('fields.dateTime'), render: (row) => formatDateTime(row.created_at) },
      { key: 'coin', header: t('fields.coin'), render: (row) => row.coin_name },
      { key: 'amount', header: t('fields.paymentAmount'), align: 'right', render: (row) => formatCoin(row.amount) },
      { key: 'payer', header: t('refund.request.payer'), render: (row) => row.counterparty ?? '—' },
    ],
    [t, selected, refundable, onSelect],
  );

  const submitId = (event: FormEvent) => {
    event.preventDefault();
    const value = idText.trim();
    setTransactionId(/^\d{1,15}$/.test(value) ? Number(value) : undefined);
    setPage(1);
  };

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="payments-heading">
      <Stack gap="md">
        <Title order={2} size="h4" id="payments-heading">
          {t('refund.request.choosePayment')}
        </Title>
        <Group align="flex-end" gap="md" wrap="wrap">
          <PeriodFilter
            from={period.from}
            to={period.to}
            onChange={(next) => {
              setPeriod(next);
              setPage(1);
            }}
          />
          <form onSubmit={submitId} aria-label={t('transaction.searchId')}>
            <Group align="flex-end" gap="xs" wrap="nowrap">
              <TextInput
                label={t('fields.transactionId')}
                placeholder={t('transaction.searchId')}
                inputMode="numeric"
                value={idText}
                onChange={(event) => setIdText(event.currentTarget.value)}
                w={180}
              />
              <Button type="submit" variant="light">
                {t('actions.search')}
              </Button>
            </Group>
          </form>
        </Group>
        <ListTable
          label={t('refund.request.paymentsLabel')}
          columns={columns}
          query={query}
          rowKey={(row) => `${row.transaction_id}-${row.coin_id}`}
          page={page}
          pageSize={DEFAULT_PAGE_SIZE}
          onPageChange={setPage}
          emptyText={t('refund.request.paymentsEmpty')}
        />
      </Stack>
    </Paper>
  );
}

function ConfirmStep({
  walletNo,
  step,
  onBack,
  onDone,
}: {
  walletNo: string;
  step: ConfirmStepOf<Step>;
  onBack: () => void;
  onDone: (application: RefundApplication) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateRefund(walletNo);
  const { confirmation } = step;
  const rows: [string, string][] = [
    [t('fields.transactionId'), String(confirmation.payment.transaction_id)],
    [t('refund.request.paidAt'), formatDateTime(confirmation.payment.created_at)],
    [t('refund.request.payer'), confirmation.payment.payer_wallet_no],
    [t('fields.coin'), confirmation.coin.name],
    [t('fields.paymentAmount'), formatCoin(confirmation.payment.amount)],
    [t('refund.request.remainingBefore'), formatCoin(confirmation.refundable_remaining)],
    [t('fields.refundAmount'), formatCoin(confirmation.amount)],
    [
      t('fields.fee'),
      t('refund.request.feeWithRate', {
        fee: formatCoin(confirmation.fee),
        rate: formatBasisPoints(confirmation.fee_rate_bp),
      }),
    ],
    [t('refund.request.remainingAfter'), formatCoin(confirmation.remaining_after)],
  ];
  return (
    <ConfirmPanel
      title={t('refund.request.confirmTitle')}
      rows={rows}
      labelWidth={220}
      request={create}
      failedTitle={t('refund.request.failed')}
      submitLabel={t('refund.request.submit')}
      onBack={onBack}
      onSubmit={() => create.mutate({ body: step.body, idempotencyKey: step.idempotencyKey }, { onSuccess: onDone })}
    />
  );
}

function Done({ application, onAgain }: { application: RefundApplication; onAgain: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="teal" variant="light" title={t('refund.request.doneTitle')} role="status">
      <Stack gap="md" align="flex-start">
        <Text size="sm">
          {t('refund.request.doneBody', {
            id: application.id,
            coin: application.coin_name,
            amount: formatCoin(application.amount),
          })}
        </Text>
        <Group>
          <Button component={Link} to="/refund">
            {t('refund.request.toList')}
          </Button>
          <Button variant="default" onClick={onAgain}>
            {t('refund.request.again')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
