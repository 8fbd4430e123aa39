import { Box, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { ErrorState } from '../../../components/error-state.js';
import { HonestEmpty } from '../../../components/honest-empty.js';
import { useDialogs } from '../../../lib/dialogs.js';
import { useStyleGroups } from '../use-style-groups.js';
import { StyleGroupIcon } from './style-group-icon.js';

/** The home and learn pages' section of the catalogue: its heading, what a style sets, and the overview. */
export function StylesSection() {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Title order={2} id={headingId} mb={4}>
        <Trans>Mastering styles</Trans>
      </Title>
      <Text c="dimmed" mb="lg">
        <Trans>Each style sets a loudness target, a tonal balance and the stereo width. Open a style to read what it does.</Trans>
      </Text>
      <StyleOverview headingOrder={3} />
    </Box>
  );
}

/** The style catalogue: every group with its styles; a style opens its details (StyleDetails). */
export function StyleOverview({ headingOrder = 2 }: { headingOrder?: 2 | 3 }) {
  const { t } = useLingui();
  const query = useStyleGroups();
  const dialogs = useDialogs();

  if (query.isPending) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} role="status" aria-busy="true" aria-label={t`Loading styles`}>
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} height={170} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  if (query.isError) {
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} title={t`The styles could not be loaded`} />;
  }
  if (query.data.length === 0) {
    return (
      <HonestEmpty
        title={<Trans>No styles are available right now</Trans>}
        description={<Trans>Please look again later.</Trans>}
      />
    );
  }

  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="style-overview">
      {query.data.map((group) => (
        <Card key={group.id} withBorder padding="lg" radius="md" component="article" aria-labelledby={`style-group-${group.id}`}>
          <Stack gap="sm" h="100%">
            <Group gap="sm" wrap="nowrap">
              <StyleGroupIcon icon={group.icon} />
              <Title order={headingOrder} fz="lg" id={`style-group-${group.id}`}>
                {group.name}
              </Title>
            </Group>
            <Text size="sm" c="dimmed">
              {group.description}
            </Text>
            <Group gap="xs" mt="auto" aria-label={t`Styles of ${group.name}`} role="group">
              {group.styles.map((style) => (
                <Button
                  key={style.id}
                  variant="light"
                  size="compact-sm"
                  onClick={() => dialogs.open('StyleDetails', { group, style })}
                  aria-haspopup="dialog"
                >
                  {style.name}
                </Button>
              ))}
            </Group>
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
