import type { CallResponse } from '@coin/contract';
import { Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { merchantQueries } from '@/api/merchants';
import { CardSkeleton, PLACEHOLDER_INSTANT } from '@/components/CardSkeleton';
import { QueryCard } from '@/components/QueryCard';
import { formatCoin, formatDateTime } from '@/format';
import { useTranslation } from '@/i18n';

type Payment = NonNullable<CallResponse<'getLatestPayment'>['payment']>;

/** A payment for the loading placeholder: the lines a payment shows. */
const PLACEHOLDER: Payment = {
  transaction_id: 0,
  created_at: PLACEHOLDER_INSTANT,
  amount: 0,
  coin_id: 0,
  coin_name: '—',
  payer_wallet_no: '—',
};

/** One labelled value: a term and its description. */
function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <Group gap="xs" component="dl" m={0}>
      <Text component="dt" size="sm" c="dimmed">
        {term}
      </Text>
      <Text component="dd" size="sm" m={0}>
        {children}
      </Text>
    </Group>
  );
}

/** The latest payment the merchant received. */
export function LatestPaymentCard({ merchantId }: { merchantId: number }) {
  const { t } = useTranslation();
  const query = useQuery(merchantQueries.latestPayment(merchantId));
  return (
    <QueryCard
      title={t('top.latestPayment.title')}
      query={query}
      isEmpty={(answer) => answer.payment === null}
      emptyText={t('top.latestPayment.empty')}
      skeleton={
        <CardSkeleton>
          <PaymentFacts payment={PLACEHOLDER} />
        </CardSkeleton>
      }
    >
      {({ payment }) => payment && <PaymentFacts payment={payment} />}
    </QueryCard>
  );
}

/** The payment's amount and coin, its time and its payer. */
function PaymentFacts({ payment }: { payment: Payment }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Group gap="xs" align="baseline">
        <Text fw={700} fz="xl" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {formatCoin(payment.amount)}
        </Text>
        <Text size="sm">{payment.coin_name}</Text>
      </Group>
      <Fact term={t('fields.dateTime')}>
        <time dateTime={payment.created_at}>{formatDateTime(payment.created_at)}</time>
      </Fact>
      <Fact term={t('fields.payer')}>{payment.payer_wallet_no}</Fact>
    </Stack>
  );
}
