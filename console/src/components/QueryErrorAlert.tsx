import { Alert, Button, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from '@/i18n';
import { apiErrorText } from './apiErrorText';

interface QueryErrorAlertProps {
  query: Pick<UseQueryResult<unknown>, 'error' | 'isFetching' | 'refetch'>;
  /** What could not be loaded; 読み込みに失敗しました by default. */
  title?: string;
}

/** A query's failure with its retry button: the error state of every card, list, drawer and form. */
export function QueryErrorAlert({ query, title }: QueryErrorAlertProps) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" role="alert" title={title ?? t('errors.loadFailed')}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{apiErrorText(t, query.error)}</Text>
        <Button size="xs" variant="light" color="red" loading={query.isFetching} onClick={() => void query.refetch()}>
          {t('actions.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}
