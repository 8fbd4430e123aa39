import { Box, Button, Group, SimpleGrid, Text, Title } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useState } from 'react';
import { DEMOS_COLLAPSED } from '../../../../../src/modules/demos/demos.constants.js';
import { trpc } from '../../../lib/trpc.js';

/**
 * The demo players come in their own chunk, fetched while the list's data loads: the
 * section shows nothing before its data anyway, so the split costs no visible time.
 */
const loadDemoItem = () => import('./demo-item.js');
const DemoItem = lazy(async () => ({ default: (await loadDemoItem()).DemoItem }));

/** Demo masters on the home page: 8 shown, about 24 when expanded; nothing without demos. */
export function DemoList() {
  const demos = trpc.demos.list.useQuery();
  const [expanded, setExpanded] = useState(false);
  useEffect(() => {
    // Nothing to report: the list's Suspense tries again when it renders.
    loadDemoItem().catch(() => undefined);
  }, []);
  if (!demos.data || demos.data.length === 0) return null;
  const shown = expanded ? demos.data : demos.data.slice(0, DEMOS_COLLAPSED);
  // The whole section waits for the players' chunk, as it waits for its data: nothing half-drawn.
  return (
    <Suspense fallback={null}>
      <Box component="section" aria-labelledby="demos-heading" data-testid="demos">
        <Title order={2} id="demos-heading" mb={4}>
          <Trans>Hear the difference</Trans>
        </Title>
        <Text c="dimmed" mb="lg">
          <Trans>Tracks mastered here. Play one and switch between the original and the master while it plays.</Trans>
        </Text>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {shown.map((demo) => (
            <DemoItem key={demo.id} demo={demo} />
          ))}
        </SimpleGrid>
        {demos.data.length > DEMOS_COLLAPSED && (
          <Group justify="center" mt="md">
            <Button variant="default" onClick={() => setExpanded((value) => !value)} aria-expanded={expanded}>
              {expanded ? <Trans>Show fewer</Trans> : <Trans>Show all demos</Trans>}
            </Button>
          </Group>
        )}
      </Box>
    </Suspense>
  );
}
