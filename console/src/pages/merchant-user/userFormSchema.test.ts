import { inviteMerchantUserBodySchema } from '@coin/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { formErrors } from '@/components/accountFormSchemas';
import { initI18n, loadPageStrings, t } from '@/i18n';
import { USER_NAME_MAX, type UserFormMode, type UserFormValues, userFormBody, userFormSchema } from './userFormSchema';

beforeAll(async () => {
  initI18n();
  await loadPageStrings();
});

/** What the dialog shows under each field for these values (as `useForm` receives it). */
const errorsOf = (values: UserFormValues, mode: UserFormMode = 'invite') => formErrors(userFormSchema(t, mode), values);

describe('the invite and edit user form', () => {
  it('accepts a name, a role and an address', () => {
    expect(errorsOf({ name: '山田 花子', role: 'Manager', email: 'hanako@example.com' })).toEqual({});
  });

  it('asks for each field, and a role of the list', () => {
    expect(errorsOf({ name: '  ', role: '', email: '' })).toEqual({
      name: '名前を入力してください',
      role: '権限を選択してください',
      email: 'メールアドレスを入力してください',
    });
    expect(errorsOf({ name: 'a', role: 'Admin', email: '' }, 'edit')).toEqual({ role: '権限を選択してください' });
  });

  it("refuses a malformed address and a name over the contract's limit", () => {
    expect(USER_NAME_MAX).toBe(50);
    expect(errorsOf({ name: 'あ'.repeat(USER_NAME_MAX + 1), role: 'Member', email: 'hanako@example' })).toEqual({
      name: '名前は50文字以内で入力してください',
      email: 'メールアドレスの形式が正しくありません',
    });
    expect(errorsOf({ name: 'あ'.repeat(USER_NAME_MAX), role: 'Owner', email: 'not an address' }, 'edit')).toEqual({});
    // Spaces around the name do not count (the server trims it too).
    expect(errorsOf({ name: ` ${'あ'.repeat(USER_NAME_MAX)} `, role: 'Owner', email: '' }, 'edit')).toEqual({});
  });

  it('refuses an address the server would refuse, in the words of the form', () => {
    const long = `${'a'.repeat(250)}@example.com`;
    expect(inviteMerchantUserBodySchema.shape.email.safeParse(long).success).toBe(false);
    expect(errorsOf({ name: '山田', role: 'Member', email: long })).toEqual({
      email: 'メールアドレスの形式が正しくありません',
    });
  });

  it('sends what the contract takes: texts trimmed', () => {
    const body = userFormBody({ name: ' 山田 花子 ', role: 'Manager_NoPayment', email: ' hanako@example.com ' });
    expect(body).toEqual({ name: '山田 花子', role: 'Manager_NoPayment', email: 'hanako@example.com' });
    expect(inviteMerchantUserBodySchema.safeParse(body).success).toBe(true);
  });
});
