import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Radio.css';
import {
  FLAG_YES,
  MAX_PAYMENT_AMOUNT,
  type MerchantPayment,
  type MerchantPaymentBody,
  type PaymentFee,
} from '@coin/contract';
import { Alert, Box, Button, Group, NativeSelect, Paper, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, lazy, Suspense, useMemo, useRef, useState } from 'react';
import { getPaymentFee, merchantPaymentQueries, useCreateMerchantPayment } from '@/api/payments';
import { walletQueries } from '@/api/wallets';
import { fieldRefusal } from '@/components/accountErrors';
import { apiErrorText } from '@/components/apiErrorText';
import { ConfirmPanel, DonePanel } from '@/components/MoneyStepPanels';
import { QueryErrorAlert } from '@/components/QueryErrorAlert';
import { RewritingInput } from '@/components/RewritingInput';
import { amountTyping, isAmountSeparator } from '@/components/typedNumber';
import { focusFirstInvalid } from '@/components/useFocusOnMount';
import { type ConfirmStepOf, type MoneyStep, useMoneySteps } from '@/components/useMoneySteps';
import { usePageTitle } from '@/components/usePageTitle';
import { formatBasisPoints, formatCoin } from '@/format';
import type { TFunction } from '@/i18n';
import { useTranslation } from '@/i18n';
import { type MerchantEntry, selectSelectedMerchant, useSessionState } from '@/session';
import {
  checkPayment,
  keptRateType,
  otherPayees,
  PAYMENT_COMMENT_MAX,
  type PaymentProblems,
  type PaymentValues,
  rateChoices,
  totalProblem,
} from './paymentRequestForm';

interface Confirmed {
  fee: PaymentFee;
  body: MerchantPaymentBody;
  coinName: string;
  balance: number;
}
type Step = MoneyStep<Confirmed, MerchantPayment>;

const EMPTY_VALUES: PaymentValues = { payeeId: '', coinId: '', rateType: '', amount: '', comment: '' };

// The list of sent payments (table, period filter, CSV) loads beside the form, after it.
const SentPayments = lazy(() => import('./SentPayments'));

/** RequestPayment (Owner, Manager): pay another merchant from the wallet after a fee preview; the payments sent. */
export default function RequestPaymentPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.RequestPayment'));
  const merchant = useSessionState(selectSelectedMerchant);
  // The form's values live here, so going back from the confirm step (or a failed payment) keeps them.
  const [values, setValues] = useState<PaymentValues>(EMPTY_VALUES);
  const { step, confirm, back, done } = useMoneySteps<Confirmed, MerchantPayment>();
  if (!merchant) return null;

  let main: React.ReactNode;
  if (step.kind === 'done') {
    main = (
      <Done
        payment={step.result}
        onAgain={() => {
          setValues(EMPTY_VALUES);
          back();
        }}
      />
    );
  } else if (step.kind === 'confirm') {
    main = <ConfirmStep merchant={merchant} step={step} onBack={back} onDone={done} />;
  } else {
    main = <FormStep merchant={merchant} values={values} onValues={setValues} onConfirmed={confirm} />;
  }

  return (
    <Stack gap="lg">
      <Title order={1}>{t('pages.RequestPayment')}</Title>
      <Box maw={760}>{main}</Box>
      <Suspense fallback={null}>
        <SentPayments merchantId={merchant.merchant_id} merchantName={merchant.name} />
      </Suspense>
    </Stack>
  );
}

/** Which form field a 400 refusal of the server names. */
const SERVER_FIELDS: Readonly<Record<string, keyof PaymentValues>> = {
  to_merchant_id: 'payeeId',
  coin_id: 'coinId',
  amount: 'amount',
  type: 'rateType',
  comment: 'comment',
};

function problemText(t: TFunction, problem: PaymentProblems[keyof PaymentProblems]): string | null {
  if (problem === undefined) return null;
  if (typeof problem === 'object')
    return t('requestPayment.errors.overBalance', { balance: formatCoin(problem.balance) });
  if (problem === 'max') return t('requestPayment.errors.max', { max: formatCoin(MAX_PAYMENT_AMOUNT) });
  if (problem === 'commentTooLong') return t('requestPayment.errors.commentTooLong', { max: PAYMENT_COMMENT_MAX });
  return t(`requestPayment.errors.${problem}`);
}

