import { Alert, Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorAlert } from '../../../components/error-alert.js';

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
  return (
    <>
      {saved && (
        <Alert color="teal" role="status">
          {saved}
        </Alert>
      )}
      <ErrorAlert code={failure} />
      <Group>
        <Button type="submit" loading={saving}>
          {children}
        </Button>
      </Group>
    </>
  );
}
