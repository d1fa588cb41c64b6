// @vitest-environment happy-dom

import { waitFor } from '@testing-library/react';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/api/errors';
import { descriptionOf, fieldByLabel, mount, settleDialogFocus, submitWith, typeInto } from '@/components/formTesting';
import UserFormModal from './UserFormModal';

const EMPTY = { name: '', role: 'Member', email: '' };

async function mountModal(error: unknown = null, mode: 'invite' | 'edit' = 'invite', initial = EMPTY) {
  const onSubmit = vi.fn();
  await mount(
    <UserFormModal
      mode={mode}
      opened
      initial={initial}
      submitting={false}
      error={error}
      onClose={() => {}}
      onSubmit={onSubmit}
    />,
  );
  await settleDialogFocus();
  return onSubmit;
}

describe('UserFormModal (invite)', () => {
  it('moves the focus to the first invalid field after a failed submit, its error read with it', async () => {
    const onSubmit = await mountModal();
    // The dialog renders in a portal, outside the test's container; the name field has the focus first.
    const name = fieldByLabel('名前');
    const email = fieldByLabel('メールアドレス');
    await typeInto(name, '山田 花子');
    await typeInto(email, 'not-an-address');
    await submitWith('招待する');
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(email)).toContain('メールアドレスの形式が正しくありません');

    await typeInto(name, '');
    await submitWith('招待する');
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(name).trim()).not.toBe('');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('focuses the field a refusal of the server names', async () => {
    await mountModal(
      new ApiError(400, { type: 'invalid_request', field: 'email', message: 'このメールアドレスは使えません' }),
    );
    const email = fieldByLabel('メールアドレス');
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(descriptionOf(email)).toContain('このメールアドレスは使えません');
    // Editing the field takes the refusal's message away.
    await typeInto(email, 'hanako@example.com');
    expect(email.getAttribute('aria-invalid')).not.toBe('true');
    expect(descriptionOf(email)).not.toContain('このメールアドレスは使えません');
  });

  it('sends the values trimmed once they pass', async () => {
    const onSubmit = await mountModal();
    await typeInto(fieldByLabel('名前'), ' 山田 花子 ');
    await typeInto(fieldByLabel('権限'), 'Manager');
    await typeInto(fieldByLabel('メールアドレス'), 'hanako@example.com ');
    await submitWith('招待する');
    expect(onSubmit).toHaveBeenCalledWith({ name: '山田 花子', role: 'Manager', email: 'hanako@example.com' });
  });
});

describe('UserFormModal (edit)', () => {
  it("refuses a name over the contract's limit, focused with its message, and has no address field", async () => {
    const onSubmit = await mountModal(null, 'edit', { name: '山田 花子', role: 'Owner', email: 'hanako@example.com' });
    expect(() => fieldByLabel('メールアドレス')).toThrow();
    const role = fieldByLabel('権限');
    const name = fieldByLabel('名前');
    await typeInto(name, 'あ'.repeat(51));
    // Focus elsewhere first: the failed submit must move it back to the name.
    await act(async () => role.focus());
    await submitWith('保存する');
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(descriptionOf(name)).toContain('名前は50文字以内で入力してください');
    expect(onSubmit).not.toHaveBeenCalled();

    await typeInto(name, '山田 太郎');
    await submitWith('保存する');
    expect(onSubmit).toHaveBeenCalledWith({ name: '山田 太郎', role: 'Owner', email: 'hanako@example.com' });
  });
});
