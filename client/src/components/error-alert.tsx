import { Alert, type AlertProps } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { errorMessageOf } from '../lib/error-messages.js';

/** Why an action failed, read out at once: the translated message of `code`; nothing while there is none. */
export function ErrorAlert({ code, variant }: { code: string | null | undefined; variant?: AlertProps['variant'] }) {
  const { i18n } = useLingui();
  if (!code) return null;
  return (
    <Alert color="red" variant={variant} role="alert">
      {i18n._(errorMessageOf(code))}
    </Alert>
  );
}
