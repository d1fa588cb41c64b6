// @vitest-environment happy-dom

import { screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/api/errors';
import { descriptionOf, fieldByLabel, mount, settleDialogFocus, submitWith, typeInto } from '@/components/formTesting';
import UserFormModal from './UserFormModal';

const EMPTY = { name: '', role: 'Member', email: '' };

/** The dialog's summary of the chosen role: its two lists, what the role may do and what it may not. */
function chosenAbilities(roleLabel: string): { may: string; mayNot: string } {
  const group = screen.getByRole('group', { name: `選択した権限（${roleLabel}）でできること` });
  const [may, mayNot] = within(group).getAllByRole('list');
  return { may: may?.textContent ?? '', mayNot: mayNot?.textContent ?? '' };
}

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

describe('UserFormModal (what the chosen role may do)', () => {
  it('lists what the chosen role may and may not do, and follows the choice', async () => {
    await mountModal();
    const member = chosenAbilities('メンバー');
    expect(member.may).toContain('売上・取引履歴の確認');
    expect(member.mayNot).toContain('返金の申請・取消');
    expect(member.mayNot).toContain('ほかの加盟店への支払い');

    await typeInto(fieldByLabel('権限'), 'Manager');
    expect(screen.queryByRole('group', { name: '選択した権限（メンバー）でできること' })).toBeNull();
    const manager = chosenAbilities('マネージャー');
    expect(manager.may).toContain('ほかの加盟店への支払い');
    expect(manager.mayNot).toContain('ユーザーの招待・権限の変更・利用停止');
    expect(manager.mayNot).toContain('振込先口座の登録・変更');

    await typeInto(fieldByLabel('権限'), 'Owner');
    const owner = chosenAbilities('オーナー');
    expect(owner.may).toContain('振込先口座の登録・変更');
    // An Owner may do everything: there is no second list.
    expect(owner.mayNot).toBe('');
  });
});

describe('UserFormModal (a new Owner)', () => {
  it('asks before inviting an Owner: cancelling sends nothing and keeps the form, confirming sends it', async () => {
    const onSubmit = await mountModal();
    await typeInto(fieldByLabel('名前'), '山田 花子');
    await typeInto(fieldByLabel('権限'), 'Owner');
    await typeInto(fieldByLabel('メールアドレス'), 'hanako@example.com');
    await submitWith('招待する');

    const ask = await screen.findByRole('dialog', { name: 'オーナーとして招待しますか？' });
    expect(ask.textContent).toContain('山田 花子さん（hanako@example.com）をオーナーとして招待します');
    expect(ask.textContent).toContain('いまのオーナーと同じ権限');
    for (const ability of ['振込先口座の登録・変更', '返金の申請・取消', 'ユーザーの招待・権限の変更・利用停止']) {
      expect(ask.textContent).toContain(ability);
    }
    // What a Manager may do too is not news to the reader.
    expect(ask.textContent).not.toContain('ほかの加盟店への支払い');
    expect(onSubmit).not.toHaveBeenCalled();

    await submitWith('キャンセル', ask);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'オーナーとして招待しますか？' })).toBeNull());
    expect(onSubmit).not.toHaveBeenCalled();
    // Back in the form, with what was typed, the focus on the role.
    const role = fieldByLabel<HTMLSelectElement>('権限');
    expect(fieldByLabel('名前').value).toBe('山田 花子');
    expect(role.value).toBe('Owner');
    await waitFor(() => expect(document.activeElement).toBe(role));

    await submitWith('招待する');
    await submitWith('招待する', await screen.findByRole('dialog', { name: 'オーナーとして招待しますか？' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith({ name: '山田 花子', role: 'Owner', email: 'hanako@example.com' });
  });

  it('invites any other role without asking', async () => {
    const onSubmit = await mountModal();
    await typeInto(fieldByLabel('名前'), '山田 花子');
    await typeInto(fieldByLabel('権限'), 'Manager_NoPayment');
    await typeInto(fieldByLabel('メールアドレス'), 'hanako@example.com');
    await submitWith('招待する');
    expect(screen.queryByRole('dialog', { name: 'オーナーとして招待しますか？' })).toBeNull();
    expect(onSubmit).toHaveBeenCalledWith({
      name: '山田 花子',
      role: 'Manager_NoPayment',
      email: 'hanako@example.com',
    });
  });

  it("asks before changing someone's role to Owner", async () => {
    const onSubmit = await mountModal(null, 'edit', {
      name: '山田 花子',
      role: 'Manager',
      email: 'hanako@example.com',
    });
    await typeInto(fieldByLabel('権限'), 'Owner');
    await submitWith('保存する');
    const ask = await screen.findByRole('dialog', { name: 'オーナーに変更しますか？' });
    expect(ask.textContent).toContain('山田 花子さんの権限をオーナーに変更します');
    expect(onSubmit).not.toHaveBeenCalled();
    await submitWith('変更する', ask);
    expect(onSubmit).toHaveBeenCalledWith({ name: '山田 花子', role: 'Owner', email: 'hanako@example.com' });
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
