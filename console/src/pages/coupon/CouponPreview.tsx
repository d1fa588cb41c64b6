import { Box, Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from '@/i18n';
import type { CouponCardText } from './couponLabels';

/** The coupon as the customer's app shows it, drawn from the form as it is filled in. */
export function CouponPreview({ card }: { card: CouponCardText }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Stack gap={2}>
        <Title order={3} size="h5" id={headingId}>
          {t('coupon.card.title')}
        </Title>
        <Text size="xs" c="dimmed">
          {t('coupon.card.lead')}
        </Text>
      </Stack>
      <Paper
        radius="lg"
        shadow="xs"
        role="figure"
        aria-label={t('coupon.card.label')}
        style={{ overflow: 'hidden', border: '2px dashed var(--mantine-color-orange-4)' }}
      >
        <Box px="md" py={8} style={{ background: 'color-mix(in srgb, var(--mantine-color-orange-9), black 30%)' }}>
          <Text size="sm" fw={700} c="white" truncate="end">
            {card.merchant}
          </Text>
        </Box>
        <Stack gap={6} px="md" pt="sm" pb="md" bg="orange.0">
          <Text fw={700} c={card.named ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
            {card.name}
          </Text>
          {card.discount ? (
            <Text fz={34} fw={800} lh={1.15} c="orange.8" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {card.discount}
            </Text>
          ) : (
            <Text size="sm" c="dimmed" py={10}>
              {t('coupon.card.noDiscount')}
            </Text>
          )}
          {card.condition && <Text size="sm">{card.condition}</Text>}
        </Stack>
        <Stack
          gap={2}
          px="md"
          py="xs"
          style={{ borderTop: '1px dashed var(--mantine-color-orange-3)', fontVariantNumeric: 'tabular-nums' }}
        >
          {card.validity && <Text size="xs">{card.validity}</Text>}
          {card.stock && (
            <Text size="xs" c="dimmed">
              {card.stock}
            </Text>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
