// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/api/errors';
import { descriptionOf, fieldByLabel, type Mounted, mount, submitWith, typeInto } from '@/components/formTesting';
import { UserFormModal } from './UserFormModal';

let mounted: Mounted | undefined;
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
});

const EMPTY = { name: '', role: 'Member', email: '' };

async function mountModal(error: unknown = null) {
  const onSubmit = vi.fn();
  mounted = await mount(
    <UserFormModal
      mode="invite"
      opened
      initial={EMPTY}
      submitting={false}
      error={error}
      onClose={() => {}}
      onSubmit={onSubmit}
    />,
  );
  return onSubmit;
}

describe('UserFormModal (invite)', () => {
  it('moves the focus to the first invalid field after a failed submit, its error read with it', async () => {
    const onSubmit = await mountModal();
    // The dialog renders in a portal, outside the test's container; the name field has the focus first.
    const name = fieldByLabel(document.body, '名前');
    const email = fieldByLabel(document.body, 'メールアドレス');
    await typeInto(name, '山田 花子');
    await typeInto(email, 'not-an-address');
    await submitWith(document.body, '招待する');
    await vi.waitFor(() => expect(document.activeElement).toBe(email));
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(email)).toContain('メールアドレスの形式が正しくありません');

    await typeInto(name, '');
    await submitWith(document.body, '招待する');
    await vi.waitFor(() => expect(document.activeElement).toBe(name));
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(name).trim()).not.toBe('');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('focuses the field a refusal of the server names', async () => {
    await mountModal(
      new ApiError(400, { type: 'invalid_request', field: 'email', message: 'このメールアドレスは使えません' }),
    );
    const email = fieldByLabel(document.body, 'メールアドレス');
    await vi.waitFor(() => expect(document.activeElement).toBe(email));
    expect(descriptionOf(email)).toContain('このメールアドレスは使えません');
  });
});
