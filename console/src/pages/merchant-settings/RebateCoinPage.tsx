import type { RebateCoinSettings } from '@coin/contract';
import { Alert, Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import {
  loadSettingsBodySchemas,
  rebateCoinQueries,
  type SettingsBodySchemas,
  useUpdateRebateCoin,
} from '@/api/merchantSettings';
import { apiErrorText } from '@/components/apiErrorText';
import { FormCard } from '@/components/FormCard';
import { useFieldFocus } from '@/components/formFocus';
import { RewritingInput } from '@/components/RewritingInput';

import { formatBasisPoints } from '@/format';
import { useTranslation } from '@/i18n';
import RebateExample from './RebateExample';
import {
  checkRebate,
  isRateIgnorable,
  type RebateField,
  type RebateProblems,
  type RebateTexts,
  type RebateValues,
  rateBasisPoints,
  rateTyping,
  rebateRefusal,
  rebateValuesOf,
} from './rebateForm';
import { SettingsFrame } from './SettingsFrame';

/** MerchantRebateCoin (Owner): the coin and rate customers get back from their payments, with a worked example. */
export default function RebateCoinPage() {
  const { t } = useTranslation();
  return (
    <SettingsFrame
      title={t('pages.MerchantRebateCoin')}
      lead={t('rebateCoin.lead')}
      loadFailed={t('rebateCoin.loadFailed')}
      queryOf={rebateCoinQueries.detail}
      skeletonFields={2}
      maw={880}
    >
      {(settings, merchantId) => <RebateCoinForm merchantId={merchantId} settings={settings} />}
    </SettingsFrame>
  );
}

function RebateCoinForm({ merchantId, settings }: { merchantId: number; settings: RebateCoinSettings }) {
  const { t } = useTranslation();
  const { fieldId, focusInvalid } = useFieldFocus<RebateField>();
  const save = useUpdateRebateCoin(merchantId);
  // The values stay as typed after a failed save; a successful one leaves them equal to what was saved.
  const form = useForm<RebateValues>({
    initialValues: rebateValuesOf(settings),
    onValuesChange: () => {
      if (save.isError) save.reset();
    },
  });
  const values = form.values;
  const [loadFailure, setLoadFailure] = useState<unknown>(null);
  const texts: RebateTexts = { rateInvalid: t('rebateCoin.rateInvalid'), invalidRequest: t('errors.invalidRequest') };
  /** Shows the problems on their fields and, once they have rendered, focuses the first (announced with it). */
  const showProblems = (problems: RebateProblems) => {
    form.setErrors(problems);
    focusInvalid(problems);
  };

  const change = (patch: Partial<RebateValues>) => {
    const previous = form.getValues();
    const next = { ...previous, ...patch };
    // Choosing a coin after 還元しない: the rate is to be typed, not a leftover 0.
    if (patch.coinId && previous.coinId === '' && rateBasisPoints(next.rate) === 0) next.rate = '';
    form.setValues(next);
    for (const field of Object.keys(patch) as RebateField[]) form.clearFieldError(field);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    save.reset();
    setLoadFailure(null);
    let schemas: SettingsBodySchemas;
    try {
      schemas = await loadSettingsBodySchemas();
    } catch (error) {
      // The save could not parse its answer either: say so instead of sending it.
      setLoadFailure(error);
      return;
    }
    // The contract's schema of the request checks the values (its messages are Japanese).
    const checked = checkRebate(form.getValues(), schemas.rebateCoin, texts);
    if (!checked.ok) {
      showProblems(checked.problems);
      return;
    }
    form.clearErrors();
    save.mutate(checked.body, {
      onSuccess: () => notifications.show({ color: 'teal', message: t('rebateCoin.saved') }),
      onError: (error) => {
        const refused = rebateRefusal(error, texts);
        if (refused) showProblems(refused);
      },
    });
  };

  const noRebate = values.coinId === '';
  // A refusal about a field shows on it; any other failure below the form.
  const failure = save.isError ? (rebateRefusal(save.error, texts) ? null : save.error) : loadFailure;
  const coinOptions = [
    { value: '', label: t('rebateCoin.none') },
    ...settings.coins.map((coin) => ({ value: String(coin.id), label: coin.name })),
  ];

  return (
    <FormCard
      title={t('rebateCoin.formTitle')}
      lead={
        <Text size="sm">
          <CurrentSetting settings={settings} />
        </Text>
      }
      onSubmit={(event) => void submit(event)}
    >
      <Group align="flex-start" gap="xl" wrap="wrap">
        <Stack gap="md" style={{ flex: '1 1 300px' }} maw={420}>
          <NativeSelect
            id={fieldId('coinId')}
            label={t('rebateCoin.coin')}
            description={t('rebateCoin.coinHint')}
            data={coinOptions}
            value={values.coinId}
            onChange={(event) => change({ coinId: event.currentTarget.value })}
            error={form.errors.coinId}
          />
          <RewritingInput
            id={fieldId('rate')}
            label={t('rebateCoin.rate')}
            description={
              noRebate
                ? t('rebateCoin.rateNone')
                : t('rebateCoin.rateHint', {
                    max: formatBasisPoints(settings.max_rate_bp),
                    step: formatBasisPoints(settings.step_bp),
                  })
            }
            value={noRebate ? '0' : values.rate}
            onValueChange={(rate) => change({ rate })}
            rewrite={rateTyping}
            ignorable={isRateIgnorable}
            disabled={noRebate}
            inputMode="decimal"
            autoComplete="off"
            rightSection={
              <Text size="sm" c="dimmed">
                {t('rebateCoin.percent')}
              </Text>
            }
            error={form.errors.rate}
            required={!noRebate}
            w={320}
          />
        </Stack>
        <RebateExample settings={settings} values={values} />
      </Group>
      {failure !== null && (
        <Alert color="red" variant="light" role="alert" title={t('rebateCoin.failed')}>
          {apiErrorText(t, failure)}
        </Alert>
      )}
      <Group>
        <Button type="submit" loading={save.isPending}>
          {t('rebateCoin.save')}
        </Button>
      </Group>
    </FormCard>
  );
}

function CurrentSetting({ settings }: { settings: RebateCoinSettings }) {
  const { t } = useTranslation();
  const coin = settings.coins.find((candidate) => candidate.id === settings.coin_id);
  const setting =
    settings.coin_id === null
      ? t('rebateCoin.currentNone')
      : t('rebateCoin.currentRebate', {
          coin: coin?.name ?? String(settings.coin_id),
          rate: formatBasisPoints(settings.rate_bp),
        });
  return <>{t('rebateCoin.current', { setting })}</>;
}
