/*
 * Mounting a form in a DOM (happy-dom: put `// @vitest-environment happy-dom` at the top of the test
 * file) with the providers and strings of the app, and driving it as a user does: fields found by their
 * label, buttons by their name (Testing Library). Test code only.
 */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, type RenderResult, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { afterEach, vi } from 'vitest';
import { loadPageStrings } from '@/i18n';

// React warns about updates outside act() unless told it runs under a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
// Testing Library unmounts after each test by itself only where the test hooks are globals; not here.
afterEach(cleanup);

await loadPageStrings();

export const formQueryClient = () =>
  new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });

/** The app's providers around what a test renders. */
export function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <MantineProvider>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

export type Mounted = RenderResult;

/** Renders the element into the document with the app's providers; unmounted after the test. */
export async function mount(element: ReactElement, client: QueryClient = formQueryClient()): Promise<Mounted> {
  const mounted = render(<AppProviders client={client}>{element}</AppProviders>);
  // Lets the effects and promises of the first render settle, as a page does before a user reads it.
  await act(async () => {});
  return mounted;
}

/**
 * A user of the page, as user-event drives one. Under fake timers, the pauses it makes between the
 * steps of an action advance the fake clock instead of waiting. Its setup puts a clipboard of its own
 * in the navigator: a test that watches the browser's clipboard clicks with fireEvent instead.
 */
export const user = () =>
  userEvent.setup({
    advanceTimers: (ms) => {
      if (vi.isFakeTimers()) vi.advanceTimersByTime(ms);
    },
  });

/**
 * Matches a label, or a name taken from one, as the page shows it: the text, then Mantine's required mark
 * if the field is required (`getByRole('listbox', { name: labelled('支店') })`).
 */
export const labelled = (label: string) => (content: string) => content.replace(/\s*\*$/, '') === label;

/** The page, or the part of it a test looks in (a dialog). */
const queriesIn = (scope?: HTMLElement) => (scope ? within(scope) : screen);

/** The input or select labelled `label` (on the page, or inside `scope`), as a screen reader announces it. */
export function fieldByLabel<Field extends HTMLElement = HTMLInputElement>(label: string, scope?: HTMLElement): Field {
  return queriesIn(scope).getByLabelText<Field>(labelled(label), { selector: 'input, select, textarea' });
}

/** What a table of facts (label, value) says in the row headed `label` (on the page, or inside `scope`). */
export function factOf(label: string, scope?: HTMLElement): string | null {
  const row = queriesIn(scope)
    .getAllByRole('row')
    .find((candidate) => within(candidate).queryByRole('rowheader', { name: label }));
  if (!row) throw new Error(`no row headed ${label}`);
  return within(row).getByRole('cell').textContent;
}

/** What a screen reader reads with the field: the texts its aria-describedby points at. */
export function descriptionOf(field: Element): string {
  return (field.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .map((id) => (id ? (document.getElementById(id)?.textContent ?? '') : ''))
    .join(' ');
}

/** Puts `text` into the field as one input, as a paste or an input method does (one change for React). */
export async function typeInto(field: HTMLElement, text: string): Promise<void> {
  fireEvent.change(field, { target: { value: text } });
  await act(async () => {});
}

/** Presses the button named `label` (a form's submit button, or any other; on the page, or inside `scope`). */
export async function submitWith(label: string, scope?: HTMLElement): Promise<void> {
  await user().click(queriesIn(scope).getByRole('button', { name: label }));
}

/**
 * Lets an open dialog's focus trap finish giving the first focus. Mantine's trap focuses the dialog's
 * first control on a timer, twice (one timer when it attaches, one when it activates); the first may
 * already have run when a test sees the focus inside, and the second would then take back a focus the
 * test has just moved. A timer set now runs after both, as timers of the same delay run in the order
 * they were set.
 */
export async function settleDialogFocus(): Promise<void> {
  await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
}
