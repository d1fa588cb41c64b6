import { type MerchantProfile, PREFECTURES, unsafeNameChar } from '@coin/contract';
import {
  Alert,
  Button,
  Group,
  type InputWrapperProps,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useId } from 'react';
import { useUpdateMerchant } from '@/api/merchantProfile';
import { fieldRefusal } from '@/components/accountErrors';
import { apiErrorText } from '@/components/apiErrorText';
import { FormCard } from '@/components/FormCard';
import { useFieldFocus } from '@/components/formFocus';
import { RewritingInput } from '@/components/RewritingInput';
import { useTranslation } from '@/i18n';
import {
  checkProfileForm,
  formatAddress,
  isPhoneSeparator,
  isPostalSeparator,
  isProfileChanged,
  isRegistrationSeparator,
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
  registrationNumberTyping,
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
  invoiceRegistrationNo: 'merchantProfile.profile.invoiceRegistrationNo',
} as const satisfies Record<ProfileField, string>;

/**
 * The profile (name, description, address, phone, business hours, the invoice registration number
 * printed on receipts), saved all at once. A refused or
 * failed save keeps what was typed; a saved one renames the merchant everywhere (useUpdateMerchant).
 */
export function ProfileForm({ profile }: { profile: MerchantProfile }) {
  const { t } = useTranslation();
  const { fieldId, focusInvalid } = useFieldFocus<ProfileField>();
  const addressId = useId();
  const save = useUpdateMerchant(profile.merchant_id);
  const label = (field: ProfileField) => t(LABEL_KEYS[field]);

  /** Each problem in words; the limits are the contract's. */
  const messages = (problems: ProfileFormProblems, values: ProfileFormValues): Partial<Record<ProfileField, string>> =>
    Object.fromEntries(
      PROFILE_FIELDS.filter((field) => problems[field]).map((field) => {
        switch (problems[field]) {
          case 'required':
            return [field, t('merchantProfile.validation.nameRequired')];
          case 'unsafe':
            return [field, t('merchantProfile.validation.nameUnsafe', { code: unsafeNameChar(values.name.trim()) })];
          case 'checkDigit':
            return [field, t('merchantProfile.validation.registrationCheckDigit')];
          case 'tooLong':
            return [
              field,
              t('merchantProfile.validation.tooLong', {
                field: label(field),
                max: PROFILE_TEXT_MAX[field as keyof typeof PROFILE_TEXT_MAX],
              }),
            ];
          default:
            if (field === 'postalCode') return [field, t('merchantProfile.validation.postalCodeInvalid')];
            if (field === 'phone') return [field, t('merchantProfile.validation.phoneInvalid')];
            if (field === 'invoiceRegistrationNo') return [field, t('merchantProfile.validation.registrationInvalid')];
            return [field, t('merchantProfile.validation.prefectureInvalid')];
        }
      }),
    );

  const form = useForm<ProfileFormValues>({
    initialValues: profileFormValues(profile),
    validate: (values) => messages(checkProfileForm(values), values),
    onValuesChange: () => {
      // What the server refused was about the values before this change.
      if (save.isError) save.reset();
    },
  });
  const values = form.values;
  const changed = isProfileChanged(values, profile);

  const change = (field: ProfileField, value: string) => form.setFieldValue(field, value);

  const submit = (typed: ProfileFormValues) => {
    save.mutate(profileBody(typed), {
      onSuccess: (saved) => {
        form.setValues(profileFormValues(saved));
        notifications.show({ color: 'teal', message: t('merchantProfile.profile.saved') });
      },
      onError: (error) => {
        const refused = fieldRefusal(error);
        const field = refused ? profileFieldOf(refused.field) : undefined;
        if (!refused || !field) return;
        const errors = { [field]: refused.message ?? t('errors.invalidRequest') };
        form.setErrors(errors);
        focusInvalid(errors);
      },
    });
  };

  const discard = () => {
    form.setValues(profileFormValues(profile));
    form.clearErrors();
    save.reset();
  };

  const refusedField = profileFieldOf(fieldRefusal(save.error)?.field ?? '');
  const errorOf = (field: ProfileField): string | null => (form.errors[field] as string | undefined) ?? null;

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
    <FormCard
      title={t('merchantProfile.profile.title')}
      lead={t('merchantProfile.profile.lead')}
      onSubmit={form.onSubmit(submit, focusInvalid)}
    >
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
      <Stack gap="xs" role="group" aria-labelledby={addressId}>
        <Text fw={600} size="sm" id={addressId}>
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
      <RewritingInput
        {...common('invoiceRegistrationNo')}
        description={t('merchantProfile.profile.invoiceRegistrationNoHint')}
        value={values.invoiceRegistrationNo}
        onValueChange={(value) => change('invoiceRegistrationNo', value)}
        rewrite={registrationNumberTyping}
        ignorable={isRegistrationSeparator}
        autoCapitalize="characters"
        spellCheck={false}
        placeholder={t('merchantProfile.profile.invoiceRegistrationNoPlaceholder')}
        maw={320}
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
    </FormCard>
  );
}
