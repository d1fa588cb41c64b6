import { type MerchantProfile, PREFECTURES } from '@coin/contract';
import {
  Alert,
  Button,
  Group,
  type InputWrapperProps,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useUpdateMerchant } from '@/api/merchantProfile';
import { fieldRefusal } from '@/components/accountErrors';
import { apiErrorText } from '@/components/apiErrorText';
import { RewritingInput } from '@/components/RewritingInput';
import { useTranslation } from '@/i18n';
import {
  checkProfileForm,
  formatAddress,
  isPhoneSeparator,
  isPostalSeparator,
  isProfileChanged,
  PROFILE_FIELDS,
  PROFILE_TEXT_MAX,
  type ProfileField,
  type ProfileFormProblems,
  type ProfileFormValues,
  phoneTyping,
  postalCodeTyping,
  profileBody,
  profileFieldOf,
  profileFormValues,
} from './profileForm';

// Hints and counts under the input, so the inputs of a row stay level.
const HINTS_BELOW: InputWrapperProps['inputWrapperOrder'] = ['label', 'input', 'description', 'error'];

const LABEL_KEYS = {
  name: 'merchantProfile.profile.name',
  description: 'merchantProfile.profile.description',
  postalCode: 'merchantProfile.profile.postalCode',
  prefecture: 'merchantProfile.profile.prefecture',
  city: 'merchantProfile.profile.city',
  street: 'merchantProfile.profile.street',
  phone: 'merchantProfile.profile.phone',
  businessHours: 'merchantProfile.profile.businessHours',
} as const satisfies Record<ProfileField, string>;

/**
 * The profile (name, description, address, phone, business hours), saved all at once. A refused or
 * failed save keeps what was typed; a saved one renames the merchant everywhere (useUpdateMerchant).
 */
