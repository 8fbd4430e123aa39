import { Grid, Skeleton, Stack } from '@mantine/core';

/** The two panels (style chooser, detail) while their data loads. */
export function PanelsSkeleton() {
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Skeleton h={260} radius="md" />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Skeleton h={260} radius="md" />
      </Grid.Col>
    </Grid>
  );
}

/** The whole master page while the master loads. */
export function MasterPageSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true">
      <Skeleton h={56} w="60%" radius="md" />
      <Skeleton h={180} radius="md" />
      <PanelsSkeleton />
    </Stack>
  );
}
