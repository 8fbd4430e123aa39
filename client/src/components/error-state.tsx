import { Alert, Button, Group, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { errorCodeOf, errorMessageOf } from '../lib/error-messages.js';

/** A failed load: what happened, and a retry (ui-direction.md, States). */
export function ErrorState({ error, onRetry, title }: { error: unknown; onRetry?: () => void; title?: string }) {
  const { i18n, t } = useLingui();
  return (
    <Alert color="red" variant="light" title={title ?? t`This could not be loaded`} role="alert">
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
