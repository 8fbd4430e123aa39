import { Badge, Button, Card, Group, Loader, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Price } from '../../../components/price.js';
import { trackEvent } from '../../../lib/analytics.js';
import { useAppStoreApi } from '../../../lib/app-store.js';
import { useDialogs } from '../../../lib/dialogs.js';
import { errorCodeOf } from '../../../lib/error-messages.js';
import { BUYING_OPTIONS, shownAmountOf, useShownPrices, VatNote } from '../../pricing/index.js';
import { chargeCentsFor } from '../../../../../src/modules/pricing/pricing.schemas.js';
import { actionFor, type OptionNumber } from '../buying-decision.js';
import { downloadMaster, masterDownloadKey, useDownloadProgress, useRenditionWait, type RenditionWait } from '../downloads.js';

/**
 * CONTRACT: the three buying options of the new-master screen and the master page.
 * The checkout stream owns the implementation; the master page renders it with these props.
 */
export interface BuyOptionsProps {
  trackId: string;
  /** The chosen style; buttons are disabled without one. */
  styleId: number | null;
  /** The master of that style for this track, if it exists already. */
  master: { id: string; buyingOption: number; status: string } | null;
  /** Disabled by the new-master rule or while mastering runs. */
  disabled: boolean;
  /** Makes the style's master when it does not exist yet (bounce), resolving with its id. */
  ensureMaster: () => Promise<string>;
}

/**
 * The buying options: what each delivers and costs, and the rule
 * that the option only goes up. An option at or below the owned one downloads; a higher one opens
 * the checkout and says what the upgrade costs (the difference). A style without a master is
 * bounced first (ensureMaster), with a visible waiting state.
 */
export function BuyOptions({ trackId, styleId, master, disabled, ensureMaster }: BuyOptionsProps) {
  const { i18n } = useLingui();
  const dialogs = useDialogs();
  const app = useAppStoreApi();
  const [making, setMaking] = useState<OptionNumber | null>(null);
  const owned = master ? master.buyingOption : null;

  useEffect(() => {
    if (master) trackEvent('view_item', { item_id: master.id, track_id: trackId, style_id: styleId, buying_option: master.buyingOption });
  }, [master, trackId, styleId]);

  const choose = async (option: OptionNumber) => {
    let masterId = master?.id ?? null;
    let ownedOption = owned;
    if (!masterId) {
      setMaking(option);
      try {
        masterId = await ensureMaster();
        ownedOption = 0;
      } catch (error) {
        app.showError(errorCodeOf(error));
        return;
      } finally {
        setMaking(null);
      }
    }
    if (actionFor(option, ownedOption) === 'checkout') {
      dialogs.open('CheckoutTrack', { masterId, buyingOption: option });
      return;
    }
    try {
      await downloadMaster(masterId, option);
    } catch (error) {
      app.showError(errorCodeOf(error));
    }
  };

  const locked = disabled || styleId === null || making !== null;
  const prices = useShownPrices().data;
  // Until the VAT rule is known a price is not shown rather than shown wrong.
  const shown = (net: number) => (prices ? shownAmountOf(prices, net) : null);
  return (
    <Stack gap="xs" data-testid="buy-options">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {BUYING_OPTIONS.map((entry) => (
          <OptionCard
            key={entry.option}
            option={entry.option}
            name={i18n._(entry.name)}
            delivers={i18n._(entry.delivers)}
            owned={owned}
            masterId={master?.id ?? null}
            making={making === entry.option}
            shown={shown}
            disabled={locked}
            onChoose={() => void choose(entry.option)}
          />
        ))}
      </SimpleGrid>
      {prices && <VatNote prices={prices} />}
      {making !== null && (
        <Group gap="xs" role="status" aria-live="polite">
          <Loader size="xs" />
          <Text size="sm">
            <Trans>Making your master in this style. The download or checkout starts when it is ready.</Trans>
          </Text>
        </Group>
      )}
    </Stack>
  );
}

