import { BANK_ACCOUNT_TYPE_LABELS, type BankAccount } from '@coin/contract';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useId, useRef } from 'react';
import { FactsTable } from '@/components/FactsTable';
import { formatDateTime } from '@/format';
import { useTranslation } from '@/i18n';

/**
 * The registered account, its number masked as the server sends it (or that there is none), with the
 * button that opens the form to change it. It takes the focus each time `takeFocus` is a new request.
 */
export function RegisteredAccount({
  account,
  takeFocus = null,
  onChange,
}: {
  account: BankAccount | null;
  takeFocus?: object | null;
  onChange?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (takeFocus) headingRef.current?.focus();
  }, [takeFocus]);
  if (!account) {
    return (
      <Alert color="orange" variant="light" title={t('bankAccount.registered.none')}>
        <Text size="sm">{t('bankAccount.registered.noneDetail')}</Text>
      </Alert>
    );
  }
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="baseline" gap="xs">
          <Title order={2} size="h4" id={headingId} ref={headingRef} tabIndex={-1}>
            {t('bankAccount.registered.title')}
          </Title>
          <Text size="xs" c="dimmed">
            {t('bankAccount.registered.updatedAt', { date: formatDateTime(account.updated_at) })}
          </Text>
        </Group>
        <FactsTable
          aria-labelledby={headingId}
          labelWidth={150}
          rows={[
            [
              t('bankAccount.fields.bank'),
              t('bankAccount.nameWithCode', { name: account.bank_name, code: account.bank_code }),
            ],
            [
              t('bankAccount.fields.branch'),
              t('bankAccount.nameWithCode', { name: account.branch_name, code: account.branch_code }),
            ],
            [t('bankAccount.fields.accountType'), BANK_ACCOUNT_TYPE_LABELS[account.account_type]],
            [t('bankAccount.fields.accountNumber'), account.number_masked],
            [t('bankAccount.fields.holderName'), account.holder_name],
          ]}
        />
        {onChange && (
          <Group>
            <Button variant="default" onClick={onChange}>
              {t('bankAccount.registered.change')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
