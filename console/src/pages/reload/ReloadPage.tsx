import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Paper.css';
import { MAX_RELOAD_AMOUNT, PAYING_ROLES, type ReloadBody, type ReloadResult } from '@coin/contract';
import { Alert, Box, Button, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo } from 'react';
import { isApiError } from '@/api/errors';
import { reloadQueries, useCreateReload } from '@/api/reloads';
import { walletQueries } from '@/api/wallets';
import { apiErrorText } from '@/components/apiErrorText';
import { FormCard } from '@/components/FormCard';
import { useFieldFocus } from '@/components/formFocus';
import { AmountField, contractFieldErrors, type FieldErrors, hasFieldErrors } from '@/components/MoneyForm';
import { ConfirmPanel, DonePanel } from '@/components/MoneyStepPanels';
import { QueryErrorAlert } from '@/components/QueryErrorAlert';
import { RewritingInput } from '@/components/RewritingInput';
import { type ConfirmStepOf, type MoneyStep, useMoneySteps } from '@/components/useMoneySteps';
import { usePageTitle } from '@/components/usePageTitle';
import { formatCoin } from '@/format';
import type { TFunction } from '@/i18n';
import { useTranslation } from '@/i18n';
import { roleKey } from '@/i18n/keys';
import { type MerchantEntry, selectRole, selectSelectedMerchant, useSessionState } from '@/session';
import {
  checkReload,
  EMPTY_RELOAD_VALUES,
  isWalletNoSeparator,
  RELOAD_FIELD_OF,
  type ReloadField,
  type ReloadProblems,
  type ReloadValues,
  walletNoTyping,
} from './reloadForm';

interface Confirmed {
  body: ReloadBody;
  coinName: string;
  balance: number | null;
}
type Step = MoneyStep<Confirmed, ReloadResult>;

// The reload history (table, period filter, CSV) loads beside the form, after it.
const ReloadHistory = lazy(() => import('./ReloadHistory'));

