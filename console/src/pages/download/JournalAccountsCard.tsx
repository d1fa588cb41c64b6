import '@mantine/core/styles/Paper.css';
import { JOURNAL_ACCOUNT_KEYS, type JournalAccountKey, type JournalAccounts } from '@coin/contract';
import { Alert, Box, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ApiError } from '@/api/errors';
import { journalAccountQueries, loadJournalAccountsSchema, useUpdateJournalAccounts } from '@/api/journal';
import { apiErrorText } from '@/components/apiErrorText';
import { FactsTable } from '@/components/FactsTable';
import { FormCard } from '@/components/FormCard';
import { useFieldFocus } from '@/components/formFocus';
import { QueryErrorAlert } from '@/components/QueryErrorAlert';
import { useTranslation } from '@/i18n';

type Problems = Partial<Record<JournalAccountKey, string>>;

const isAccountKey = (field: unknown): field is JournalAccountKey =>
  (JOURNAL_ACCOUNT_KEYS as readonly unknown[]).includes(field);

/**
 * The account names the journal export books under, under the report centre's form when the report is
 * 仕訳データ（弥生会計）: an Owner edits them, other roles read them.
 */
export default function JournalAccountsCard({ merchantId, editable }: { merchantId: number; editable: boolean }) {
  const { t } = useTranslation();
  const titleId = useId();
  const query = useQuery(journalAccountQueries.detail(merchantId));
  if (query.isPending) {
    return (
      <Paper withBorder radius="md" p="lg" maw={720} aria-busy="true">
        <Text size="sm" c="dimmed">
          {t('journal.loading')}
        </Text>
      </Paper>
    );
  }
  if (query.isError) return <QueryErrorAlert query={query} title={t('journal.loadFailed')} />;
  const { accounts, is_default: isDefault } = query.data;
  if (!editable) {
    return (
      <Paper withBorder radius="md" p="lg" maw={720}>
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={2} size="h4" id={titleId}>
              {t('journal.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('journal.readOnlyLead')}
            </Text>
          </Stack>
          <FactsTable
            aria-labelledby={titleId}
            rows={JOURNAL_ACCOUNT_KEYS.map((key) => [t(`journal.accounts.${key}`), accounts[key]] as const)}
          />
        </Stack>
      </Paper>
    );
  }
  // Keyed by the saved names: a save (or another tab's) starts the form again from what is stored.
  return (
    <JournalAccountsForm
      key={JSON.stringify(accounts)}
      merchantId={merchantId}
      accounts={accounts}
      isDefault={isDefault}
    />
  );
}

function JournalAccountsForm({
  merchantId,
  accounts,
  isDefault,
}: {
  merchantId: number;
  accounts: JournalAccounts;
  isDefault: boolean;
}) {
  const { t } = useTranslation();
  const { fieldId, focusInvalid } = useFieldFocus<JournalAccountKey>();
  const save = useUpdateJournalAccounts(merchantId);
  const form = useForm<JournalAccounts>({
    initialValues: accounts,
    onValuesChange: () => {
      if (save.isError) save.reset();
    },
  });
  const [loadFailure, setLoadFailure] = useState<unknown>(null);
  const showProblems = (problems: Problems) => {
    form.setErrors(problems);
    focusInvalid(problems);
  };
  /** A refusal the server tied to one of the names shows on it; null for any other failure. */
  const refusalOf = (error: unknown): Problems | null =>
    error instanceof ApiError && error.body.type === 'invalid_request' && isAccountKey(error.body.field)
      ? { [error.body.field]: error.body.message }
      : null;

  const submit = async () => {
    save.reset();
    setLoadFailure(null);
    let schema: Awaited<ReturnType<typeof loadJournalAccountsSchema>>;
    try {
      schema = await loadJournalAccountsSchema();
    } catch (error) {
      setLoadFailure(error);
      return;
    }
    // The contract's schema checks the names (its messages are Japanese); the first problem of each field shows.
    const checked = schema.safeParse(form.getValues());
    if (!checked.success) {
      const problems: Problems = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0];
        if (isAccountKey(field) && problems[field] === undefined) problems[field] = issue.message;
      }
      showProblems(problems);
      return;
    }
    form.clearErrors();
    save.mutate(checked.data, {
      onSuccess: () => notifications.show({ color: 'teal', message: t('journal.saved') }),
      onError: (error) => {
        const refused = refusalOf(error);
        if (refused) showProblems(refused);
      },
    });
  };

  const failure = save.isError ? (refusalOf(save.error) ? null : save.error) : loadFailure;
  // As wide as the report centre's card above it.
  return (
    <Box maw={720}>
      <FormCard
        title={t('journal.title')}
        lead={
          <Stack gap={4}>
            <Text size="sm" c="dimmed">
              {t('journal.lead')}
            </Text>
            {isDefault && <Text size="sm">{t('journal.defaults')}</Text>}
          </Stack>
        }
        onSubmit={() => void submit()}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {JOURNAL_ACCOUNT_KEYS.map((key) => (
            <TextInput
              key={key}
              id={fieldId(key)}
              label={t(`journal.accounts.${key}`)}
              description={key === 'receivable' || key === 'fees' ? t(`journal.hints.${key}`) : undefined}
              autoComplete="off"
              required
              {...form.getInputProps(key)}
              onChange={(event) => {
                form.setFieldValue(key, event.currentTarget.value);
                form.clearFieldError(key);
              }}
            />
          ))}
        </SimpleGrid>
        {failure !== null && (
          <Alert color="red" variant="light" role="alert" title={t('journal.failed')}>
            {apiErrorText(t, failure)}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('journal.save')}
          </Button>
        </Group>
      </FormCard>
    </Box>
  );
}
