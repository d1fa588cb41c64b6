import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/SegmentedControl.css';
import { BANK_ACCOUNT_TYPE_LABELS, BANK_ACCOUNT_TYPES, type BankAccountType, type ZenginEntry } from '@coin/contract';
import { Alert, Box, Button, Group, Input, SegmentedControl, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { loadSettingsBodySchemas, type SettingsBodySchemas, zenginKeys, zenginQueries } from '@/api/merchantSettings';
import { apiErrorText } from '@/components/apiErrorText';
import { FormCard } from '@/components/FormCard';
import { focusFirstInvalid, useFieldFocus } from '@/components/formFocus';
import { RewritingInput } from '@/components/RewritingInput';
import { isAmountSeparator } from '@/components/typedNumber';
import { useTranslation } from '@/i18n';
import {
  type BankAccountDraft,
  type BankAccountValues,
  type BankField,
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
import { ZenginPicker } from './ZenginPicker';

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
  /** What the form starts with (it is mounted afresh each time it is shown). */
  draft: BankAccountDraft;
  /** The values passed the contract's schema and both codes were found: on to the confirm step. */
  onConfirm: (confirmed: ConfirmedAccount, values: BankAccountValues) => void;
  /** Closes the form without changing the registered account (absent when none is registered). */
  onCancel?: (() => void) | undefined;
  /** Take the focus when shown: its first refused field, else its heading. */
  takeFocus?: boolean;
}

/**
 * The account to register: codes and number as typed in full- or half-width digits, the holder name
 * converted to Zengin katakana. 次へ checks the values with the contract's schema of the request (its
 * messages are the server's) and the Zengin look-ups, then hands them to the confirm step.
 */
export function BankAccountForm({
  merchantId,
  changing,
  draft,
  onConfirm,
  onCancel,
  takeFocus = false,
}: BankAccountFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // The account type is a group of radios: its chosen one takes the focus.
  const { fieldId, fields, focusInvalid } = useFieldFocus<BankField>((field, id) => {
    const node = document.getElementById(id);
    return field === 'accountType' ? (node?.querySelector<HTMLElement>('input:checked') ?? null) : node;
  });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const form = useForm<BankAccountValues>({ initialValues: draft.values, initialErrors: draft.problems });
  const values = form.values;
  const [loadFailure, setLoadFailure] = useState<unknown>(null);
  const { bank, branch } = useZenginNames(merchantId, values.bankCode, values.branchCode);

  // Mount only: the form appears with the focus the step it replaces had.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, on the draft it was shown with
  useEffect(() => {
    if (!takeFocus) return;
    if (focusFirstInvalid(fields, draft.problems) === null) headingRef.current?.focus();
  }, []);

  // Changing a field takes its problem away (the form's default); a new bank code also the branch
  // code's, whose meaning it changes.
  const changeBankCode = (bankCode: string) => {
    form.setFieldValue('bankCode', bankCode);
    form.clearFieldError('branchCode');
  };
  // An entry chosen from a list is the look-up of its code already: its name shows without a request.
  const pickBank = (entry: ZenginEntry) => {
    queryClient.setQueryData(zenginKeys.bank(entry.code), entry);
    changeBankCode(entry.code);
  };
  const pickBranch = (entry: ZenginEntry) => {
    queryClient.setQueryData(zenginKeys.branch(values.bankCode, entry.code), entry);
    form.setFieldValue('branchCode', entry.code);
  };

  const lookupTexts = {
    bankNotFound: t('bankAccount.lookup.bankNotFound'),
    branchNotFound: t('bankAccount.lookup.branchNotFound'),
    failed: t('bankAccount.lookup.failed'),
    waiting: t('bankAccount.lookup.waitLookup'),
    unpickedBank: t('bankAccount.lookup.unpickedBank', { digits: ZENGIN_DIGITS.bankCode }),
    unpickedBranch: t('bankAccount.lookup.unpickedBranch', { digits: ZENGIN_DIGITS.branchCode }),
  };

  const next = async (typed: BankAccountValues) => {
    setLoadFailure(null);
    let schemas: SettingsBodySchemas;
    try {
      schemas = await loadSettingsBodySchemas();
    } catch (error) {
      // The registration could not parse its answer either: say so instead of going on.
      setLoadFailure(error);
      return;
    }
    const checked = confirmBankAccount(typed, schemas.bankAccount, { bank, branch }, lookupTexts);
    if (checked.ok) {
      onConfirm(checked.confirmed, typed);
      return;
    }
    form.setErrors(checked.problems);
    focusInvalid(checked.problems);
  };

  const errorOf = (field: BankField) => (form.errors[field] as string | undefined) ?? undefined;
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
    <FormCard
      title={changing ? t('bankAccount.form.titleChange') : t('bankAccount.form.titleNew')}
      lead={changing ? t('bankAccount.form.changeLead') : t('bankAccount.form.lead')}
      titleRef={headingRef}
      onSubmit={form.onSubmit(next)}
    >
      <Group align="flex-start" gap="lg" wrap="wrap">
        <ZenginPicker
          id={fieldId('bankCode')}
          label={t('bankAccount.fields.bank')}
          description={codeDescription(bank, t('bankAccount.fields.bankHint', { digits: ZENGIN_DIGITS.bankCode }))}
          placeholder={t('bankAccount.fields.bankPlaceholder')}
          value={values.bankCode}
          onValueChange={changeBankCode}
          onPick={pickBank}
          digits={ZENGIN_DIGITS.bankCode}
          searchOf={(term) => zenginQueries.bankSearch(merchantId, term)}
          texts={{ none: t('bankAccount.picker.noBank') }}
          error={errorOf('bankCode') ?? lookupError(bank, lookupTexts.bankNotFound, lookupTexts)}
          w={320}
        />
        <ZenginPicker
          id={fieldId('branchCode')}
          label={t('bankAccount.fields.branch')}
          description={codeDescription(
            branch,
            t('bankAccount.fields.branchHint', { digits: ZENGIN_DIGITS.branchCode }),
          )}
          placeholder={t('bankAccount.fields.branchPlaceholder')}
          value={values.branchCode}
          onValueChange={(branchCode) => form.setFieldValue('branchCode', branchCode)}
          onPick={pickBranch}
          digits={ZENGIN_DIGITS.branchCode}
          // Branches are searched within the bank found for the code above.
          searchOf={
            bank.state === 'found' ? (term) => zenginQueries.branchSearch(merchantId, values.bankCode, term) : null
          }
          texts={{ none: t('bankAccount.picker.noBranch'), unavailable: t('bankAccount.picker.bankFirst') }}
          error={errorOf('branchCode') ?? lookupError(branch, lookupTexts.branchNotFound, lookupTexts)}
          w={320}
        />
      </Group>
      <Input.Wrapper
        id={fieldId('accountType')}
        label={t('bankAccount.fields.accountType')}
        labelElement="div"
        error={errorOf('accountType')}
      >
        <Box mt={4}>
          <SegmentedControl
            aria-labelledby={`${fieldId('accountType')}-label`}
            data={BANK_ACCOUNT_TYPES.map((type) => ({ value: type, label: BANK_ACCOUNT_TYPE_LABELS[type] }))}
            value={values.accountType}
            onChange={(type) => form.setFieldValue('accountType', type as BankAccountType)}
          />
        </Box>
      </Input.Wrapper>
      <RewritingInput
        {...codeProps}
        id={fieldId('accountNumber')}
        label={t('bankAccount.fields.accountNumber')}
        description={t('bankAccount.fields.accountNumberHint', { digits: ZENGIN_DIGITS.accountNumber })}
        value={values.accountNumber}
        onValueChange={(accountNumber) => form.setFieldValue('accountNumber', accountNumber)}
        onBlur={() => {
          const padded = padAccountNumber(values.accountNumber);
          if (padded !== values.accountNumber) form.setFieldValue('accountNumber', padded);
        }}
        error={errorOf('accountNumber')}
        w={320}
      />
      <HolderNameInput
        id={fieldId('holderName')}
        value={values.holderName}
        onValueChange={(holderName) => form.setFieldValue('holderName', holderName)}
        error={errorOf('holderName')}
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
        <Button type="submit" loading={form.submitting}>
          {t('bankAccount.form.next')}
        </Button>
      </Group>
    </FormCard>
  );
}
