/*
 * Mounting a form in a DOM (happy-dom: put `// @vitest-environment happy-dom` at the top of the test
 * file) with the providers and strings of the app, and driving it as a user does. Test code only.
 */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { loadPageStrings } from '@/i18n';

// React warns about updates outside act() unless told it runs under a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

await loadPageStrings();

export const formQueryClient = () =>
  new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });

export interface Mounted {
  container: HTMLElement;
  unmount: () => void;
}

/** Renders the element into a fresh container of the document. */
export async function mount(element: ReactElement, client: QueryClient = formQueryClient()): Promise<Mounted> {
  const container = document.createElement('div');
  document.body.append(container);
  let root: Root | undefined;
  await act(async () => {
    root = createRoot(container);
    root.render(
      <MantineProvider>
        <QueryClientProvider client={client}>{element}</QueryClientProvider>
      </MantineProvider>,
    );
  });
  return {
    container,
    unmount: () => {
      act(() => root?.unmount());
      container.remove();
    },
  };
}

/** The input or select whose label reads `label` (Mantine links them by id). */
export function fieldByLabel(container: HTMLElement, label: string): HTMLInputElement | HTMLSelectElement {
  const labelElement = [...container.querySelectorAll('label')].find((candidate) =>
    candidate.textContent?.startsWith(label),
  );
  const id = labelElement?.getAttribute('for');
  const field = id ? document.getElementById(id) : null;
  if (!field) throw new Error(`no field labelled ${label}`);
  return field as HTMLInputElement | HTMLSelectElement;
}

/** What a screen reader reads with the field: the texts its aria-describedby points at. */
export function descriptionOf(field: Element): string {
  return (field.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .map((id) => (id ? (document.getElementById(id)?.textContent ?? '') : ''))
    .join(' ');
}

/** Types `text` into the field as one input event (React sees it through the native value setter). */
export async function typeInto(field: HTMLInputElement | HTMLSelectElement, text: string): Promise<void> {
  const prototype = field instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
  const setValue = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  await act(async () => {
    setValue?.call(field, text);
    field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  });
}

/** Presses the form's submit button with the given label. */
export async function submitWith(container: HTMLElement, label: string): Promise<void> {
  const button = [...container.querySelectorAll('button')].find((candidate) => candidate.textContent === label);
  if (!button) throw new Error(`no button ${label}`);
  await act(async () => {
    button.click();
  });
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
