import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { useTranslation } from '@/i18n';
import { apiErrorText } from './apiErrorText';
import { type Fact, FactsTable } from './FactsTable';
import { useFocusOnMount } from './useFocusOnMount';

interface ConfirmPanelProps {
  title: string;
  /** A line above the figures (that nothing has moved yet, what to check). */
  lead?: string;
  rows: readonly Fact[];
  labelWidth?: number;
  /** The money-moving request: its failure is shown, and 戻る waits while it runs. */
  request: { isPending: boolean; isError: boolean; error: unknown };
  failedTitle: string;
  /** The failure's text; the server's own message (or the catalogue's) by default. */
  errorText?: (error: unknown) => string;
  submitLabel: string;
  onBack: () => void;
  onSubmit: () => void;
}

/**
 * The confirm step of a form that moves money: what will happen, the request's failure if any, 戻る
 * and the final button. It takes keyboard and screen-reader focus when it replaces the form.
 */
export function ConfirmPanel({
  title,
  lead,
  rows,
  labelWidth = 240,
  request,
  failedTitle,
  errorText,
  submitLabel,
  onBack,
  onSubmit,
}: ConfirmPanelProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Title order={2} size="h4" id={headingId} ref={headingRef} tabIndex={-1}>
          {title}
        </Title>
        {lead && <Text size="sm">{lead}</Text>}
        <FactsTable rows={rows} labelWidth={labelWidth} aria-labelledby={headingId} />
        {request.isError && (
          <Alert color="red" variant="light" role="alert" title={failedTitle}>
            {errorText ? errorText(request.error) : apiErrorText(t, request.error)}
          </Alert>
        )}
        <Group>
          <Button variant="default" onClick={onBack} disabled={request.isPending}>
            {t('actions.back')}
          </Button>
          <Button loading={request.isPending} onClick={onSubmit}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The result of a form that moved money: what happened, and what to do next. Takes focus. */
export function DonePanel({ title, children, actions }: { title: string; children: ReactNode; actions: ReactNode }) {
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  return (
    <Alert color="teal" variant="light" role="status">
      <Stack gap="md" align="flex-start">
        <Title order={2} size="h4" ref={headingRef} tabIndex={-1}>
          {title}
        </Title>
        {children}
        <Group>{actions}</Group>
      </Stack>
    </Alert>
  );
}
