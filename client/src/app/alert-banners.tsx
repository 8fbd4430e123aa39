import { Alert, Stack } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { useAppState, useAppStoreApi } from '../lib/app-store.js';
import { errorMessageOf, successMessageOf } from '../lib/error-messages.js';
import classes from './alert-banners.module.css';

/** The global error and success alerts: translated from their codes, closable. */
export function AlertBanners() {
  const { i18n, t } = useLingui();
  const app = useAppStoreApi();
  const errorCode = useAppState((state) => state.errorCode);
  const successCode = useAppState((state) => state.successCode);
  if (!errorCode && !successCode) return null;
  return (
    <Stack className={classes.stack} gap="xs">
      {errorCode && (
        <Alert
          color="red"
          variant="filled"
          role="alert"
          withCloseButton
          closeButtonLabel={t`Close message`}
          onClose={app.clearError}
          data-testid="global-error"
        >
          {i18n._(errorMessageOf(errorCode))}
        </Alert>
      )}
      {successCode && (
        <Alert
          color="teal"
          variant="filled"
          role="status"
          withCloseButton
          closeButtonLabel={t`Close message`}
          onClose={app.clearSuccess}
          data-testid="global-success"
        >
          {i18n._(successMessageOf(successCode))}
        </Alert>
      )}
    </Stack>
  );
}
