import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/SegmentedControl.css';
import {
  COUPON_DISCOUNT_TYPES,
  COUPON_MAX_RATE_PERCENT,
  COUPON_NAME_MAX,
  type Coupon,
  type CouponDiscountType,
  MAX_PAYMENT_AMOUNT,
} from '@coin/contract';
import { Alert, Box, Button, Group, Input, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { lazy, Suspense, useMemo } from 'react';
import { useCreateCoupon } from '@/api/coupons';
import { fieldRefusal } from '@/components/accountErrors';
import { apiErrorText } from '@/components/apiErrorText';
import { FormCard } from '@/components/FormCard';
import { useFieldFocus } from '@/components/formFocus';
import { RewritingInput } from '@/components/RewritingInput';
import { amountTyping, isAmountSeparator } from '@/components/typedNumber';
import { formatCoin } from '@/format';
import { useTranslation } from '@/i18n';
import { tokyoDay } from '@/router/search';
import { CouponPreview } from './CouponPreview';
import {
  COUPON_STOCK_MAX,
  type CouponField,
  type CouponFormProblems,
  type CouponFormValues,
  checkCouponForm,
  couponDraft,
  couponFieldOf,
  emptyCouponForm,
} from './couponForm';
import { couponCardText } from './couponLabels';

// The calendar (Mantine dates) loads after the form; until then the days show read-only.
const DayInput = lazy(() => import('@/components/DayInput'));

const slashed = (day: string | null) => (day ? day.replaceAll('-', '/') : '');

/**
 * Creates a coupon (Owner, Manager), with a live preview of the customer's coupon card; the new one goes
 * to `onCreated`. A chunk of its own: roles that only read never load it.
 */
export default function CreateCouponForm({
  merchantId,
  merchantName,
  onCreated,
}: {
  merchantId: number;
  merchantName: string;
  onCreated: (coupon: Coupon) => void;
}) {
  const { t } = useTranslation();
  const { fieldId, focusInvalid } = useFieldFocus<CouponField>();
  const create = useCreateCoupon(merchantId);
  const today = useMemo(() => tokyoDay(new Date()), []);
  const maxAmount = formatCoin(MAX_PAYMENT_AMOUNT);

  /** Each problem in words; the limits are the contract's. */
  const messages = (problems: CouponFormProblems, rate: boolean): Partial<Record<CouponField, string>> => ({
    name:
      problems.name &&
      {
        required: t('coupon.validation.nameRequired'),
        tooLong: t('coupon.validation.nameTooLong', { max: COUPON_NAME_MAX }),
      }[problems.name],
    discountValue:
      problems.discountValue &&
      (rate
        ? {
            required: t('coupon.validation.rateRequired'),
            invalid: t('coupon.validation.rateInvalid'),
            positive: t('coupon.validation.rateRange', { max: COUPON_MAX_RATE_PERCENT }),
            max: t('coupon.validation.rateRange', { max: COUPON_MAX_RATE_PERCENT }),
          }
        : {
            required: t('coupon.validation.amountRequired'),
            invalid: t('coupon.validation.amountInvalid'),
            positive: t('coupon.validation.amountPositive'),
            max: t('coupon.validation.amountMax', { max: maxAmount }),
          })[problems.discountValue],
    minPurchase:
      problems.minPurchase &&
      {
        invalid: t('coupon.validation.minPurchaseInvalid'),
        max: t('coupon.validation.minPurchaseMax', { max: maxAmount }),
      }[problems.minPurchase],
    stock:
      problems.stock &&
      {
        invalid: t('coupon.validation.stockInvalid'),
        positive: t('coupon.validation.stockPositive'),
        max: t('coupon.validation.stockMax', { max: formatCoin(COUPON_STOCK_MAX) }),
      }[problems.stock],
    startsOn:
      problems.startsOn &&
      {
        required: t('coupon.validation.startsOnRequired'),
        invalid: t('coupon.validation.startsOnInvalid'),
        past: t('coupon.validation.startsOnPast'),
      }[problems.startsOn],
    endsOn:
      problems.endsOn &&
      {
        required: t('coupon.validation.endsOnRequired'),
        invalid: t('coupon.validation.endsOnInvalid'),
        beforeStart: t('coupon.validation.endsOnBeforeStart'),
      }[problems.endsOn],
  });

  const form = useForm<CouponFormValues>({
    initialValues: emptyCouponForm(),
    validate: (values) => {
      const checked = checkCouponForm(values);
      return 'problems' in checked ? messages(checked.problems, values.discountType === 'RATE') : {};
    },
    onValuesChange: () => {
      // What the server refused was about the values before this change.
      if (create.isError) create.reset();
    },
  });
  const values = form.values;
  const card = couponCardText(t, merchantName, couponDraft(values));
  // The fields are found by id: the day inputs are lazily loaded DateInputs of their own.

  const change = <K extends CouponField>(field: K, value: CouponFormValues[K]) => {
    form.setValues({ [field]: value });
    form.clearFieldError(field);
    // Another kind of discount makes the old value's problem moot.
    if (field === 'discountType') form.clearFieldError('discountValue');
  };

  const save = (typed: CouponFormValues) => {
    const checked = checkCouponForm(typed);
    if ('problems' in checked) return;
    create.mutate(checked.body, {
      onSuccess: (coupon) => {
        notifications.show({ color: 'teal', message: t('coupon.create.created', { name: coupon.name }) });
        // The kind of discount and the days often stay for the next coupon; the rest does not.
        form.setValues({ name: '', discountValue: '', minPurchase: '', stock: '' });
        onCreated(coupon);
      },
      onError: (error) => {
        const refused = fieldRefusal(error);
        const field = refused ? couponFieldOf(refused.field) : undefined;
        if (!refused || !field) return;
        const errors = { [field]: refused.message ?? t('errors.invalidRequest') };
        form.setErrors(errors);
        focusInvalid(errors);
      },
    });
  };

  const refusedField = couponFieldOf(fieldRefusal(create.error)?.field ?? '');
  const errorOf = (field: CouponField): string | null => (form.errors[field] as string | undefined) ?? null;
  const rate = values.discountType === 'RATE';

  const dayField = (field: 'startsOn' | 'endsOn', label: string, description: string, error: string | null) => (
    <Suspense
      fallback={
        <TextInput
          id={fieldId(field)}
          label={label}
          description={description}
          error={error}
          value={slashed(values[field])}
          readOnly
          required
          w={260}
        />
      }
    >
      <DayInput
        id={fieldId(field)}
        label={label}
        description={description}
        error={error}
        value={values[field]}
        min={field === 'startsOn' ? today : (values.startsOn ?? today)}
        onChange={(day) => change(field, day)}
        w={260}
      />
    </Suspense>
  );

  const numberProps = {
    rewrite: amountTyping,
    ignorable: isAmountSeparator,
    inputMode: 'numeric',
    autoComplete: 'off',
  } as const;
  const otherRefusal = create.isError && !refusedField;

  return (
    <FormCard
      title={t('coupon.create.title')}
      lead={t('coupon.create.lead')}
      onSubmit={form.onSubmit(save, focusInvalid)}
    >
      <Group align="flex-start" gap="xl" wrap="wrap">
        <Stack gap="md" style={{ flex: '1 1 440px' }} maw={640}>
          <TextInput
            id={fieldId('name')}
            label={t('coupon.create.name')}
            description={t('coupon.create.nameHint', { length: values.name.trim().length, max: COUPON_NAME_MAX })}
            value={values.name}
            onChange={(event) => change('name', event.currentTarget.value)}
            error={errorOf('name')}
            autoComplete="off"
            required
          />
          <Group align="flex-start" gap="md" wrap="wrap">
            <Input.Wrapper
              id={fieldId('discountType')}
              label={t('coupon.create.discountType')}
              labelElement="div"
              error={errorOf('discountType')}
            >
              <Box mt={4}>
                <SegmentedControl
                  aria-labelledby={`${fieldId('discountType')}-label`}
                  data={COUPON_DISCOUNT_TYPES.map((type) => ({
                    value: type,
                    label: t(`coupon.discountTypes.${type}`),
                  }))}
                  value={values.discountType}
                  onChange={(type) => change('discountType', type as CouponDiscountType)}
                />
              </Box>
            </Input.Wrapper>
            <RewritingInput
              id={fieldId('discountValue')}
              label={rate ? t('coupon.create.rate') : t('coupon.create.amount')}
              description={
                rate
                  ? t('coupon.create.rateHint', { max: COUPON_MAX_RATE_PERCENT })
                  : t('coupon.create.amountHint', { max: maxAmount })
              }
              value={values.discountValue}
              onValueChange={(value) => change('discountValue', value)}
              {...numberProps}
              rightSection={
                <Text size="sm" c="dimmed">
                  {rate ? t('coupon.create.percent') : t('coupon.create.yen')}
                </Text>
              }
              error={errorOf('discountValue')}
              required
              w={320}
            />
          </Group>
          <Group align="flex-start" gap="md" wrap="wrap">
            <RewritingInput
              id={fieldId('minPurchase')}
              label={t('coupon.create.minPurchase')}
              description={t('coupon.create.minPurchaseHint')}
              placeholder="0"
              value={values.minPurchase}
              onValueChange={(value) => change('minPurchase', value)}
              {...numberProps}
              rightSection={
                <Text size="sm" c="dimmed">
                  {t('coupon.create.yen')}
                </Text>
              }
              error={errorOf('minPurchase')}
              w={200}
            />
            <RewritingInput
              id={fieldId('stock')}
              label={t('coupon.create.stock')}
              description={t('coupon.create.stockHint', { max: formatCoin(COUPON_STOCK_MAX) })}
              placeholder={t('coupon.create.stockPlaceholder')}
              value={values.stock}
              onValueChange={(value) => change('stock', value)}
              {...numberProps}
              error={errorOf('stock')}
              w={260}
            />
          </Group>
          <Group align="flex-start" gap="md" wrap="wrap">
            {dayField('startsOn', t('coupon.create.startsOn'), t('coupon.create.startsOnHint'), errorOf('startsOn'))}
            {dayField('endsOn', t('coupon.create.endsOn'), t('coupon.create.endsOnHint'), errorOf('endsOn'))}
          </Group>
        </Stack>
        <Box w={320} style={{ flex: '0 0 320px' }}>
          <CouponPreview card={card} />
        </Box>
      </Group>
      {otherRefusal && (
        <Alert color="red" variant="light" role="alert" title={t('coupon.create.failed')}>
          {apiErrorText(t, create.error)}
        </Alert>
      )}
      <Group>
        <Button type="submit" loading={create.isPending}>
          {t('coupon.create.submit')}
        </Button>
      </Group>
    </FormCard>
  );
}
