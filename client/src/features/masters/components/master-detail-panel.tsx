import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TMaster } from '../../../../../src/modules/masters/masters.schemas.js';
import { BuyOptions } from '../../checkout/index.js';
import { INTENSITY_NAMES } from '../lib/intensity-names.js';
import { amountsOfMaster, amountsSummary } from '../lib/amounts.js';

interface MasterDetailPanelProps {
  trackId: string;
  isCustom: boolean;
  /** The track's master in the chosen style; null for a custom master. */
  master: TMaster | null;
  styleId: number | null;
  buyingDisabled: boolean;
  ensureMaster: () => Promise<string>;
  onReupload: () => void;
}

/** An existing master of the chosen style (or the custom master): its style and its download options. */
export function MasterDetailPanel({ trackId, isCustom, master, styleId, buyingDisabled, ensureMaster, onReupload }: MasterDetailPanelProps) {
  const { i18n } = useLingui();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="detail-title" data-testid="master-detail">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="detail-title">
          {isCustom ? <Trans>Custom master</Trans> : <Trans>Your master</Trans>}
        </Title>
        {master?.style && (
          <Text c="mastered.3" fw={600}>
            {[`${master.style.styleGroup.name} - ${master.style.name}`, i18n._(INTENSITY_NAMES[master.intensity]), amountsSummary(i18n, amountsOfMaster(master))].filter(Boolean).join(' · ')}
          </Text>
        )}
        {isCustom && (
          <Text size="sm" c="dimmed">
            <Trans>
              This is a master you made yourself and uploaded for distribution. We play it as it is, always as mastered, and do not process it.
            </Trans>
          </Text>
        )}
        {!isCustom && styleId !== null && master && (
          <>
            <Text size="sm" fw={600} mt="xs">
              <Trans>Download options</Trans>
            </Text>
            <BuyOptions
              trackId={trackId}
              styleId={styleId}
              master={{ id: master.id, buyingOption: master.buyingOption, status: master.status }}
              disabled={buyingDisabled}
              ensureMaster={ensureMaster}
            />
          </>
        )}
        <Group mt="xs">
          <Button variant="default" onClick={onReupload}>
            <Trans>Upload a new version</Trans>
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
