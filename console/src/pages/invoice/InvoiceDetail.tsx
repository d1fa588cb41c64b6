import type { Invoice } from '@coin/contract';
import { Alert, Anchor, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { isApiError } from '@/api/errors';
import { invoiceQueries } from '@/api/invoices';
import { FactsTable } from '@/components/FactsTable';
import { QueryErrorAlert } from '@/components/QueryErrorAlert';
import { TableScroll } from '@/components/TableScroll';
import { formatCoin, formatDateTime } from '@/format';
import { useTranslation } from '@/i18n';
import { AppLink } from '@/router/AppLink';
import type { MerchantEntry } from '@/session';
import { InvoiceStatusBadge } from './InvoiceStatusBadge';
import { PaySection } from './PaySection';

/** A figure: tabular digits, never broken across lines. */
const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

function BackToList() {
  const { t } = useTranslation();
  return (
    <Anchor component={AppLink} to="/invoicePayment" size="sm">
      {t('invoice.detail.backToList')}
    </Anchor>
  );
}

/** An unknown invoice id, a malformed one, or another merchant's invoice (the server answers 404 alike). */
export function InvoiceNotFound() {
  const { t } = useTranslation();
  return (
    <Alert color="orange" variant="light" title={t('invoice.detail.notFound')} role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t('invoice.detail.notFoundBody')}</Text>
        <BackToList />
      </Stack>
    </Alert>
  );
}

/** One invoice addressed to the merchant, with its items and the payment area. */
export function InvoiceDetail({ merchant, invoiceId }: { merchant: MerchantEntry; invoiceId: number }) {
  const { t } = useTranslation();
  const query = useQuery(invoiceQueries.detail(merchant.merchant_id, invoiceId));

  if (query.isPending) {
    return (
      <Stack gap="xs" aria-busy role="status" aria-label={t('common.loading')}>
        <Skeleton height={28} width="40%" />
        <Skeleton height={160} />
        <Skeleton height={120} />
      </Stack>
    );
  }
  if (query.isError) {
    if (isApiError(query.error, 404)) return <InvoiceNotFound />;
    return (
      <Stack gap="sm" align="flex-start">
        <BackToList />
        <QueryErrorAlert query={query} />
      </Stack>
    );
  }
  return <InvoiceView invoice={query.data} merchant={merchant} />;
}

function InvoiceView({ invoice, merchant }: { invoice: Invoice; merchant: MerchantEntry }) {
  const { t } = useTranslation();
  const headingId = useId();
  const itemsId = useId();
  const rows: [string, ReactNode][] = [
    [t('invoice.detail.invoiceId'), invoice.id],
    [t('invoice.detail.issuer'), invoice.issuer_name],
    [t('invoice.detail.issuedAt'), formatDateTime(invoice.issued_at)],
    [t('invoice.detail.dueDate'), invoice.due_date.replaceAll('-', '/')],
    [t('fields.coin'), invoice.coin_name],
    [t('invoice.detail.amount'), formatCoin(invoice.amount)],
  ];
  if (invoice.paid_at) rows.push([t('invoice.detail.paidAt'), formatDateTime(invoice.paid_at)]);
  if (invoice.paid_transaction_id !== null) {
    rows.push([t('invoice.detail.paidTransactionId'), invoice.paid_transaction_id]);
  }

  return (
    <Stack gap="lg">
      <BackToList />
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={headingId}>
        <Stack gap="md">
          <Group gap="sm" align="center">
            <Title order={2} size="h3" id={headingId}>
              {invoice.title}
            </Title>
            <InvoiceStatusBadge status={invoice.status} size="lg" />
          </Group>
          <FactsTable rows={rows} labelWidth={200} aria-label={t('invoice.detail.summary')} />
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={itemsId}>
        <Stack gap="md">
          <Title order={2} size="h4" id={itemsId}>
            {t('invoice.detail.items')}
          </Title>
          {/* Wider than a phone: it scrolls sideways, with a shadow on the cut edge and a line saying so. */}
          <TableScroll minWidth={520} label={t('invoice.detail.items')}>
            <Table withTableBorder aria-labelledby={itemsId} verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('invoice.detail.itemName')}</Table.Th>
                  <Table.Th ta="right">{t('invoice.detail.quantity')}</Table.Th>
                  <Table.Th ta="right">{t('invoice.detail.unitPrice')}</Table.Th>
                  <Table.Th ta="right">{t('invoice.detail.itemAmount')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {invoice.items.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={4}>
                      <Text size="sm" c="dimmed" ta="center">
                        {t('invoice.detail.noItems')}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ) : (
                  invoice.items.map((item, index) => (
                    // Items have no id; their order is the invoice's.
                    // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
                    <Table.Tr key={index}>
                      <Table.Td>{item.name}</Table.Td>
                      <Table.Td ta="right" style={numeric}>
                        {formatCoin(item.quantity)}
                      </Table.Td>
                      <Table.Td ta="right" style={numeric}>
                        {formatCoin(item.unit_price)}
                      </Table.Td>
                      <Table.Td ta="right" style={numeric}>
                        {formatCoin(item.amount)}
                      </Table.Td>
                    </Table.Tr>
                  ))
                )}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th colSpan={3} ta="right">
                    {t('invoice.detail.total', { coin: invoice.coin_name })}
                  </Table.Th>
                  <Table.Td ta="right" fw={700} style={numeric}>
                    {formatCoin(invoice.amount)}
                  </Table.Td>
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </TableScroll>
        </Stack>
      </Paper>
      <PaySection invoice={invoice} merchant={merchant} />
    </Stack>
  );
}
