import { PasswordInput } from '@mantine/core';
import type { FieldKey } from '@/components/accountForms';
import { useTranslation } from '@/i18n';

interface PasswordFieldsProps {
  password: string;
  passwordAgain: string;
  errors: { password?: string; passwordAgain?: string };
  onChange: (field: 'password' | 'passwordAgain', value: string) => void;
  labels?: { password: FieldKey; again: FieldKey };
}

/** A new password and its confirmation. */
export function PasswordFields({ password, passwordAgain, errors, onChange, labels }: PasswordFieldsProps) {
  const { t } = useTranslation();
  const toggle = { 'aria-label': t('actions.toggleSecretVisibility') };
  return (
    <>
      <PasswordInput
        label={t(`accounts.fields.${labels?.password ?? 'password'}`)}
        name="password"
        autoComplete="new-password"
        required
        withAsterisk={false}
        value={password}
        onChange={(event) => onChange('password', event.currentTarget.value)}
        error={errors.password}
        visibilityToggleButtonProps={toggle}
      />
      <PasswordInput
        label={t(`accounts.fields.${labels?.again ?? 'passwordAgain'}`)}
        name="passwordAgain"
        autoComplete="new-password"
        required
        withAsterisk={false}
        value={passwordAgain}
        onChange={(event) => onChange('passwordAgain', event.currentTarget.value)}
        error={errors.passwordAgain}
        visibilityToggleButtonProps={toggle}
      />
    </>
  );
}
