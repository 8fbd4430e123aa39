import { Alert, Button, Group, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { errorCodeOf, errorMessageOf } from '../lib/error-messages.js';

/** A failed load: what happened, and a retry. */
export function ErrorState({ error, onRetry, title }: { error: unknown; onRetry?: () => void; title?: string }) {
  const { i18n, t } = useLingui();
  return (
    // The raw message stays out of sight but in the page, where a failure report can read it: a
    // message that is no error code says only "something went wrong" to the user.
    <Alert color="red" variant="light" title={title ?? t`This could not be loaded`} role="alert" data-error-message={rawMessageOf(error)}>
      <Group justify="space-between" align="center" gap="sm">
        <Text size="sm">{i18n._(errorMessageOf(errorCodeOf(error)))}</Text>
        {onRetry && (
          <Button size="xs" variant="white" color="red" onClick={onRetry}>
            <Trans>Try again</Trans>
          </Button>
        )}
      </Group>
    </Alert>
  );
}

function rawMessageOf(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, 300);
}
