import { Button, Stack, Text, Title } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';

/** An unknown route shows 'This page could not be found'. */
export function NotFoundPage() {
  return (
    <Stack align="center" gap="md" py={64} ta="center">
      <Text c="dimmed" fz={48} fw={700} lh={1} aria-hidden="true">
        404
      </Text>
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        <Trans>This page could not be found</Trans>
      </Title>
      <Button component={Link} to="/" variant="default">
        <Trans>Back to the home page</Trans>
      </Button>
    </Stack>
  );
}
