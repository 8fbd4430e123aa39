import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import { BuyOptions } from '../../checkout/index.js';

interface NewMasterPanelProps {
  trackId: string;
  styleId: number | null;
  /** "Group - style" of the chosen style, when there is one. */
  styleLabel: string | null;
  newMasterAllowed: boolean;
  buyingDisabled: boolean;
  ensureMaster: () => Promise<string>;
}

/** A style the track has no master in yet: buying an option makes the master. */
export function NewMasterPanel({ trackId, styleId, styleLabel, newMasterAllowed, buyingDisabled, ensureMaster }: NewMasterPanelProps) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="new-master-title" data-testid="new-master">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="new-master-title">
          <Trans>New master</Trans>
        </Title>
        {styleLabel && (
          <Text c="mastered.3" fw={600}>
            {styleLabel}
          </Text>
        )}
        <Text size="sm" c="dimmed">
          <Trans>Listen to the style in the player first. Choose an option to make the master and download it.</Trans>
        </Text>
        {!newMasterAllowed && (
          <Alert color="yellow" variant="light">
            <Trans>This track already has a master in every style.</Trans>
          </Alert>
        )}
        <BuyOptions trackId={trackId} styleId={styleId} master={null} disabled={!newMasterAllowed || buyingDisabled} ensureMaster={ensureMaster} />
        <Group justify="flex-end">
          <Button variant="subtle" color="gray" component={Link} to="/">
            <Trans>Cancel</Trans>
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
