import { Alert, Button, Group } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { errorMessageOf } from '../../../lib/error-messages.js';

interface FormSaveFooterProps {
  /** What the last save achieved, null before a save or after a change. */
  saved: ReactNode;
  /** The error code of a save that failed (shown translated), else null. */
  failure: string | null;
  saving: boolean;
  /** The submit button's label. */
  children: ReactNode;
}

/** A settings form's end: how the last save went (a polite status, or an alert read out at once) and the save button. */
export function FormSaveFooter({ saved, failure, saving, children }: FormSaveFooterProps) {
  const { i18n } = useLingui();
  return (
    <>
      {saved && (
        <Alert color="teal" role="status">
          {saved}
        </Alert>
      )}
      {failure !== null && (
        <Alert color="red" role="alert">
          {i18n._(errorMessageOf(failure))}
        </Alert>
      )}
      <Group>
        <Button type="submit" loading={saving}>
          {children}
        </Button>
      </Group>
    </>
  );
}
