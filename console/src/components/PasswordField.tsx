import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import type { AccountField } from '@/components/accountFormSchemas';
import { useTranslation } from '@/i18n';

interface PasswordFieldProps extends Omit<PasswordInputProps, 'label' | 'autoComplete'> {
  /** The catalogue label (accounts.fields.*). */
  field: AccountField;
  /** 'current' for the password in use, 'new' for one being chosen (so password managers offer the right thing). */
  purpose: 'current' | 'new';
}

/**
 * The one password input of the account forms: a required field without an asterisk, the
 * visibility toggle named for screen readers, and aria-invalid while it shows an error (Mantine's
 * PasswordInput marks its input only with data-invalid; its other inputs set aria-invalid).
 * Spread `form.getInputProps(path)` into it.
 */
export function PasswordField({ field, purpose, ...props }: PasswordFieldProps) {
  const { t } = useTranslation();
  return (
    <PasswordInput
      label={t(`accounts.fields.${field}`)}
      autoComplete={purpose === 'current' ? 'current-password' : 'new-password'}
      required
      withAsterisk={false}
      visibilityToggleButtonProps={{ 'aria-label': t('actions.toggleSecretVisibility') }}
      aria-invalid={props.error ? true : undefined}
      {...props}
    />
  );
}