function OptionCard(props: {
  option: OptionNumber;
  name: string;
  delivers: string;
  owned: number | null;
  masterId: string | null;
  making: boolean;
  /** A net amount as this buyer pays it, null while the VAT rule loads. */
  shown: (net: number) => number | null;
  disabled: boolean;
  onChoose: () => void;
}) {
  const { option, name, delivers, owned, masterId, making, shown, disabled, onChoose } = props;
  const { t } = useLingui();
  const progress = useDownloadProgress(masterId ? masterDownloadKey(masterId, option) : '');
  const wait = useRenditionWait(masterId ? masterDownloadKey(masterId, option) : '');
  const action = actionFor(option, owned);
  const isOwned = owned !== null && option <= owned && option > 0;
  const upgrade = action === 'checkout' && owned !== null && owned > 0;
  const cost = shown(chargeCentsFor(option, owned ?? 0) / 100);
  const downloading = progress !== null || wait !== null;

  return (
    <Card withBorder padding="md" radius="md" data-testid={`buy-option-${option}`}>
      <Stack gap={6} h="100%" justify="space-between">
        <Stack gap={4}>
          {/* In a narrow card the badge moves below the name; it never shrinks or clips ("Gekauft"). */}
          <Group justify="space-between" gap={4} wrap="wrap" align="flex-start">
            <Text fw={600}>{name}</Text>
            {isOwned && (
              <Badge variant="light" color="teal" flex="none" style={{ overflow: 'visible' }} data-testid="owned-badge">
                <Trans>Owned</Trans>
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {delivers}
          </Text>
          {action === 'checkout' && upgrade && cost !== null && (
            <Text size="sm">
              <Trans>
                Upgrade for <Price amount={cost} fw={600} inherit />, the difference to what you own
              </Trans>
            </Text>
          )}
          {action === 'checkout' && !upgrade && cost !== null && <Price amount={cost} fz="lg" fw={700} />}
          {action === 'download' && option === 0 && (
            <Text size="sm" fw={600}>
              <Trans>Included with every master</Trans>
            </Text>
          )}
        </Stack>
        {wait !== null && <RenditionWaitNote wait={wait} />}
        {progress !== null && <Progress value={progress} size="sm" aria-label={delivers} animated />}
        <Button
          onClick={onChoose}
          disabled={disabled || downloading}
          loading={making}
          variant={action === 'checkout' ? 'filled' : 'default'}
          fullWidth
          aria-label={
            downloading ? undefined : action === 'download' ? t`Download ${name}: ${delivers}` : upgrade ? t`Upgrade to ${name}: ${delivers}` : t`Buy ${name}: ${delivers}`
          }
        >
          {wait !== null ? (
            <Trans>Being made…</Trans>
          ) : progress !== null ? (
            <Trans>Downloading {progress} %</Trans>
          ) : action === 'download' ? (
            <Trans>Download</Trans>
          ) : upgrade ? (
            <Trans>Upgrade</Trans>
          ) : (
            <Trans>Buy</Trans>
          )}
        </Button>
      </Stack>
    </Card>
  );
}

/** The server is still making this file from the master: what runs, or the place in line, never a made-up percent. */
function RenditionWaitNote({ wait }: { wait: RenditionWait }) {
  const ahead = wait.state === 'queued' ? wait.position - 1 : 0;
  return (
    <Group gap="xs" wrap="nowrap" role="status" aria-live="polite" data-testid="rendition-wait">
      <Loader size="xs" />
      <Text size="sm">
        {wait.state === 'running' ? (
          <Trans>Making this file from your master. The download starts when it is ready.</Trans>
        ) : ahead === 0 ? (
          <Trans>This file is made next from your master. The download starts when it is ready.</Trans>
        ) : (
          <Plural value={ahead} one="# file is made before this one. The download starts when it is ready." other="# files are made before this one. The download starts when it is ready." />
        )}
      </Text>
    </Group>
  );
}
