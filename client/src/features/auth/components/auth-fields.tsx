import { PasswordInput, TextInput, type PasswordInputProps, type TextInputProps } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { ZEmail } from '../../../../../src/modules/accounts/accounts.schemas.js';

/** Trimmed and lower-cased as typed. */
export const normaliseEmail = (value: string) => value.trim().toLowerCase();
export const isValidEmail = (value: string) => ZEmail.safeParse(value).success;

function CheckMark() {
  const { t } = useLingui();
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="var(--mantine-color-teal-5)" strokeWidth="2.5" role="img" aria-label={t`valid`}>
      <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * The e-mail input: 'Please enter a valid e-mail address.' beside the field once it has been changed, a check
 * mark once the address is valid. The value arrives already trimmed and lower-cased.
 */
export function EmailField({ value, onChange, error, ...props }: Omit<TextInputProps, 'onChange' | 'value'> & { value: string; onChange: (value: string) => void }) {
  const valid = isValidEmail(value);
  return (
    <TextInput
      type="email"
      autoComplete="email"
      {...props}
      value={value}
      onChange={(event) => onChange(normaliseEmail(event.currentTarget.value))}
      error={error}
      rightSection={valid ? <CheckMark /> : null}
    />
  );
}

/** A password with the show/hide toggle; `withHint` adds the requirement hint (global.passwordRequirements). */
export function PasswordField({ withHint, ...props }: PasswordInputProps & { withHint?: boolean }) {
  const { t } = useLingui();
  return (
    <PasswordInput
      {...props}
      description={withHint ? t`Use at least 8 characters.` : props.description}
      visibilityToggleButtonProps={{ 'aria-label': t`Show or hide password` }}
    />
  );
}