export function ProfileForm({ profile }: { profile: MerchantProfile }) {
  const { t } = useTranslation();
  const idPrefix = useId();
  const fieldId = (field: ProfileField) => `${idPrefix}-${field}`;
  const save = useUpdateMerchant(profile.merchant_id);
  const [values, setValues] = useState<ProfileFormValues>(() => profileFormValues(profile));
  const [problems, setProblems] = useState<ProfileFormProblems>({});
  const changed = isProfileChanged(values, profile);

  const change = (field: ProfileField, value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setProblems((previous) => ({ ...previous, [field]: undefined }));
    // What the server refused was about the values before this change.
    if (save.isError) save.reset();
  };

  const focus = (field: ProfileField) => document.getElementById(fieldId(field))?.focus();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkProfileForm(values);
    setProblems(found);
    const first = PROFILE_FIELDS.find((field) => found[field]);
    if (first) {
      focus(first);
      return;
    }
    save.mutate(profileBody(values), {
      onSuccess: (saved) => {
        setValues(profileFormValues(saved));
        notifications.show({ color: 'teal', message: t('merchantProfile.profile.saved') });
      },
      onError: (error) => {
        const refused = fieldRefusal(error);
        const field = refused ? profileFieldOf(refused.field) : undefined;
        if (field) focus(field);
      },
    });
  };

  const discard = () => {
    setValues(profileFormValues(profile));
    setProblems({});
    save.reset();
  };

  const refusal = fieldRefusal(save.error);
  const refusedField = refusal ? profileFieldOf(refusal.field) : undefined;
  const label = (field: ProfileField) => t(LABEL_KEYS[field]);

  /** The field's own problem first, else what the server said about it. */
  const errorOf = (field: ProfileField): string | null => {
    switch (problems[field]) {
      case 'required':
        return t('merchantProfile.validation.nameRequired');
      case 'tooLong':
        return t('merchantProfile.validation.tooLong', {
          field: label(field),
          max: PROFILE_TEXT_MAX[field as keyof typeof PROFILE_TEXT_MAX],
        });
      case 'invalid':
        if (field === 'postalCode') return t('merchantProfile.validation.postalCodeInvalid');
        if (field === 'phone') return t('merchantProfile.validation.phoneInvalid');
        return t('merchantProfile.validation.prefectureInvalid');
    }
    if (refusal && refusedField === field) return refusal.message ?? t('errors.invalidRequest');
    return null;
  };

  /** A hint and the count of characters against the field's limit. */
  const counted = (field: keyof typeof PROFILE_TEXT_MAX, hint?: string): ReactNode => (
    <Group component="span" justify="space-between" gap="xs" wrap="nowrap">
      <span>{hint}</span>
      <span>{t('merchantProfile.length', { length: values[field].trim().length, max: PROFILE_TEXT_MAX[field] })}</span>
    </Group>
  );

  const common = (field: ProfileField) => ({
    id: fieldId(field),
    label: label(field),
    error: errorOf(field),
    autoComplete: 'off',
    inputWrapperOrder: HINTS_BELOW,
  });
  const otherFailure = save.isError && !refusedField;
  const address = formatAddress(values);

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
            {t('merchantProfile.profile.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('merchantProfile.profile.lead')}
          </Text>
        </Stack>
        <TextInput
          {...common('name')}
          description={counted('name')}
          value={values.name}
          onChange={(event) => change('name', event.currentTarget.value)}
          required
          maw={640}
        />
        <Textarea
          {...common('description')}
          description={counted('description')}
          placeholder={t('merchantProfile.profile.descriptionPlaceholder')}
          value={values.description}
          onChange={(event) => change('description', event.currentTarget.value)}
          autosize
          minRows={3}
          maxRows={10}
        />
        <Stack gap="xs" role="group" aria-labelledby={`${idPrefix}-address`}>
          <Text fw={600} size="sm" id={`${idPrefix}-address`}>
            {t('merchantProfile.profile.address')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
            <RewritingInput
              {...common('postalCode')}
              description={t('merchantProfile.profile.postalCodeHint')}
              value={values.postalCode}
              onValueChange={(value) => change('postalCode', value)}
              rewrite={postalCodeTyping}
              ignorable={isPostalSeparator}
              leftSection={<span aria-hidden>{t('merchantProfile.profile.postalMark')}</span>}
              inputMode="numeric"
              autoComplete="postal-code"
              placeholder={t('merchantProfile.profile.postalCodePlaceholder')}
            />
            <NativeSelect
              {...common('prefecture')}
              value={values.prefecture}
              onChange={(event) => change('prefecture', event.currentTarget.value)}
              data={[{ value: '', label: t('merchantProfile.profile.prefectureNone') }, ...PREFECTURES]}
              autoComplete="address-level1"
            />
            <TextInput
              {...common('city')}
              description={counted('city')}
              placeholder={t('merchantProfile.profile.cityPlaceholder')}
              value={values.city}
              onChange={(event) => change('city', event.currentTarget.value)}
              autoComplete="address-level2"
            />
            <TextInput
              {...common('street')}
              description={counted('street')}
              placeholder={t('merchantProfile.profile.streetPlaceholder')}
              value={values.street}
              onChange={(event) => change('street', event.currentTarget.value)}
              autoComplete="address-line1"
            />
          </SimpleGrid>
          {address && (
            <Text size="xs" c="dimmed">
              {t('merchantProfile.profile.addressPreview', { address })}
            </Text>
          )}
        </Stack>
        <RewritingInput
          {...common('phone')}
          description={t('merchantProfile.profile.phoneHint')}
          value={values.phone}
          onValueChange={(value) => change('phone', value)}
          rewrite={phoneTyping}
          ignorable={isPhoneSeparator}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder={t('merchantProfile.profile.phonePlaceholder')}
          maw={320}
        />
        <Textarea
          {...common('businessHours')}
          description={counted('businessHours', t('merchantProfile.profile.businessHoursHint'))}
          placeholder={t('merchantProfile.profile.businessHoursPlaceholder')}
          value={values.businessHours}
          onChange={(event) => change('businessHours', event.currentTarget.value)}
          autosize
          minRows={3}
          maxRows={8}
          maw={640}
        />
        {otherFailure && (
          <Alert color="red" variant="light" role="alert" title={t('merchantProfile.profile.failed')}>
            <Stack gap={4}>
              <Text size="sm">{apiErrorText(t, save.error)}</Text>
              <Text size="sm">{t('merchantProfile.profile.keptInput')}</Text>
            </Stack>
          </Alert>
        )}
        <Group gap="sm">
          <Button type="submit" loading={save.isPending}>
            {t('merchantProfile.profile.save')}
          </Button>
          <Button variant="default" onClick={discard} disabled={!changed || save.isPending}>
            {t('merchantProfile.profile.reset')}
          </Button>
          <Text size="sm" c={changed ? 'orange.8' : 'dimmed'} aria-live="polite">
            {t(changed ? 'merchantProfile.profile.unsaved' : 'merchantProfile.profile.unchanged')}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}
