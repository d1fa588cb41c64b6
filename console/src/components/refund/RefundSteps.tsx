import { REFUND_REASON_MAX_LENGTH, type RefundApplication, type RefundConfirmation } from '@coin/contract';
import { Alert, Button, Group, Text, Textarea } from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import type { ReactNode } from 'react';
import { type RefundBody, useConfirmRefund, useCreateRefund } from '@/api/refunds';
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
import { type ConfirmStepOf, type MoneyStep, useMoneySteps } from '@/components/useMoneySteps';
import { formatBasisPoints, formatCoin, formatDateTime } from '@/format';
import { type TFunction, useTranslation } from '@/i18n';
import { AppLink } from '@/router/AppLink';
import {
  checkRefund,
  initialRefundValues,
  REFUND_FIELD_OF,
  type RefundField,
  type RefundProblems,
  type RefundTarget,
  type RefundValues,
} from './refundForm';

interface Confirmed {
  confirmation: RefundConfirmation;
  body: RefundBody;
}
type Step = MoneyStep<Confirmed, RefundApplication>;

export interface RefundStepsProps {
  walletNo: string;
  payment: RefundTarget;
  /** Leaves the form (another payment, or the detail without a refund). */
  onCancel: () => void;
  cancelLabel: string;
  /** The done step's buttons after 返金一覧へ. */
  doneActions?: ReactNode;
}

/**
 * A refund of one payment, step by step: the amount (what is left to refund filled in) and an optional
 * reason, the confirm step with the fee from /refunds/confirm, then the request and its result. Mount
 * it with `key={payment.transaction_id}`: another payment starts a new form, without the old amount
 * or error. The request page and the transaction detail both use it.
 */
export default function RefundSteps({ walletNo, payment, onCancel, cancelLabel, doneActions }: RefundStepsProps) {
  const { t } = useTranslation();
  // The values live here, so going back from the confirm step keeps them.
  const form = useForm<RefundValues>({ initialValues: initialRefundValues(payment) });
  const { step, confirm, back, done } = useMoneySteps<Confirmed, RefundApplication>();

  if (step.kind === 'done') {
    return (
      <DonePanel
        title={t('refund.request.doneTitle')}
        actions={
          <>
            <Button component={AppLink} to="/refund">
              {t('refund.request.toList')}
            </Button>
            {doneActions}
          </>
        }
      >
        <Text size="sm">
          {t('refund.request.doneBody', {
            id: step.result.id,
            coin: step.result.coin_name,
            amount: formatCoin(step.result.amount),
          })}
        </Text>
      </DonePanel>
    );
  }
  if (step.kind === 'confirm') return <ConfirmStep walletNo={walletNo} step={step} onBack={back} onDone={done} />;
  return (
    <FormStep
      walletNo={walletNo}
      payment={payment}
      form={form}
      onConfirmed={(confirmation, body) => confirm({ confirmation, body })}
      onCancel={onCancel}
      cancelLabel={cancelLabel}
    />
  );
}

/** Each problem in words; the limits are the contract's (the amount's is what is left of this payment). */
function problemTexts(t: TFunction, problems: RefundProblems, payment: RefundTarget): FieldErrors<RefundField> {
  const { amount, reason } = problems;
  return {
    amount:
      amount &&
      (amount === 'max'
        ? t('refund.form.errors.max', { amount: formatCoin(payment.refundable_remaining) })
        : t(`refund.form.errors.${amount}`)),
    reason: reason && t('refund.form.errors.reasonTooLong', { max: REFUND_REASON_MAX_LENGTH }),
  };
}

function FormStep({
  walletNo,
  payment,
  form,
  onConfirmed,
  onCancel,
  cancelLabel,
}: {
  walletNo: string;
  payment: RefundTarget;
  form: UseFormReturnType<RefundValues>;
  onConfirmed: (confirmation: RefundConfirmation, body: RefundBody) => void;
  onCancel: () => void;
  cancelLabel: string;
}) {
  const { t } = useTranslation();
  const { fieldId, focusInvalid } = useFieldFocus<RefundField>();
  const confirm = useConfirmRefund(walletNo);
  const refused = (error: unknown) => refusedFieldErrors(error, REFUND_FIELD_OF, t('errors.invalidRequest'));

  const change = (field: RefundField, value: string) => {
    // Setting a value clears its field's problem; what the server refused was about the values before.
    form.setFieldValue(field, value);
    if (confirm.isError) confirm.reset();
  };

  const submit = async () => {
    if (confirm.isPending) return;
    const check = checkRefund(form.getValues(), payment);
    // What the console words itself first; then the contract's schema of the request, as the server checks it.
    const errors = check.ok
      ? await contractFieldErrors('confirmRefund', check.body, REFUND_FIELD_OF, 'amount', t('errors.invalidRequest'))
      : problemTexts(t, check.problems, payment);
    if (!check.ok || hasFieldErrors(errors)) {
      form.setErrors(errors);
      focusInvalid(errors);
      return;
    }
    form.clearErrors();
    confirm.mutate(check.body, {
      onSuccess: (confirmation) => onConfirmed(confirmation, check.body),
      onError: (error) => {
        // A field the server refused (400 naming it): its message stands by the field until it changes.
        const fields = refused(error);
        if (!fields) return;
        form.setErrors(fields);
        focusInvalid(fields);
      },
    });
  };

  const { values, errors } = form;
  return (
    <FormCard title={t('refund.form.title')} focusTitle onSubmit={() => void submit()}>
      <Text size="sm">
        {t('refund.form.payment', {
          id: payment.transaction_id,
          at: formatDateTime(payment.created_at),
          coin: payment.coin_name,
          amount: formatCoin(payment.amount),
        })}
      </Text>
      <AmountField
        id={fieldId('amount')}
        label={t('refund.request.amount')}
        description={t('refund.form.amountHint', { amount: formatCoin(payment.refundable_remaining) })}
        value={values.amount}
        onChange={(amount) => change('amount', amount)}
        error={errors.amount}
        maw={280}
      />
      <Textarea
        id={fieldId('reason')}
        label={t('refund.form.reason')}
        description={t('refund.form.reasonHint', {
          max: REFUND_REASON_MAX_LENGTH,
          count: values.reason.trim().length,
        })}
        value={values.reason}
        onChange={(event) => change('reason', event.currentTarget.value)}
        error={errors.reason}
        rows={3}
        maw={520}
      />
      {confirm.isError && !refused(confirm.error) && (
        <Alert color="red" variant="light" role="alert" title={t('refund.request.confirmFailed')}>
          {apiErrorText(t, confirm.error)}
        </Alert>
      )}
      <Group>
        <Button type="submit" loading={confirm.isPending}>
          {t('refund.request.confirm')}
        </Button>
        <Button variant="default" onClick={onCancel} disabled={confirm.isPending}>
          {cancelLabel}
        </Button>
      </Group>
    </FormCard>
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
  const { confirmation, body } = step;
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
    [t('fields.refundReason'), body.reason ?? t('refund.form.noReason')],
  ];
  return (
    <ConfirmPanel
      title={t('refund.request.confirmTitle')}
      rows={rows}
      labelWidth={170}
      request={create}
      failedTitle={t('refund.request.failed')}
      submitLabel={t('refund.request.submit')}
      onBack={onBack}
      onSubmit={() => create.mutate({ body, idempotencyKey: step.idempotencyKey }, { onSuccess: onDone })}
    />
  );
}