/** Reload: Owner and Manager reload a customer's wallet from the merchant's coins; every role sees the reloads. */
export default function ReloadPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.Reload'));
  const merchant = useSessionState(selectSelectedMerchant);
  const role = useSessionState(selectRole);
  // The form's values live here, so going back from the confirm step (or a failed reload) keeps them.
  const form = useForm<ReloadValues>({ initialValues: EMPTY_RELOAD_VALUES });
  const { step, confirm, back, done } = useMoneySteps<Confirmed, ReloadResult>();
  if (!merchant) return null;

  let main: React.ReactNode;
  if (!merchant.reloadable) {
    main = <Explanation title={t('reload.noReloadable')} body={t('reload.noReloadableDetail')} />;
  } else if (!PAYING_ROLES.includes(role)) {
    main = <Explanation title={t('reload.viewOnly')} body={t('reload.viewOnlyDetail', { role: t(roleKey(role)) })} />;
  } else if (step.kind === 'done') {
    main = (
      <Done
        result={step.result}
        onAgain={() => {
          // The next customer probably wants the same coin.
          form.setValues({ ...EMPTY_RELOAD_VALUES, coinId: form.getValues().coinId });
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
      <Title order={1}>{t('pages.Reload')}</Title>
      <Box maw={760}>{main}</Box>
      <Suspense fallback={null}>
        <ReloadHistory merchant={merchant} />
      </Suspense>
    </Stack>
  );
}

function Explanation({ title, body }: { title: string; body: string }) {
  return (
    <Alert color="gray" variant="light" title={title}>
      <Text size="sm">{body}</Text>
    </Alert>
  );
}

function problemText(t: TFunction, problem: ReloadProblems[keyof ReloadProblems]): string | undefined {
  if (problem === undefined) return undefined;
  if (typeof problem === 'object') return t('reload.errors.overBalance', { balance: formatCoin(problem.balance) });
  if (problem === 'max') return t('reload.errors.max', { max: formatCoin(MAX_RELOAD_AMOUNT) });
  return t(`reload.errors.${problem}`);
}

/** Each problem in words; the limits are the contract's. */
const problemTexts = (t: TFunction, problems: ReloadProblems): FieldErrors<ReloadField> => ({
  walletNo: problemText(t, problems.walletNo),
  coinId: problemText(t, problems.coinId),
  amount: problemText(t, problems.amount),
});

function FormStep({
  merchant,
  form,
  onConfirmed,
}: {
  merchant: MerchantEntry;
  form: UseFormReturnType<ReloadValues>;
  onConfirmed: (confirmed: { body: ReloadBody; coinName: string; balance: number | null }) => void;
}) {
  const { t } = useTranslation();
  const { fieldId, focusInvalid } = useFieldFocus<ReloadField>();
  const detail = useQuery(reloadQueries.coins(merchant.merchant_id));
  const wallet = useQuery(walletQueries.detail(merchant.wallet_no));

  const coins = useMemo(
    () =>
      (detail.data?.reloadable_coins ?? []).map((coin) => {
        // A coin the wallet has never held has no balance row: nothing to reload from.
        const held = wallet.data?.balances.find((balance) => balance.id === coin.id);
        return { id: coin.id, name: coin.name, balance: held ? held.amount : wallet.isSuccess ? 0 : null };
      }),
    [detail.data, wallet.data, wallet.isSuccess],
  );
  const { values, errors } = form;
  // One coin is chosen for you.
  const coinId = values.coinId !== '' ? values.coinId : coins.length === 1 ? String(coins[0]!.id) : '';

  if (detail.isSuccess && coins.length === 0) {
    // The session said reloadable, the merchant now has no such coin.
    return <Explanation title={t('reload.noReloadable')} body={t('reload.noReloadableDetail')} />;
  }

  const submit = async () => {
    const check = checkReload({ ...form.getValues(), coinId }, { ownWalletNo: merchant.wallet_no, coins });
    // What the console words itself first; then the contract's schema of the request, as the server checks it.
    const found = check.ok
      ? await contractFieldErrors('createReload', check.body, RELOAD_FIELD_OF, 'amount', t('errors.invalidRequest'))
      : problemTexts(t, check.problems);
    if (!check.ok || hasFieldErrors(found)) {
      form.setErrors(found);
      focusInvalid(found);
      return;
    }
    form.clearErrors();
    const chosen = coins.find((candidate) => candidate.id === check.body.coin_id)!;
    onConfirmed({ body: check.body, coinName: chosen.name, balance: chosen.balance });
  };

  const failed = detail.isError ? detail : wallet.isError ? wallet : null;
  const coinOptions = [
    { value: '', label: detail.isPending ? t('common.loading') : t('reload.choose') },
    ...coins.map((candidate) => ({
      value: String(candidate.id),
      label:
        candidate.balance === null
          ? candidate.name
          : t('reload.coinOption', { coin: candidate.name, balance: formatCoin(candidate.balance) }),
    })),
  ];

  return (
    <FormCard title={t('reload.formTitle')} lead={t('reload.lead')} onSubmit={() => void submit()}>
      {failed && <QueryErrorAlert query={failed} title={t('reload.coinsFailed')} />}
      <RewritingInput
        id={fieldId('walletNo')}
        label={t('reload.walletNo')}
        description={t('reload.walletNoHint')}
        value={values.walletNo}
        onValueChange={(walletNo) => form.setFieldValue('walletNo', walletNo)}
        rewrite={walletNoTyping}
        ignorable={isWalletNoSeparator}
        inputMode="numeric"
        autoComplete="off"
        error={errors.walletNo}
        required
        maw={420}
      />
      <NativeSelect
        id={fieldId('coinId')}
        label={t('reload.coin')}
        data={coinOptions}
        value={coinId}
        onChange={(event) => form.setFieldValue('coinId', event.currentTarget.value)}
        error={errors.coinId}
        disabled={detail.isPending}
        required
        maw={420}
      />
      <AmountField
        id={fieldId('amount')}
        label={t('reload.amount')}
        description={t('reload.amountHint', { max: formatCoin(MAX_RELOAD_AMOUNT) })}
        value={values.amount}
        onChange={(amount) => form.setFieldValue('amount', amount)}
        error={errors.amount}
      />
      <Group>
        <Button type="submit" disabled={detail.isPending || detail.isError}>
          {t('reload.confirm')}
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
  onDone: (result: ReloadResult) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateReload(merchant.merchant_id, merchant.wallet_no);
  const { body, balance } = step;
  const rows: [string, string][] = [
    [t('reload.walletNo'), body.wallet_no],
    [t('reload.coin'), step.coinName],
    [t('reload.amount'), formatCoin(body.amount)],
    ...(balance === null
      ? []
      : ([
          [t('reload.balanceBefore'), formatCoin(balance)],
          [t('reload.balanceAfter'), formatCoin(balance - body.amount)],
        ] as [string, string][])),
  ];
  return (
    <ConfirmPanel
      title={t('reload.confirmTitle')}
      lead={t('reload.confirmLead')}
      rows={rows}
      request={create}
      failedTitle={t('reload.failed')}
      // 404: no customer wallet has that number.
      errorText={(error) => (isApiError(error, 404) ? t('reload.errors.customerNotFound') : apiErrorText(t, error))}
      submitLabel={t('reload.submit')}
      onBack={onBack}
      onSubmit={() => create.mutate({ body, idempotencyKey: step.idempotencyKey }, { onSuccess: onDone })}
    />
  );
}

function Done({ result, onAgain }: { result: ReloadResult; onAgain: () => void }) {
  const { t } = useTranslation();
  return (
    <DonePanel
      title={t('reload.doneTitle')}
      actions={
        <Button variant="default" onClick={onAgain}>
          {t('reload.again')}
        </Button>
      }
    >
      <Stack gap={4}>
        <Text size="sm">
          {t('reload.doneBody', {
            id: result.transaction_id,
            walletNo: result.wallet_no,
            coin: result.coin_name,
            amount: formatCoin(result.amount),
          })}
        </Text>
        <Text size="sm">{t('reload.doneBalance', { balance: formatCoin(result.merchant_balance) })}</Text>
      </Stack>
    </DonePanel>
  );
}
