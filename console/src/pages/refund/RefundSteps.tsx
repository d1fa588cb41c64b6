import '@mantine/core/styles/Paper.css';
import { REFUND_REASON_MAX_LENGTH, type RefundApplication, type RefundConfirmation } from '@coin/contract';
import { Alert, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { isApiError } from '@/api/errors';
import { type RefundBody, useConfirmRefund, useCreateRefund } from '@/api/refunds';
import { apiErrorText } from '@/components/apiErrorText';
import { ConfirmPanel, DonePanel } from '@/components/MoneyStepPanels';
import { RewritingInput } from '@/components/RewritingInput';
import { amountTyping, isAmountSeparator } from '@/components/typedNumber';
import { focusFirstInvalid, useFocusOnMount } from '@/components/useFocusOnMount';
import { type ConfirmStepOf, type MoneyStep, useMoneySteps } from '@/components/useMoneySteps';
import { formatBasisPoints, formatCoin, formatDateTime } from '@/format';
import { type TFunction, useTranslation } from '@/i18n';
import {
  checkRefund,
  initialRefundValues,
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
  const [values, setValues] = useState<RefundValues>(() => initialRefundValues(payment));
  const { step, confirm, back, done } = useMoneySteps<Confirmed, RefundApplication>();

  if (step.kind === 'done') {
    return (
      <DonePanel
        title={t('refund.request.doneTitle')}
        actions={
          <>
            <Button component={Link} to="/refund">
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
      values={values}
      onValues={setValues}
      onConfirmed={(confirmation, body) => confirm({ confirmation, body })}
      onCancel={onCancel}
      cancelLabel={cancelLabel}
    />
  );
}

function amountProblemText(t: TFunction, problem: RefundProblems['amount'], payment: RefundTarget): string | null {
  if (problem === undefined) return null;
  if (problem === 'max') return t('refund.form.errors.max', { amount: formatCoin(payment.refundable_remaining) });
  return t(`refund.form.errors.${problem}`);
}

function FormStep({
  walletNo,
  payment,
  values,
  onValues,
  onConfirmed,
  onCancel,
  cancelLabel,
}: {
  walletNo: string;
  payment: RefundTarget;
  values: RefundValues;
  onValues: (values: RefundValues) => void;
  onConfirmed: (confirmation: RefundConfirmation, body: RefundBody) => void;
  onCancel: () => void;
  cancelLabel: string;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  const formRef = useRef<HTMLFormElement>(null);
  const [problems, setProblems] = useState<RefundProblems>({});
  // A field the server refused (400 naming it): its message stands by the field until it changes.
  const [serverField, setServerField] = useState<{ field: 'amount' | 'reason'; message: string } | null>(null);
  const confirm = useConfirmRefund(walletNo);

  const change = (patch: Partial<RefundValues>) => {
    onValues({ ...values, ...patch });
    setServerField(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkRefund(values, payment);
    if (!check.ok) {
      setProblems(check.problems);
      focusFirstInvalid(formRef.current);
      return;
    }
    setProblems({});
    confirm.mutate(check.body, {
      onSuccess: (confirmation) => onConfirmed(confirmation, check.body),
      onError: (error) => {
        if (!isApiError(error, 400)) return;
        const { field, message } = error.body;
        if (field === 'amount' || field === 'reason') {
          setServerField({ field, message });
          focusFirstInvalid(formRef.current);
        }
      },
    });
  };

  const amountError =
    amountProblemText(t, problems.amount, payment) ?? (serverField?.field === 'amount' ? serverField.message : null);
  const reasonError =
    (problems.reason ? t('refund.form.errors.reasonTooLong', { max: REFUND_REASON_MAX_LENGTH }) : null) ??
    (serverField?.field === 'reason' ? serverField.message : null);
  const reasonLength = values.reason.trim().length;

  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      component="form"
      ref={formRef}
      onSubmit={submit}
      noValidate
      aria-labelledby={headingId}
    >
      <Stack gap="md">
        <Title order={2} size="h4" id={headingId} ref={headingRef} tabIndex={-1}>
          {t('refund.form.title')}
        </Title>
        <Text size="sm">
          {t('refund.form.payment', {
            id: payment.transaction_id,
            at: formatDateTime(payment.created_at),
            coin: payment.coin_name,
            amount: formatCoin(payment.amount),
          })}
        </Text>
        <RewritingInput
          label={t('refund.request.amount')}
          description={t('refund.form.amountHint', { amount: formatCoin(payment.refundable_remaining) })}
          value={values.amount}
          onValueChange={(amount) => change({ amount })}
          rewrite={amountTyping}
          ignorable={isAmountSeparator}
          inputMode="numeric"
          autoComplete="off"
          error={amountError}
          required
          maw={280}
        />
        <Textarea
          label={t('refund.form.reason')}
          description={t('refund.form.reasonHint', { max: REFUND_REASON_MAX_LENGTH, count: reasonLength })}
          value={values.reason}
          onChange={(event) => change({ reason: event.currentTarget.value })}
          error={reasonError}
          rows={3}
          maw={520}
        />
        {confirm.isError && !serverField && (
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
