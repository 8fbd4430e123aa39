import { Button, Paper, Stack, Text } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import { stepPath } from '../../wizard/release-steps.js';

/** A step about tracks before any is chosen: say so and lead to the picker. */
export function NoTracksYet() {
  return (
    <Paper withBorder radius="md" p="md" data-testid="no-tracks">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          <Trans>This release has no tracks yet.</Trans>
        </Text>
        <Button component={Link} to={stepPath('track')} variant="light" size="xs">
          <Trans>Choose tracks</Trans>
        </Button>
      </Stack>
    </Paper>
  );
}
