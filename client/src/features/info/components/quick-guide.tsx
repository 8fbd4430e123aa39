import { Paper, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';

function Step({ number, title, children }: { number: number; title: ReactNode; children: ReactNode }) {
  return (
    <Paper component="li" withBorder radius="md" p="md" style={{ listStyle: 'none' }}>
      <Stack gap="xs">
        <ThemeIcon radius="xl" size={32} variant="light" aria-hidden>
          <Text fw={700}>
            {number}
          </Text>
        </ThemeIcon>
        <Text fw={600}>{title}</Text>
        <Text size="sm" c="dimmed">
          {children}
        </Text>
      </Stack>
    </Paper>
  );
}

/** The quick guide: from a mix to a finished master in four steps. */
export function QuickGuide() {
  return (
    <SimpleGrid component="ol" p={0} m={0} cols={{ base: 1, sm: 2, lg: 4 }} spacing="md" data-testid="quick-guide">
      <Step number={1} title={<Trans>Export your mix</Trans>}>
        <Trans>A WAV file, 16 to 32 bit, any sample rate up to 192 kHz. Leave some headroom and no limiter on the master bus.</Trans>
      </Step>
      <Step number={2} title={<Trans>Upload and choose a style</Trans>}>
        <Trans>Drop the file onto any page of this site, or choose it on the home page. Each style group has styles with their own loudness target and tone.</Trans>
      </Step>
      <Step number={3} title={<Trans>Listen and compare</Trans>}>
        <Trans>Switch between the original and the master while the track plays, and try other styles before you decide.</Trans>
      </Step>
      <Step number={4} title={<Trans>Download</Trans>}>
        <Trans>Take the free MP3, or buy the WAV master in 16 bit at 44.1 kHz or in 24 bit at your mix's own sample rate, with an invoice for your records.</Trans>
      </Step>
    </SimpleGrid>
  );
}
