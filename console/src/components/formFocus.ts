import type { FormErrors } from '@mantine/form';
import { useId } from 'react';

/** The part of a `useForm` result that focus handling needs. */
export interface FocusableForm {
  getInputNode: (path: string) => HTMLElement | null;
}

/**
 * Moves focus to the invalid field that comes first on the page (document
 * order, not the order the schema reported the problems in). Mantine already
 * marks each field with aria-invalid and links its error text through
 * aria-describedby, so focusing the field makes a screen reader announce it.
 * Returns the path that got focus, or null when no field could be found.
 */
export function focusFirstInvalid(form: FocusableForm, errors: FormErrors): string | null {
  let first: { path: string; node: HTMLElement } | null = null;
  for (const [path, message] of Object.entries(errors)) {
    if (message === null || message === undefined || message === false) continue;
    const node = form.getInputNode(path);
    if (node === null) continue;
    if (first === null || node.compareDocumentPosition(first.node) & Node.DOCUMENT_POSITION_FOLLOWING) {
      first = { path, node };
    }
  }
  first?.node.focus();
  return first?.path ?? null;
}

/**
 * The second argument of `form.onSubmit(onValid, onInvalid)`: focus the
 * first invalid field after a failed submit.
 *
 *     <form onSubmit={form.onSubmit(save, focusOnInvalid(form))}>
 */
export function focusOnInvalid(form: FocusableForm): (errors: FormErrors) => void {
  return (errors) => {
    focusFirstInvalid(form, errors);
  };
}

/**
 * Shows a refusal (e.g. a 400 answer naming a field) on its field and moves focus there, as a
 * failed submit does.
 */
export function showFieldError(
  form: FocusableForm & { setFieldError: (path: string, error: string) => void },
  path: string,
  message: string,
): void {
  form.setFieldError(path, message);
  form.getInputNode(path)?.focus();
}

/**
 * The ids of a form's fields, the form's fields for focus handling, and the focus after a failed
 * check: on the first invalid field in page order, once the messages have rendered (so it is
 * announced with its error). `nodeOf` finds a field that is not one element with the id (a radio
 * group, a field found by name).
 *
 *     const { fieldId, focusInvalid } = useFieldFocus<Field>();
 *     <form onSubmit={form.onSubmit(save, focusInvalid)}> … <TextInput id={fieldId('name')} …
 */
export function useFieldFocus<Field extends string>(nodeOf?: (field: Field, id: string) => HTMLElement | null) {
  const prefix = useId();
  const fieldId = (field: Field) => `${prefix}-${field}`;
  const fields: FocusableForm = {
    getInputNode: (path) =>
      nodeOf ? nodeOf(path as Field, fieldId(path as Field)) : document.getElementById(fieldId(path as Field)),
  };
  const focusInvalid = (errors: FormErrors) => {
    requestAnimationFrame(() => focusFirstInvalid(fields, errors));
  };
  return { fieldId, fields, focusInvalid };
}
