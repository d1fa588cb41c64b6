import { Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { getConfig } from '@/app/config';
import { fieldRefusal } from '@/components/accountErrors';
import { useAccountRules } from '@/components/accountFormRules';
import type { PasswordPairValues } from '@/components/accountFormSchemas';
import { focusOnInvalid, showFieldError } from '@/components/formFocus';
import { PasswordField } from '@/components/PasswordField';
import { useTranslation } from '@/i18n';

interface NewPasswordFormProps {
  /** False when the account already has a password: only the button shows. */
  withPassword?: boolean;
  pending: boolean;
  /** Sends the form (the new password when asked for); a 400 naming `password` shows at that field. */
  send: (password: string | undefined) => Promise<unknown>;
}

/** The form of the mailed links that set a password: the new one typed twice and 登録する. */
export function NewPasswordForm({ withPassword = true, pending, send }: NewPasswordFormProps) {
  const { t } = useTranslation();
  const min = getConfig().passwordMinLength;
  const rules = useAccountRules<PasswordPairValues>((schemas) => schemas.passwordPairSchema(t, min));
  const form = useForm<PasswordPairValues>({
    initialValues: { password: '', passwordAgain: '' },
    validate: withPassword ? rules : {},
  });

  function save(values: PasswordPairValues) {
    send(withPassword ? values.password : undefined).catch((error: unknown) => {
      const refusal = fieldRefusal(error);
      if (refusal?.field === 'password')
        showFieldError(form, 'password', refusal.message ?? t('errors.invalidRequest'));
    });
  }

  return (
    <form onSubmit={form.onSubmit(save, focusOnInvalid(form))} noValidate>
      <Stack gap="md">
        {withPassword && (
          <>
            <PasswordField field="password" purpose="new" name="password" {...form.getInputProps('password')} />
            <PasswordField
              field="passwordAgain"
              purpose="new"
              name="passwordAgain"
              {...form.getInputProps('passwordAgain')}
            />
          </>
        )}
        <Button type="submit" fullWidth loading={pending}>
          {t('accounts.actions.register')}
        </Button>
      </Stack>
    </form>
  );
}
