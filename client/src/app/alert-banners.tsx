import { Alert, Stack } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { useAppState, useAppStoreApi } from '../lib/app-store.js';
import { errorMessageOf, successMessageOf } from '../lib/error-messages.js';
import classes from './alert-banners.module.css';

/** How long a success message stays (the same 4 s as the resend notice). */
export const SUCCESS_NOTICE_MS = 4000;

/**
 * The global error and success alerts: translated from their codes, closable. They sit at the foot
 * of the window, above any dialog, so they never lie over the header, the tabs or the step links;
 * a success message leaves by itself after 4 s, an error stays until it is closed or replaced.
 */
export function AlertBanners() {
  const { i18n } = useLingui();
  const app = useAppStoreApi();
  const errorCode = useAppState((state) => state.errorCode);
  const successCode = useAppState((state) => state.successCode);
  const successSeq = useAppState((state) => state.successSeq);

  useEffect(() => {
    if (!successCode) return;
    const timer = window.setTimeout(app.clearSuccess, SUCCESS_NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [app, successCode, successSeq]);

  if (!errorCode && !successCode) return null;
  return (
    <Stack className={classes.stack} gap="xs" data-testid="global-alerts">
      {errorCode && <Banner kind="error" text={i18n._(errorMessageOf(errorCode))} onClose={app.clearError} />}
      {successCode && <Banner kind="success" text={i18n._(successMessageOf(successCode))} onClose={app.clearSuccess} />}
    </Stack>
  );
}

/** An error is an alert a screen reader reads out at once; a success is a polite status. */
function Banner({ kind, text, onClose }: { kind: 'error' | 'success'; text: string; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <Alert
      color={kind === 'error' ? 'red' : 'teal'}
      variant="filled"
      role={kind === 'error' ? 'alert' : 'status'}
      withCloseButton
      closeButtonLabel={t`Close message`}
      onClose={onClose}
      data-testid={`global-${kind}`}
    >
      {text}
    </Alert>
  );
}
