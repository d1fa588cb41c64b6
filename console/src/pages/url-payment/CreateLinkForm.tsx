import { MAX_PAYMENT_AMOUNT, URL_PAYMENT_DESCRIPTION_MAX, type UrlPayment } from '@coin/contract';
import { Alert, Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo } from 'react';
import { useCreateUrlPayment } from '@/api/urlPayments';
import { walletQueries } from '@/api/wallets';
import { fieldRefusal } from '@/components/accountErrors';
import { apiErrorText } from '@/components/apiErrorText';
import { FormCard } from '@/components/FormCard';
import { useFieldFocus } from '@/components/formFocus';
import { QueryErrorAlert } from '@/components/QueryErrorAlert';
import { RewritingInput } from '@/components/RewritingInput';
import { amountTyping, isAmountSeparator } from '@/components/typedNumber';
import { formatCoin } from '@/format';
import { useTranslation } from '@/i18n';
import {
  checkLinkForm,
  defaultExpiry,
  expiryBounds,
  type LinkField,
  type LinkFormProblems,
  type LinkFormValues,
  linkFieldOf,
} from './linkForm';

// The calendar (Mantine dates) loads after the form; until then the default day shows read-only.
const DayInput = lazy(() => import('@/components/DayInput'));

const slashed = (day: string | null) => (day ? day.replaceAll('-', '/') : '');

