import { MAX_PAYMENT_AMOUNT, URL_PAYMENT_DESCRIPTION_MAX, type UrlPayment } from '@coin/contract';
import { Alert, Button, Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, lazy, Suspense, useId, useMemo, useState } from 'react';
import { useCreateUrlPayment } from '@/api/urlPayments';
import { walletQueries } from '@/api/wallets';
import { apiErrorText } from '@/components/apiErrorText';
import { QueryErrorAlert } from '@/components/QueryErrorAlert';
import { RewritingInput } from '@/components/RewritingInput';
import { amountTyping, isAmountSeparator } from '@/components/typedNumber';
import { formatCoin } from '@/format';
import { useTranslation } from '@/i18n';
import { checkLinkForm, defaultExpiry, expiryBounds, type LinkFormProblems, type LinkFormValues } from './linkForm';

// The calendar (Mantine dates) loads after the form; until then the default day shows read-only.
const DayInput = lazy(() => import('@/components/DayInput'));

const slashed = (day: string | null) => (day ? day.replaceAll('-', '/') : '');
const FIELD_ORDER = ['coinId', 'amount', 'description', 'expiresOn'] as const;

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
  const idPrefix = useId();
  const fieldId = (field: (typeof FIELD_ORDER)[number]) => `${idPrefix}-${field}`;
  const wallet = useQuery(walletQueries.detail(walletNo));
  const create = useCreateUrlPayment(merchantId);
  const [values, setValues] = useState<LinkFormValues>(() => ({
    coinId: '',
    amount: '',
    description: '',
    expiresOn: defaultExpiry(),
  }));
  const [problems, setProblems] = useState<LinkFormProblems>({});
  const bounds = useMemo(() => expiryBounds(), []);

  const coins = wallet.data?.balances ?? [];
  // A wallet of one coin needs no choice.
  const coinId = values.coinId || (coins.length === 1 ? String(coins[0]!.id) : '');

  const change = <K extends keyof LinkFormValues>(field: K, value: LinkFormValues[K]) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setProblems((previous) => ({ ...previous, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkLinkForm({ ...values, coinId });
    if ('problems' in checked) {
      setProblems(checked.problems);
      const first = FIELD_ORDER.find((field) => checked.problems[field]);
      if (first) document.getElementById(fieldId(first))?.focus();
      return;
    }
    setProblems({});
    create.mutate(checked.body, {
      onSuccess: (link) => {
        notifications.show({ color: 'teal', message: t('urlPayment.create.created') });
        // Coin and last day are often the same for the next link; amount and description are not.
        setValues((previous) => ({ ...previous, amount: '', description: '' }));
        onCreated(link);
      },
    });
  };

  const max = formatCoin(MAX_PAYMENT_AMOUNT);
  const amountError = problems.amount
    ? {
        required: t('urlPayment.validation.amountRequired'),
        invalid: t('urlPayment.validation.amountInvalid'),
        positive: t('urlPayment.validation.amountPositive'),
        max: t('urlPayment.validation.amountMax', { max }),
      }[problems.amount]
    : null;
  const descriptionError = problems.description
    ? {
        required: t('urlPayment.validation.descriptionRequired'),
        tooLong: t('urlPayment.validation.descriptionTooLong', { max: URL_PAYMENT_DESCRIPTION_MAX }),
      }[problems.description]
    : null;
  const expiryError = problems.expiresOn
    ? {
        required: t('urlPayment.validation.expiresOnRequired'),
        invalid: t('urlPayment.validation.expiresOnInvalid'),
        past: t('urlPayment.validation.expiresOnPast'),
        tooFar: t('urlPayment.validation.expiresOnTooFar', { max: slashed(bounds.max) }),
      }[problems.expiresOn]
    : null;

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
    error: expiryError,
  };

  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      component="form"
      onSubmit={submit}
      noValidate
      aria-labelledby={`${idPrefix}-title`}
    >
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h4" id={`${idPrefix}-title`}>
            {t('urlPayment.create.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('urlPayment.create.lead')}
          </Text>
        </Stack>
        <Group align="flex-start" gap="md" wrap="wrap">
          <NativeSelect
            id={fieldId('coinId')}
            label={t('urlPayment.create.coin')}
            data={coinOptions}
            value={coinId}
            onChange={(event) => change('coinId', event.currentTarget.value)}
            disabled={wallet.isPending || coins.length === 0}
            error={problems.coinId ? t('urlPayment.validation.coinRequired') : null}
            required
            w={220}
          />
          <RewritingInput
            id={fieldId('amount')}
            label={t('urlPayment.create.amount')}
            description={t('urlPayment.create.amountHint', { max })}
            value={values.amount}
            onValueChange={(amount) => change('amount', amount)}
            rewrite={amountTyping}
            ignorable={isAmountSeparator}
            inputMode="numeric"
            autoComplete="off"
            error={amountError}
            required
            w={300}
          />
          <Suspense
            fallback={
              <TextInput
                id={fieldId('expiresOn')}
                {...expiryProps}
                value={slashed(values.expiresOn)}
                readOnly
                required
                w={300}
              />
            }
          >
            <DayInput
              id={fieldId('expiresOn')}
              {...expiryProps}
              value={values.expiresOn}
              min={bounds.min}
              max={bounds.max}
              onChange={(day) => change('expiresOn', day)}
            />
          </Suspense>
        </Group>
        <TextInput
          id={fieldId('description')}
          label={t('urlPayment.create.description')}
          description={t('urlPayment.create.descriptionHint', {
            length: values.description.trim().length,
            max: URL_PAYMENT_DESCRIPTION_MAX,
          })}
          value={values.description}
          onChange={(event) => change('description', event.currentTarget.value)}
          error={descriptionError}
          autoComplete="off"
          required
          maw={640}
        />
        {wallet.isError && <QueryErrorAlert query={wallet} title={t('urlPayment.create.coinsFailed')} />}
        {create.isError && (
          <Alert color="red" variant="light" role="alert" title={t('urlPayment.create.failed')}>
            {apiErrorText(t, create.error)}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={create.isPending}>
            {t('urlPayment.create.submit')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
