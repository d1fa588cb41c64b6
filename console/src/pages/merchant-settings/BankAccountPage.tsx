import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/SegmentedControl.css';
import { BANK_ACCOUNT_TYPE_LABELS, BANK_ACCOUNT_TYPES, type BankAccount, type BankAccountType } from '@coin/contract';
import { Alert, Box, Button, Group, Input, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import {
  bankAccountQueries,
  loadSettingsBodySchemas,
  type SettingsBodySchemas,
  usePutBankAccount,
  zenginQueries,
} from '@/api/merchantSettings';
import { apiErrorText } from '@/components/apiErrorText';
import { FactsTable } from '@/components/FactsTable';
import { ConfirmPanel } from '@/components/MoneyStepPanels';
import { RewritingInput } from '@/components/RewritingInput';
import { isAmountSeparator } from '@/components/typedNumber';
import { focusFirstInvalid } from '@/components/useFocusOnMount';
import { formatDateTime } from '@/format';
import { useTranslation } from '@/i18n';
import {
  type BankAccountValues,
  type BankField,
  type BankProblems,
  bankAccountRefusal,
  bankAccountValuesOf,
  type ConfirmedAccount,
  confirmBankAccount,
  DESCRIPTION_BELOW,
  digitsTyping,
  isCompleteCode,
  type Lookup,
  lookupError,
  lookupOf,
  padAccountNumber,
  ZENGIN_DIGITS,
} from './bankAccountForm';
import { HolderNameInput } from './HolderNameInput';
import { SettingsFrame } from './SettingsFrame';

/** MerchantBankAccount (Owner): the payout account, shown masked; registering one goes through a confirm step. */
export default function BankAccountPage() {
  const { t } = useTranslation();
  return (
    <SettingsFrame
      title={t('pages.MerchantBankAccount')}
      lead={t('bankAccount.lead')}
      loadFailed={t('bankAccount.loadFailed')}
      queryOf={bankAccountQueries.detail}
      skeletonFields={5}
      maw={760}
    >
      {(data, merchantId) => <BankAccountSettings merchantId={merchantId} account={data.account} />}
    </SettingsFrame>
  );
}

function BankAccountSettings({ merchantId, account }: { merchantId: number; account: BankAccount | null }) {
  const { t } = useTranslation();
  const put = usePutBankAccount(merchantId);
  // The values live here: going back from the confirm step, or a refused registration, keeps them.
  const [values, setValues] = useState<BankAccountValues>(() => bankAccountValuesOf(account));
  const [problems, setProblems] = useState<BankProblems>({});
  const [confirming, setConfirming] = useState<ConfirmedAccount | null>(null);
  // A registered account is changed only on request: payouts go to it.
  const [editing, setEditing] = useState(account === null);
  // Where the keyboard focus goes when a step replaces another: the account after a registration, the
  // form when the user opens it or comes back to it (not when the page loads).
  // A new object each time, so that asking twice for the same place moves the focus again.
  const [focus, setFocus] = useState<{ to: 'account' | 'form' } | null>(null);

  const close = (next: BankAccount | null) => {
    setValues(bankAccountValuesOf(next));
    setProblems({});
    setConfirming(null);
    setEditing(next === null);
  };

  const register = (confirmed: ConfirmedAccount) =>
    put.mutate(confirmed.body, {
      onSuccess: ({ account: registered }) => {
        notifications.show({
          color: 'teal',
          message: t('bankAccount.saved', { number: registered?.number_masked ?? '' }),
        });
        close(registered);
        setFocus({ to: 'account' });
      },
      onError: (error) => {
        // A refused field goes back to the form, shown on that field; other failures stay on the confirm step.
        const refused = bankAccountRefusal(error, t('errors.invalidRequest'));
        if (!refused) return;
        setProblems(refused);
        setConfirming(null);
        setFocus({ to: 'form' });
      },
    });

  let step: ReactNode = null;
  if (confirming) {
    step = (
      <ConfirmBankAccount
        confirmed={confirming}
        request={put}
        onBack={() => {
          put.reset();
          setConfirming(null);
          setFocus({ to: 'form' });
        }}
        onSubmit={() => register(confirming)}
      />
    );
  } else if (editing) {
    step = (
      <BankAccountForm
        merchantId={merchantId}
        changing={account !== null}
        values={values}
        onValues={setValues}
        problems={problems}
        onProblems={setProblems}
        onConfirm={(confirmed) => {
          put.reset();
          setConfirming(confirmed);
        }}
        onCancel={
          account === null
            ? undefined
            : () => {
                close(account);
                setFocus({ to: 'account' });
              }
        }
        takeFocus={focus?.to === 'form'}
      />
    );
  }

  return (
    <Stack gap="lg">
      <RegisteredAccount
        account={account}
        takeFocus={focus?.to === 'account' ? focus : null}
        onChange={
          editing
            ? undefined
            : () => {
                setEditing(true);
                setFocus({ to: 'form' });
              }
        }
      />
      {step}
    </Stack>
  );
}

/**
 * The registered account, its number masked as the server sends it (or that there is none), with the
 * button that opens the form to change it. It takes the focus each time `takeFocus` is a new request.
 */
export function RegisteredAccount({
  account,
  takeFocus = null,
  onChange,
}: {
  account: BankAccount | null;
  takeFocus?: object | null;
  onChange?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (takeFocus) headingRef.current?.focus();
  }, [takeFocus]);
  if (!account) {
    return (
      <Alert color="orange" variant="light" title={t('bankAccount.registered.none')}>
        <Text size="sm">{t('bankAccount.registered.noneDetail')}</Text>
      </Alert>
    );
  }
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="baseline" gap="xs">
          <Title order={2} size="h4" id={headingId} ref={headingRef} tabIndex={-1}>
            {t('bankAccount.registered.title')}
          </Title>
          <Text size="xs" c="dimmed">
            {t('bankAccount.registered.updatedAt', { date: formatDateTime(account.updated_at) })}
          </Text>
        </Group>
        <FactsTable
          aria-labelledby={headingId}
          labelWidth={150}
          rows={[
            [
              t('bankAccount.fields.bank'),
              t('bankAccount.nameWithCode', { name: account.bank_name, code: account.bank_code }),
            ],
            [
              t('bankAccount.fields.branch'),
              t('bankAccount.nameWithCode', { name: account.branch_name, code: account.branch_code }),
            ],
            [t('bankAccount.fields.accountType'), BANK_ACCOUNT_TYPE_LABELS[account.account_type]],
            [t('bankAccount.fields.accountNumber'), account.number_masked],
            [t('bankAccount.fields.holderName'), account.holder_name],
          ]}
        />
        {onChange && (
          <Group>
            <Button variant="default" onClick={onChange}>
              {t('bankAccount.registered.change')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** The bank and branch names of the codes as typed, each looked up once its code is complete. */
function useZenginNames(merchantId: number, bankCode: string, branchCode: string) {
  const bankComplete = isCompleteCode(bankCode, ZENGIN_DIGITS.bankCode);
  const bankQuery = useQuery({ ...zenginQueries.bank(merchantId, bankCode), enabled: bankComplete });
  // A branch is looked up only under a bank that exists.
  const branchEnabled = bankQuery.isSuccess && bankComplete && isCompleteCode(branchCode, ZENGIN_DIGITS.branchCode);
  const branchQuery = useQuery({ ...zenginQueries.branch(merchantId, bankCode, branchCode), enabled: branchEnabled });
  return { bank: lookupOf(bankQuery, bankComplete), branch: lookupOf(branchQuery, branchEnabled) };
}

interface BankAccountFormProps {
  merchantId: number;
  /** An account is registered: the form replaces it. */
  changing: boolean;
  values: BankAccountValues;
  onValues: (values: BankAccountValues) => void;
  problems: BankProblems;
  onProblems: (problems: BankProblems) => void;
  onConfirm: (confirmed: ConfirmedAccount) => void;
  /** Closes the form without changing the registered account (absent when none is registered). */
  onCancel?: (() => void) | undefined;
  /** Take the focus when shown: its first refused field, else its heading. */
  takeFocus?: boolean;
}

export function BankAccountForm({
  merchantId,
  changing,
  values,
  onValues,
  problems,
  onProblems,
  onConfirm,
  onCancel,
  takeFocus = false,
}: BankAccountFormProps) {
  const { t } = useTranslation();
  const idPrefix = useId();
  const fieldId = (field: BankField) => `${idPrefix}-${field}`;
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Mount only: the form appears with the focus the step it replaces had.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, on the values it was shown with
  useEffect(() => {
    if (!takeFocus) return;
    if (Object.values(problems).some(Boolean)) focusFirstInvalid(formRef.current);
    else headingRef.current?.focus();
  }, []);
  const [loadFailure, setLoadFailure] = useState<unknown>(null);
  const { bank, branch } = useZenginNames(merchantId, values.bankCode, values.branchCode);

  const change = (patch: Partial<BankAccountValues>) => {
    onValues({ ...values, ...patch });
    const cleared = { ...problems };
    for (const field of Object.keys(patch) as BankField[]) delete cleared[field];
    // A new bank code changes what the branch code means.
    if ('bankCode' in patch) delete cleared.branchCode;
    onProblems(cleared);
  };

  const lookupTexts = {
    bankNotFound: t('bankAccount.lookup.bankNotFound'),
    branchNotFound: t('bankAccount.lookup.branchNotFound'),
    failed: t('bankAccount.lookup.failed'),
    waiting: t('bankAccount.lookup.waitLookup'),
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setLoadFailure(null);
    let schemas: SettingsBodySchemas;
    try {
      schemas = await loadSettingsBodySchemas();
    } catch (error) {
      setLoadFailure(error);
      return;
    }
    const checked = confirmBankAccount(values, schemas.bankAccount, { bank, branch }, lookupTexts);
    if (!checked.ok) {
      onProblems(checked.problems);
      focusFirstInvalid(formRef.current);
      return;
    }
    onConfirm(checked.confirmed);
  };

  /** A code field's line under the input: the name found, the look-up under way, or the format. */
  const codeDescription = (lookup: Lookup, hint: string) => {
    if (lookup.state === 'found') {
      return (
        <Text span size="sm" fw={700} c="dark">
          {lookup.name}
        </Text>
      );
    }
    return lookup.state === 'checking' ? t('bankAccount.lookup.checking') : hint;
  };
  const codeProps = {
    rewrite: digitsTyping,
    ignorable: isAmountSeparator,
    inputMode: 'numeric',
    autoComplete: 'off',
    inputWrapperOrder: DESCRIPTION_BELOW,
    required: true,
  } as const;

  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      component="form"
      ref={formRef}
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-labelledby={`${idPrefix}-title`}
    >
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h4" id={`${idPrefix}-title`} ref={headingRef} tabIndex={-1}>
            {changing ? t('bankAccount.form.titleChange') : t('bankAccount.form.titleNew')}
          </Title>
          <Text size="sm" c="dimmed">
            {changing ? t('bankAccount.form.changeLead') : t('bankAccount.form.lead')}
          </Text>
        </Stack>
        <Group align="flex-start" gap="lg" wrap="wrap">
          <RewritingInput
            {...codeProps}
            id={fieldId('bankCode')}
            label={t('bankAccount.fields.bankCode')}
            description={codeDescription(
              bank,
              t('bankAccount.fields.bankCodeHint', { digits: ZENGIN_DIGITS.bankCode }),
            )}
            value={values.bankCode}
            onValueChange={(bankCode) => change({ bankCode })}
            error={problems.bankCode ?? lookupError(bank, lookupTexts.bankNotFound, lookupTexts)}
            w={240}
          />
          <RewritingInput
            {...codeProps}
            id={fieldId('branchCode')}
            label={t('bankAccount.fields.branchCode')}
            description={codeDescription(
              branch,
              t('bankAccount.fields.branchCodeHint', { digits: ZENGIN_DIGITS.branchCode }),
            )}
            value={values.branchCode}
            onValueChange={(branchCode) => change({ branchCode })}
            error={problems.branchCode ?? lookupError(branch, lookupTexts.branchNotFound, lookupTexts)}
            w={240}
          />
        </Group>
        <Input.Wrapper
          id={fieldId('accountType')}
          label={t('bankAccount.fields.accountType')}
          labelElement="div"
          error={problems.accountType}
        >
          <Box mt={4}>
            <SegmentedControl
              aria-labelledby={`${fieldId('accountType')}-label`}
              data={BANK_ACCOUNT_TYPES.map((type) => ({ value: type, label: BANK_ACCOUNT_TYPE_LABELS[type] }))}
              value={values.accountType}
              onChange={(type) => change({ accountType: type as BankAccountType })}
            />
          </Box>
        </Input.Wrapper>
        <RewritingInput
          {...codeProps}
          id={fieldId('accountNumber')}
          label={t('bankAccount.fields.accountNumber')}
          description={t('bankAccount.fields.accountNumberHint', { digits: ZENGIN_DIGITS.accountNumber })}
          value={values.accountNumber}
          onValueChange={(accountNumber) => change({ accountNumber })}
          onBlur={() => {
            const padded = padAccountNumber(values.accountNumber);
            if (padded !== values.accountNumber) change({ accountNumber: padded });
          }}
          error={problems.accountNumber}
          w={320}
        />
        <HolderNameInput
          id={fieldId('holderName')}
          value={values.holderName}
          onValueChange={(holderName) => change({ holderName })}
          error={problems.holderName}
        />
        {loadFailure !== null && (
          <Alert color="red" variant="light" role="alert" title={t('bankAccount.confirm.failed')}>
            {apiErrorText(t, loadFailure)}
          </Alert>
        )}
        <Group>
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {t('actions.cancel')}
            </Button>
          )}
          <Button type="submit">{t('bankAccount.form.next')}</Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The confirm step: the account exactly as it will be registered (full number, converted name). */
export function ConfirmBankAccount({
  confirmed,
  request,
  onBack,
  onSubmit,
}: {
  confirmed: ConfirmedAccount;
  request: { isPending: boolean; isError: boolean; error: unknown };
  onBack: () => void;
  onSubmit: () => void;
}) {
  const { t } = useTranslation();
  const { body } = confirmed;
  return (
    <ConfirmPanel
      title={t('bankAccount.confirm.title')}
      lead={t('bankAccount.confirm.lead')}
      labelWidth={150}
      rows={[
        [
          t('bankAccount.fields.bank'),
          t('bankAccount.nameWithCode', { name: confirmed.bankName, code: body.bank_code }),
        ],
        [
          t('bankAccount.fields.branch'),
          t('bankAccount.nameWithCode', { name: confirmed.branchName, code: body.branch_code }),
        ],
        [t('bankAccount.fields.accountType'), BANK_ACCOUNT_TYPE_LABELS[body.account_type]],
        [t('bankAccount.fields.accountNumber'), body.account_number],
        [t('bankAccount.fields.holderName'), body.holder_name],
      ]}
      request={request}
      failedTitle={t('bankAccount.confirm.failed')}
      submitLabel={t('bankAccount.confirm.submit')}
      onBack={onBack}
      onSubmit={onSubmit}
    />
  );
}
