import { Button, Group, List, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { PageHeader } from '../../../components/page-header.js';
import { tabularFigures } from '../../../app/theme.js';
import { useShownPrices, VatNote } from '../../pricing/index.js';
import { formatMoney } from '../lib/money.js';

/** /distribution: the landing; `onDistribute` decides between going in and logging in first. */
export function DistributionLandingPage({ onDistribute }: { onDistribute: () => void }) {
  const { t, i18n } = useLingui();
  const prices = useShownPrices().data;
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
            {prices ? (
              <Text fz={24} fw={700} style={tabularFigures} data-testid="distribution-price">
                {formatMoney(prices.distribution.shown, prices.distribution.currency, i18n.locale)}
              </Text>
            ) : (
              <Skeleton h={24} w={110} aria-hidden="true" />
            )}
            <Text c="dimmed">
              <Trans>per year</Trans>
            </Text>
            {prices && <VatNote prices={prices} />}
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
