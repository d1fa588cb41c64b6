import '@mantine/core/styles/Paper.css';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, type ReactNode, type Ref, useId } from 'react';
import { useFocusOnMount } from './useFocusOnMount';

interface FormCardProps {
  title: ReactNode;
  /** Under the title: a text (what the form does, dimmed) or a node of its own. */
  lead?: ReactNode;
  /** The title takes focus when the card appears (it replaced a button, as in the payment detail). */
  focusTitle?: boolean;
  /** A focusable title (tabIndex -1) that the form focuses itself, when it decides. */
  titleRef?: Ref<HTMLHeadingElement>;
  /** The browser's submit is already stopped: the form checks its fields itself. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}

/**
 * A signed-in form's card: a `<form>` named by its title (and lead), checked by the console
 * (noValidate), not the browser.
 */
export function FormCard({ title, lead, focusTitle = false, titleRef, onSubmit, children }: FormCardProps) {
  const headingId = useId();
  const mountFocus = useFocusOnMount<HTMLHeadingElement>();
  const headingRef = focusTitle ? mountFocus : titleRef;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(event);
  };
  return (
    <Paper withBorder radius="md" p="lg" component="form" onSubmit={submit} noValidate aria-labelledby={headingId}>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h4" id={headingId} ref={headingRef} tabIndex={headingRef ? -1 : undefined}>
            {title}
          </Title>
          {typeof lead === 'string' ? (
            <Text size="sm" c="dimmed">
              {lead}
            </Text>
          ) : (
            lead
          )}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}
