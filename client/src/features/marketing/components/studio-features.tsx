import { Box, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import classes from './marketing.module.css';

function Feature({ figure, title, children }: { figure: ReactNode; title: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg" className={classes.feature}>
      <Stack gap="xs">
        <Text className={classes.figure} aria-hidden>
          {figure}
        </Text>
        <Title order={3} fz="md">
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {children}
        </Text>
      </Stack>
    </Paper>
  );
}

/**
 * The studio feature section. Every claim is something the product does
 * and the tests measure: the loudness and peak figures come from
 * docs/product-rules.md, "Audio files".
 */
export function StudioFeatures({ distribution }: { distribution: boolean }) {
  return (
    <Box component="section" aria-labelledby="studio-heading" data-testid="studio-features">
      <Title order={2} id="studio-heading" mb={4}>
        <Trans>A mastering studio in your browser</Trans>
      </Title>
      <Text c="dimmed" mb="lg">
        <Trans>What happens to your track here, and what you get back.</Trans>
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: distribution ? 4 : 3 }} spacing="md">
        <Feature figure="A / B" title={<Trans>Hear it before you pay</Trans>}>
          <Trans>The master plays in the browser on your own track. Switch between original and master, or between styles, without losing your place.</Trans>
        </Feature>
        <Feature figure="-1 dBTP" title={<Trans>Loud, and never clipped</Trans>}>
          <Trans>Every master meets its style's loudness target, measured to ITU-R BS.1770, with true peaks at or below -1 dBTP. Where a target would crush your mix, the master stops short and tells you by how much.</Trans>
        </Feature>
        <Feature figure={<Trans>24 bit</Trans>} title={<Trans>Studio formats</Trans>}>
          <Trans>A free MP3 to try, a 16-bit WAV at 44.1 kHz dithered for CD and streaming, or a 24-bit WAV at your mix's own sample rate (up to 96 kHz), each exactly as long as your mix.</Trans>
        </Feature>
        {distribution && (
          <Feature figure={<Trans>→ Stores</Trans>} title={<Trans>From master to release</Trans>}>
            <Trans>Share a master with up to five people, collect comments at the exact second, and release your music to streaming stores with the distribution add-on.</Trans>
          </Feature>
        )}
      </SimpleGrid>
    </Box>
  );
}
