// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { focusFirstInvalid, showFieldError } from './formFocus';

afterEach(() => {
  document.body.replaceChildren();
});

/** Inputs in this document order, found by path as `form.getInputNode` finds them. */
function formOf(...paths: string[]) {
  const nodes = new Map(
    paths.map((path) => {
      const input = document.createElement('input');
      input.dataset.path = path;
      document.body.append(input);
      return [path, input] as const;
    }),
  );
  const shown: Record<string, string> = {};
  return {
    nodes,
    shown,
    getInputNode: (path: string) => nodes.get(path) ?? null,
    setFieldError: (path: string, error: string) => {
      shown[path] = error;
    },
  };
}

describe('focusFirstInvalid', () => {
  it('focuses the invalid field that comes first on the page, whatever order the errors come in', () => {
    const form = formOf('name', 'email', 'password');
    expect(focusFirstInvalid(form, { password: 'short', email: 'malformed' })).toBe('email');
    expect(document.activeElement).toBe(form.nodes.get('email'));
  });

  it('skips errors that are cleared or have no field on the page', () => {
    const form = formOf('name', 'email');
    expect(focusFirstInvalid(form, { name: null, status: 'whole form', email: 'malformed' })).toBe('email');
    expect(document.activeElement).toBe(form.nodes.get('email'));
    expect(focusFirstInvalid(form, { status: 'whole form' })).toBeNull();
  });

  it('shows a refusal on its field and focuses it', () => {
    const form = formOf('name', 'email');
    showFieldError(form, 'email', 'このメールアドレスはすでに登録されています');
    expect(form.shown).toEqual({ email: 'このメールアドレスはすでに登録されています' });
    expect(document.activeElement).toBe(form.nodes.get('email'));
  });
});
