import { Text } from '@mantine/core';
import { Trans } from '@lingui/react/macro';

/** "Saved" beside a step's save button, after the last save went through and nothing changed since. */
export function SavedNote({ shown }: { shown: boolean }) {
  if (!shown) return null;
  return (
    <Text size="sm" c="teal.5" role="status">
      <Trans>Saved</Trans>
    </Text>
  );
}
