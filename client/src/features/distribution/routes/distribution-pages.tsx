import { Button, Group, List, Paper, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { PageHeader } from '../../../components/page-header.js';
import { tabularFigures } from '../../../app/theme.js';
import { DISTRIBUTION_PLAN } from '../../../../../src/modules/distribution/distribution.schemas.js';
import { formatMoney } from '../lib/money.js';

const amountOf = (cents: number) => cents / 100;


/** /distribution: the landing; `onDistribute` decides between going in and logging in first. */
export function DistributionLandingPage({ onDistribute }: { onDistribute: () => void }) {
  const { t, i18n } = useLingui();
  return (
    <>
      <PageHeader
        title={t`Release your music`}
        description={t`Send your masters to streaming stores, follow each release's status and see where it is played.`}
      />
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <List spacing="xs">
            <List.Item>
              <Trans>Build a release from your own masters, with cover artwork and track details.</Trans>
            </List.Item>
            <List.Item>
              <Trans>Name the participants and split the payouts between them.</Trans>
            </List.Item>
            <List.Item>
              <Trans>Choose the stores and release dates, then follow the status of each store.</Trans>
            </List.Item>
          </List>
          <Group gap="xs" align="baseline">
            <Text fz={24} fw={700} style={tabularFigures} data-testid="distribution-price">
              {formatMoney(amountOf(DISTRIBUTION_PLAN.priceCents), DISTRIBUTION_PLAN.currency, i18n.locale)}
            </Text>
            <Text c="dimmed">
              <Trans>per year</Trans>
            </Text>
          </Group>
          <Group>
            <Button size="md" onClick={onDistribute} data-testid="distribute-button">
              <Trans>Distribute your music</Trans>
            </Button>
          </Group>
        </Stack>
      </Paper>
    </>
  );
}