function FormStep({
  merchant,
  values,
  onValues,
  onConfirmed,
}: {
  merchant: MerchantEntry;
  values: PaymentValues;
  onValues: (values: PaymentValues) => void;
  onConfirmed: (confirmed: { fee: PaymentFee; body: MerchantPaymentBody; coinName: string; balance: number }) => void;
}) {
  const { t } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const payees = useQuery(merchantPaymentQueries.payees());
  const rates = useQuery(merchantPaymentQueries.rates());
  const wallet = useQuery(walletQueries.detail(merchant.wallet_no));
  const [problems, setProblems] = useState<PaymentProblems>({});
  const [overTotal, setOverTotal] = useState<{ total: number; balance: number } | null>(null);
  const fee = useMutation({
    mutationFn: (body: MerchantPaymentBody) =>
      getPaymentFee(merchant.merchant_id, {
        to_merchant_id: body.to_merchant_id,
        amount: body.amount,
        type: body.type,
      }),
  });

  const payeeList = useMemo(
    () => otherPayees(payees.data?.items ?? [], merchant.merchant_id),
    [payees.data, merchant.merchant_id],
  );
  const coins = useMemo(
    () =>
      (wallet.data?.balances ?? [])
        .filter((coin) => coin.transferable === FLAG_YES)
        .map((coin) => ({ id: coin.id, name: coin.name, balance: coin.amount })),
    [wallet.data],
  );
  const ownGroupId = merchant.merchant_group.id;
  const payee = payeeList.find((candidate) => String(candidate.merchant_id) === values.payeeId);
  const choices = rateChoices(rates.data?.items ?? [], payee, ownGroupId);
  // A rate that no longer applies (another payee) gives way to the first that does; one coin is chosen for you.
  const rateType = keptRateType(choices, values.rateType);
  const coinId = values.coinId !== '' ? values.coinId : coins.length === 1 ? String(coins[0]!.id) : '';

  const change = (patch: Partial<PaymentValues>) => {
    onValues({ ...values, coinId, rateType, ...patch });
    setOverTotal(null);
  };

  const refusal = fieldRefusal(fee.error);
  const refusedField = refusal ? SERVER_FIELDS[refusal.field] : undefined;
  const fieldError = (field: keyof PaymentValues): string | null => {
    if (field === 'amount' && overTotal) {
      return t('requestPayment.errors.totalOverBalance', {
        total: formatCoin(overTotal.total),
        balance: formatCoin(overTotal.balance),
      });
    }
    const local = problemText(t, problems[field]);
    if (local) return local;
    if (refusal && refusedField === field) return refusal.message ?? t('errors.invalidRequest');
    return null;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (fee.isPending) return;
    const current = { ...values, coinId, rateType };
    const check = checkPayment(current, { payees: payeeList, rates: rates.data?.items ?? [], ownGroupId, coins });
    setOverTotal(null);
    fee.reset();
    if (!check.ok) {
      setProblems(check.problems);
      focusFirstInvalid(formRef.current);
      return;
    }
    setProblems({});
    const chosenCoin = coins.find((candidate) => candidate.id === check.body.coin_id)!;
    fee.mutate(check.body, {
      onSuccess: (answer) => {
        // Amount and fee together must fit the balance; the server refuses it too (422).
        if (totalProblem(answer.total, chosenCoin.balance)) {
          setOverTotal({ total: answer.total, balance: chosenCoin.balance });
          focusFirstInvalid(formRef.current);
          return;
        }
        onConfirmed({ fee: answer, body: check.body, coinName: chosenCoin.name, balance: chosenCoin.balance });
      },
      onError: () => focusFirstInvalid(formRef.current),
    });
  };

  const loading = payees.isPending || rates.isPending || wallet.isPending;
  const failed = [
    { query: payees, title: t('requestPayment.payeesFailed') },
    { query: rates, title: t('requestPayment.ratesFailed') },
    { query: wallet, title: t('requestPayment.coinsFailed') },
  ].filter(({ query }) => query.isError);
  const noCoins = wallet.isSuccess && coins.length === 0;
  const noPayees = payees.isSuccess && payeeList.length === 0;

  const payeeOptions = [
    { value: '', label: payees.isPending ? t('common.loading') : t('requestPayment.choose') },
    ...payeeList.map((candidate) => ({ value: String(candidate.merchant_id), label: candidate.name })),
  ];
  const coinOptions = [
    { value: '', label: wallet.isPending ? t('common.loading') : t('requestPayment.choose') },
    ...coins.map((candidate) => ({
      value: String(candidate.id),
      label: t('requestPayment.coinOption', { coin: candidate.name, balance: formatCoin(candidate.balance) }),
    })),
  ];

  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      component="form"
      ref={formRef}
      onSubmit={submit}
      noValidate
      aria-labelledby="payment-form-heading"
    >
      <Stack gap="md">
        <Title order={2} size="h4" id="payment-form-heading">
          {t('requestPayment.formTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('requestPayment.lead')}
        </Text>
        {failed.map(({ query, title }) => (
          <QueryErrorAlert key={title} query={query} title={title} />
        ))}
        {noCoins && (
          <Alert color="yellow" variant="light" role="status">
            {t('requestPayment.noCoins')}
          </Alert>
        )}
        <NativeSelect
          label={t('requestPayment.payee')}
          data={payeeOptions}
          value={values.payeeId}
          onChange={(event) => {
            const payeeId = event.currentTarget.value;
            const next = payeeList.find((candidate) => String(candidate.merchant_id) === payeeId);
            change({
              payeeId,
              rateType: keptRateType(rateChoices(rates.data?.items ?? [], next, ownGroupId), rateType),
            });
          }}
          error={fieldError('payeeId')}
          description={noPayees ? t('requestPayment.noPayees') : undefined}
          disabled={payees.isPending || noPayees}
          required
          maw={420}
        />
        <NativeSelect
          label={t('requestPayment.coin')}
          data={coinOptions}
          value={coinId}
          onChange={(event) => change({ coinId: event.currentTarget.value })}
          error={fieldError('coinId')}
          disabled={wallet.isPending || noCoins}
          required
          maw={420}
        />
        <RewritingInput
          label={t('requestPayment.amount')}
          description={t('requestPayment.amountHint', { max: formatCoin(MAX_PAYMENT_AMOUNT) })}
          value={values.amount}
          onValueChange={(amount) => change({ amount })}
          rewrite={amountTyping}
          ignorable={isAmountSeparator}
          inputMode="numeric"
          autoComplete="off"
          error={fieldError('amount')}
          required
          maw={420}
        />
        <Radio.Group
          label={t('requestPayment.rate')}
          value={rateType}
          onChange={(next) => change({ rateType: next })}
          error={fieldError('rateType')}
          withAsterisk
        >
          <Stack gap="xs" mt={6}>
            {rates.isPending && (
              <Text size="sm" c="dimmed">
                {t('common.loading')}
              </Text>
            )}
            {choices.map(({ rate, available }) => (
              <Radio
                key={rate.type}
                value={rate.type}
                label={t('requestPayment.rateOption', { label: rate.label, rate: formatBasisPoints(rate.rate_bp) })}
                description={rate.group_only ? t('requestPayment.groupOnly') : undefined}
                disabled={!available}
              />
            ))}
          </Stack>
        </Radio.Group>
        <TextInput
          label={t('requestPayment.comment')}
          description={t('requestPayment.commentHint', { max: PAYMENT_COMMENT_MAX })}
          value={values.comment}
          onChange={(event) => change({ comment: event.currentTarget.value })}
          error={fieldError('comment')}
          autoComplete="off"
        />
        {fee.isError && !refusedField && (
          <Alert color="red" variant="light" role="alert" title={t('requestPayment.confirmFailed')}>
            {apiErrorText(t, fee.error)}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={fee.isPending} disabled={loading || noCoins || noPayees}>
            {t('requestPayment.confirm')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function ConfirmStep({
  merchant,
  step,
  onBack,
  onDone,
}: {
  merchant: MerchantEntry;
  step: ConfirmStepOf<Step>;
  onBack: () => void;
  onDone: (payment: MerchantPayment) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateMerchantPayment(merchant.merchant_id, merchant.wallet_no);
  const { fee, body } = step;
  const rows: [string, string][] = [
    [t('requestPayment.payee'), fee.to_merchant_name],
    [t('requestPayment.coin'), step.coinName],
    [t('requestPayment.amount'), formatCoin(fee.amount)],
    [t('requestPayment.fee', { label: fee.rate_label, rate: formatBasisPoints(fee.rate_bp) }), formatCoin(fee.fee)],
    [t('requestPayment.total'), formatCoin(fee.total)],
    [t('requestPayment.balanceBefore'), formatCoin(step.balance)],
    [t('requestPayment.balanceAfter'), formatCoin(step.balance - fee.total)],
    [t('fields.comment'), body.comment ?? '—'],
  ];
  return (
    <ConfirmPanel
      title={t('requestPayment.confirmTitle')}
      lead={t('requestPayment.confirmLead')}
      rows={rows}
      request={create}
      failedTitle={t('requestPayment.failed')}
      submitLabel={t('requestPayment.submit')}
      onBack={onBack}
      onSubmit={() => create.mutate({ body, idempotencyKey: step.idempotencyKey }, { onSuccess: onDone })}
    />
  );
}

function Done({ payment, onAgain }: { payment: MerchantPayment; onAgain: () => void }) {
  const { t } = useTranslation();
  return (
    <DonePanel
      title={t('requestPayment.doneTitle')}
      actions={
        <Button variant="default" onClick={onAgain}>
          {t('requestPayment.again')}
        </Button>
      }
    >
      <Text size="sm">
        {t('requestPayment.doneBody', {
          id: payment.transaction_id,
          payee: payment.to_merchant_name,
          coin: payment.coin_name,
          amount: formatCoin(payment.amount),
          fee: formatCoin(payment.fee),
        })}
      </Text>
    </DonePanel>
  );
}
