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
import { Alert, Box, Button, Group, NativeSelect, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { getPaymentFee, merchantPaymentQueries, useCreateMerchantPayment } from '@/api/payments';
import { walletQueries } from '@/api/wallets';
import { apiErrorText } from '@/components/apiErrorText';
import { FormCard } from '@/components/FormCard';
import { useFieldFocus } from '@/components/formFocus';
import {
  AmountField,
  contractFieldErrors,
  type FieldErrors,
  hasFieldErrors,
  refusedFieldErrors,
} from '@/components/MoneyForm';
import { ConfirmPanel, DonePanel } from '@/components/MoneyStepPanels';
import { QueryErrorAlert } from '@/components/QueryErrorAlert';
import { type ConfirmStepOf, type MoneyStep, useMoneySteps } from '@/components/useMoneySteps';
import { usePageTitle } from '@/components/usePageTitle';
import { formatBasisPoints, formatCoin } from '@/format';
import type { TFunction } from '@/i18n';
import { useTranslation } from '@/i18n';
import { type MerchantEntry, selectSelectedMerchant, useSessionState } from '@/session';
import {
  checkPayment,
  EMPTY_PAYMENT_VALUES,
  keptRateType,
  otherPayees,
  PAYMENT_COMMENT_MAX,
  PAYMENT_FIELD_OF,
  type PaymentField,
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

// The list of sent payments (table, period filter, CSV) loads beside the form, after it.
const SentPayments = lazy(() => import('./SentPayments'));

/** RequestPayment (Owner, Manager): pay another merchant from the wallet after a fee preview; the payments sent. */
export default function RequestPaymentPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.RequestPayment'));
  const merchant = useSessionState(selectSelectedMerchant);
  // The form's values live here, so going back from the confirm step (or a failed payment) keeps them.
  const form = useForm<PaymentValues>({ initialValues: EMPTY_PAYMENT_VALUES });
  const { step, confirm, back, done } = useMoneySteps<Confirmed, MerchantPayment>();
  if (!merchant) return null;

  let main: React.ReactNode;
  if (step.kind === 'done') {
    main = (
      <Done
        payment={step.result}
        onAgain={() => {
          form.setValues(EMPTY_PAYMENT_VALUES);
          form.clearErrors();
          back();
        }}
      />
    );
  } else if (step.kind === 'confirm') {
    main = <ConfirmStep merchant={merchant} step={step} onBack={back} onDone={done} />;
  } else {
    main = <FormStep merchant={merchant} form={form} onConfirmed={confirm} />;
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

function problemText(t: TFunction, problem: PaymentProblems[keyof PaymentProblems]): string | undefined {
  if (problem === undefined) return undefined;
  if (typeof problem === 'object')
    return t('requestPayment.errors.overBalance', { balance: formatCoin(problem.balance) });
  if (problem === 'max') return t('requestPayment.errors.max', { max: formatCoin(MAX_PAYMENT_AMOUNT) });
  if (problem === 'commentTooLong') return t('requestPayment.errors.commentTooLong', { max: PAYMENT_COMMENT_MAX });
  return t(`requestPayment.errors.${problem}`);
}

/** Each problem in words; the limits are the contract's. */
const problemTexts = (t: TFunction, problems: PaymentProblems): FieldErrors<PaymentField> => ({
  payeeId: problemText(t, problems.payeeId),
  coinId: problemText(t, problems.coinId),
  amount: problemText(t, problems.amount),
  rateType: problemText(t, problems.rateType),
  comment: problemText(t, problems.comment),
});

/** The rate group is focused on the radio to choose: the chosen one, else the first that can be. */
const rateNode = (field: PaymentField, id: string): HTMLElement | null =>
  field === 'rateType'
    ? (document.querySelector<HTMLElement>(`input[name="${id}"]:checked`) ??
      document.querySelector<HTMLElement>(`input[name="${id}"]:not(:disabled)`))
    : document.getElementById(id);

function FormStep({
  merchant,
  form,
  onConfirmed,
}: {
  merchant: MerchantEntry;
  form: UseFormReturnType<PaymentValues>;
  onConfirmed: (confirmed: { fee: PaymentFee; body: MerchantPaymentBody; coinName: string; balance: number }) => void;
}) {
  const { t } = useTranslation();
  const { fieldId, focusInvalid } = useFieldFocus<PaymentField>(rateNode);
  const payees = useQuery(merchantPaymentQueries.payees());
  const rates = useQuery(merchantPaymentQueries.rates());
  const wallet = useQuery(walletQueries.detail(merchant.wallet_no));
  // Amount and fee over the balance: said on the amount until anything changes.
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
  const { values, errors } = form;
  const ownGroupId = merchant.merchant_group.id;
  const payee = payeeList.find((candidate) => String(candidate.merchant_id) === values.payeeId);
  const choices = rateChoices(rates.data?.items ?? [], payee, ownGroupId);
  // A rate that no longer applies (another payee) gives way to the first that does; one coin is chosen for you.
  const rateType = keptRateType(choices, values.rateType);
  const coinId = values.coinId !== '' ? values.coinId : coins.length === 1 ? String(coins[0]!.id) : '';

  const change = (patch: Partial<PaymentValues>) => {
    // Setting a value clears its field's problem; what the server answered was about the values before.
    for (const [field, value] of Object.entries(patch)) form.setFieldValue(field as PaymentField, value);
    setOverTotal(null);
    if (fee.isError) fee.reset();
  };
  const refused = (error: unknown) => refusedFieldErrors(error, PAYMENT_FIELD_OF, t('errors.invalidRequest'));

  const submit = async () => {
    if (fee.isPending) return;
    const current = { ...form.getValues(), coinId, rateType };
    const check = checkPayment(current, { payees: payeeList, rates: rates.data?.items ?? [], ownGroupId, coins });
    setOverTotal(null);
    fee.reset();
    // What the console words itself first; then the contract's schema of the request, as the server checks it.
    const found = check.ok
      ? await contractFieldErrors(
          'createMerchantPayment',
          check.body,
          PAYMENT_FIELD_OF,
          'amount',
          t('errors.invalidRequest'),
        )
      : problemTexts(t, check.problems);
    if (!check.ok || hasFieldErrors(found)) {
      form.setErrors(found);
      focusInvalid(found);
      return;
    }
    form.clearErrors();
    const chosenCoin = coins.find((candidate) => candidate.id === check.body.coin_id)!;
    fee.mutate(check.body, {
      onSuccess: (answer) => {
        // Amount and fee together must fit the balance; the server refuses it too (422).
        if (totalProblem(answer.total, chosenCoin.balance)) {
          setOverTotal({ total: answer.total, balance: chosenCoin.balance });
          focusInvalid({ amount: true });
          return;
        }
        onConfirmed({ fee: answer, body: check.body, coinName: chosenCoin.name, balance: chosenCoin.balance });
      },
      onError: (error) => {
        // A field the server refused (400 naming it): its message stands by the field until it changes.
        const fields = refused(error);
        if (!fields) return;
        form.setErrors(fields);
        focusInvalid(fields);
      },
    });
  };

  const amountError = overTotal
    ? t('requestPayment.errors.totalOverBalance', {
        total: formatCoin(overTotal.total),
        balance: formatCoin(overTotal.balance),
      })
    : errors.amount;
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
    ...payeeList.map((candidate) => ({
      value: String(candidate.merchant_id),
      label: t('requestPayment.payeeOption', { name: candidate.name, walletNo: candidate.wallet_no }),
    })),
  ];
  const coinOptions = [
    { value: '', label: wallet.isPending ? t('common.loading') : t('requestPayment.choose') },
    ...coins.map((candidate) => ({
      value: String(candidate.id),
      label: t('requestPayment.coinOption', { coin: candidate.name, balance: formatCoin(candidate.balance) }),
    })),
  ];

  return (
    <FormCard title={t('requestPayment.formTitle')} lead={t('requestPayment.lead')} onSubmit={() => void submit()}>
      {failed.map(({ query, title }) => (
        <QueryErrorAlert key={title} query={query} title={title} />
      ))}
      {noCoins && (
        <Alert color="yellow" variant="light" role="status">
          {t('requestPayment.noCoins')}
        </Alert>
      )}
      <NativeSelect
        id={fieldId('payeeId')}
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
        error={errors.payeeId}
        description={noPayees ? t('requestPayment.noPayees') : undefined}
        disabled={payees.isPending || noPayees}
        required
        maw={420}
      />
      <NativeSelect
        id={fieldId('coinId')}
        label={t('requestPayment.coin')}
        data={coinOptions}
        value={coinId}
        onChange={(event) => change({ coinId: event.currentTarget.value })}
        error={errors.coinId}
        disabled={wallet.isPending || noCoins}
        required
        maw={420}
      />
      <AmountField
        id={fieldId('amount')}
        label={t('requestPayment.amount')}
        description={t('requestPayment.amountHint', { max: formatCoin(MAX_PAYMENT_AMOUNT) })}
        value={values.amount}
        onChange={(amount) => change({ amount })}
        error={amountError}
      />
      <Radio.Group
        name={fieldId('rateType')}
        label={t('requestPayment.rate')}
        value={rateType}
        onChange={(next) => change({ rateType: next })}
        error={errors.rateType}
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
        id={fieldId('comment')}
        label={t('requestPayment.comment')}
        description={t('requestPayment.commentHint', { max: PAYMENT_COMMENT_MAX })}
        value={values.comment}
        onChange={(event) => change({ comment: event.currentTarget.value })}
        error={errors.comment}
        autoComplete="off"
      />
      {fee.isError && !refused(fee.error) && (
        <Alert color="red" variant="light" role="alert" title={t('requestPayment.confirmFailed')}>
          {apiErrorText(t, fee.error)}
        </Alert>
      )}
      <Group>
        <Button type="submit" loading={fee.isPending} disabled={loading || noCoins || noPayees}>
          {t('requestPayment.confirm')}
        </Button>
      </Group>
    </FormCard>
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
    [t('requestPayment.payeeWallet'), fee.to_wallet_no],
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