/** Creates a payment link; the new link is handed to `onCreated` (the page shows its QR code). */
export function CreateLinkForm({
  merchantId,
  walletNo,
  onCreated,
}: {
  merchantId: number;
  walletNo: string;
  onCreated: (link: UrlPayment) => void;
}) {
  const { t } = useTranslation();
  const { fieldId, focusInvalid } = useFieldFocus<LinkField>();
  const wallet = useQuery(walletQueries.detail(walletNo));
  const create = useCreateUrlPayment(merchantId);
  const bounds = useMemo(() => expiryBounds(), []);

  const coins = wallet.data?.balances ?? [];
  // A wallet of one coin needs no choice.
  const onlyCoin = coins.length === 1 ? String(coins[0]!.id) : '';
  const withCoin = (values: LinkFormValues): LinkFormValues => ({ ...values, coinId: values.coinId || onlyCoin });

  const max = formatCoin(MAX_PAYMENT_AMOUNT);
  const messages = (problems: LinkFormProblems): Partial<Record<LinkField, string>> => ({
    coinId: problems.coinId && t('urlPayment.validation.coinRequired'),
    amount:
      problems.amount &&
      {
        required: t('urlPayment.validation.amountRequired'),
        invalid: t('urlPayment.validation.amountInvalid'),
        positive: t('urlPayment.validation.amountPositive'),
        max: t('urlPayment.validation.amountMax', { max }),
      }[problems.amount],
    description:
      problems.description &&
      {
        required: t('urlPayment.validation.descriptionRequired'),
        tooLong: t('urlPayment.validation.descriptionTooLong', { max: URL_PAYMENT_DESCRIPTION_MAX }),
      }[problems.description],
    expiresOn:
      problems.expiresOn &&
      {
        required: t('urlPayment.validation.expiresOnRequired'),
        invalid: t('urlPayment.validation.expiresOnInvalid'),
        past: t('urlPayment.validation.expiresOnPast'),
        tooFar: t('urlPayment.validation.expiresOnTooFar', { max: slashed(bounds.max) }),
      }[problems.expiresOn],
  });

  const form = useForm<LinkFormValues>({
    initialValues: { coinId: '', amount: '', description: '', expiresOn: defaultExpiry() },
    validate: (values) => {
      const checked = checkLinkForm(withCoin(values));
      return 'problems' in checked ? messages(checked.problems) : {};
    },
    onValuesChange: () => {
      // What the server refused was about the values before this change.
      if (create.isError) create.reset();
    },
  });
  // The fields are found by id: the day input is a lazily loaded DateInput of its own.

  const save = (values: LinkFormValues) => {
    const checked = checkLinkForm(withCoin(values));
    if ('problems' in checked) return;
    create.mutate(checked.body, {
      onSuccess: (link) => {
        notifications.show({ color: 'teal', message: t('urlPayment.create.created') });
        // Coin and last day are often the same for the next link; amount and description are not.
        form.setValues({ amount: '', description: '' });
        onCreated(link);
      },
      onError: (error) => {
        const refusal = fieldRefusal(error);
        const field = refusal ? linkFieldOf(refusal.field) : undefined;
        if (!refusal || !field) return;
        const errors = { [field]: refusal.message ?? t('errors.invalidRequest') };
        form.setErrors(errors);
        focusInvalid(errors);
      },
    });
  };

  const coinId = withCoin(form.values).coinId;
  const inputProps = (field: LinkField) => ({ id: fieldId(field), ...form.getInputProps(field) });
  const refusedField = linkFieldOf(fieldRefusal(create.error)?.field ?? '');

  let coinOptions: { value: string; label: string; disabled?: boolean }[];
  if (wallet.isPending) coinOptions = [{ value: '', label: t('urlPayment.create.coinsLoading') }];
  else if (coins.length === 0) coinOptions = [{ value: '', label: t('urlPayment.create.noCoins') }];
  else
    coinOptions = [
      { value: '', label: t('urlPayment.create.coinPlaceholder'), disabled: true },
      ...coins.map((coin) => ({ value: String(coin.id), label: coin.name })),
    ];

  const expiryProps = {
    label: t('urlPayment.create.expiresOn'),
    description: t('urlPayment.create.expiresOnHint', { max: slashed(bounds.max) }),
    error: (form.errors.expiresOn as string | undefined) ?? null,
  };

  return (
    <FormCard
      title={t('urlPayment.create.title')}
      lead={t('urlPayment.create.lead')}
      onSubmit={form.onSubmit(save, focusInvalid)}
    >
      <Group align="flex-start" gap="md" wrap="wrap">
        <NativeSelect
          {...inputProps('coinId')}
          label={t('urlPayment.create.coin')}
          data={coinOptions}
          value={coinId}
          disabled={wallet.isPending || coins.length === 0}
          required
          w={220}
        />
        <RewritingInput
          id={fieldId('amount')}
          label={t('urlPayment.create.amount')}
          description={t('urlPayment.create.amountHint', { max })}
          value={form.values.amount}
          onValueChange={(amount) => form.setFieldValue('amount', amount)}
          rewrite={amountTyping}
          ignorable={isAmountSeparator}
          inputMode="numeric"
          autoComplete="off"
          error={form.errors.amount}
          required
          w={300}
        />
        <Suspense
          fallback={
            <TextInput
              id={fieldId('expiresOn')}
              {...expiryProps}
              value={slashed(form.values.expiresOn)}
              readOnly
              required
              w={300}
            />
          }
        >
          <DayInput
            id={fieldId('expiresOn')}
            {...expiryProps}
            value={form.values.expiresOn}
            min={bounds.min}
            max={bounds.max}
            onChange={(day) => form.setFieldValue('expiresOn', day)}
          />
        </Suspense>
      </Group>
      <TextInput
        {...inputProps('description')}
        label={t('urlPayment.create.description')}
        description={t('urlPayment.create.descriptionHint', {
          length: form.values.description.trim().length,
          max: URL_PAYMENT_DESCRIPTION_MAX,
        })}
        autoComplete="off"
        required
        maw={640}
      />
      {wallet.isError && <QueryErrorAlert query={wallet} title={t('urlPayment.create.coinsFailed')} />}
      {create.isError && !refusedField && (
        <Alert color="red" variant="light" role="alert" title={t('urlPayment.create.failed')}>
          {apiErrorText(t, create.error)}
        </Alert>
      )}
      <Group>
        <Button type="submit" loading={create.isPending}>
          {t('urlPayment.create.submit')}
        </Button>
      </Group>
    </FormCard>
  );
}
