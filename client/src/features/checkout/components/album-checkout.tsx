import { Alert, Badge, Button, Group, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { TAlbum } from '../../../../../src/modules/albums/albums.schemas.js';
import type { TAlbumPriceLine } from '../../../../../src/modules/payments/payments.schemas.js';
import { QueriesState } from '../../../components/query-page.js';
import { Price } from '../../../components/price.js';
import { trackEvent } from '../../../lib/analytics.js';
import { useAppStoreApi } from '../../../lib/app-store.js';
import { errorCodeOf } from '../../../lib/error-messages.js';
import { trpc } from '../../../lib/trpc.js';
import { BUYING_OPTIONS } from '../../pricing/index.js';
import { useCouponField } from '../coupon.js';
import { downloadMaster, masterDownloadKey, useDownloadProgress } from '../downloads.js';
import { useCheckoutBuyer, type CheckoutBuyer } from '../use-checkout-buyer.js';
import { useAlbumPurchase } from '../use-purchase.js';
import { CheckoutHeading } from './checkout-heading.js';
import { CheckoutModal } from './checkout-modal.js';
import { CheckoutSteps } from './checkout-steps.js';
import { PriceSummary } from './price-summary.js';

type PaidOption = 1 | 2;

/**
 * "Buy the album" on the album page: one buying option for all its tracks, what each track costs
 * (the list price, the difference to an option owned below, nothing when owned at the option), the
 * total with VAT as the server prices it, and the checkout for all of them in one payment. Once
 * every track is owned at the option, its files download one after another.
 */
export function AlbumPurchase({ album }: { album: TAlbum }) {
  const { t, i18n } = useLingui();
  // The option the album is not wholly owned at yet, when there is one.
  const [option, setOption] = useState<PaidOption>(album.tracks.every((track) => (track.buyingOption ?? 0) >= 1) ? 2 : 1);
  const [checkout, setCheckout] = useState(false);
  const price = trpc.payments.albumPriceInfo.useQuery({ albumId: album.id, buyingOption: option }, { placeholderData: keepPreviousData });
  const lines = price.data?.lines;
  const owned = lines !== undefined && lines.every((line) => line.owned);

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} data-testid="album-purchase">
      <Stack gap="sm">
        <Title order={2} size="h4">
          <Trans>Buy the album</Trans>
        </Title>
        <Text size="sm" c="dimmed">
          <Trans>One option for every track. A track you own at a lower option costs only the difference; one you own at this option costs nothing.</Trans>
        </Text>
        <Radio.Group value={String(option)} onChange={(value) => setOption(Number(value) as PaidOption)} label={t`Buying option`} data-testid="album-option">
          <Stack gap="xs" mt={6}>
            {BUYING_OPTIONS.filter((entry) => entry.option > 0).map((entry) => (
              <Radio key={entry.option} value={String(entry.option)} label={i18n._(entry.name)} description={i18n._(entry.delivers)} />
            ))}
          </Stack>
        </Radio.Group>
        {price.data === undefined ? (
          <QueriesState queries={[price]} py="sm" />
        ) : (
          <>
            <AlbumPriceLines lines={price.data.lines} />
            {owned ? (
              <>
                <Alert color="teal" variant="light" data-testid="album-owned">
                  <Trans>You own every track of this album at this option.</Trans>
                </Alert>
                <DownloadAll masterIds={price.data.lines.map((line) => line.masterId)} option={option} />
              </>
            ) : (
              <>
                <PriceSummary info={{ ...price.data, upgradeFrom: null }} couponKey={null} />
                <Group justify="flex-end">
                  <Button onClick={() => setCheckout(true)} disabled={price.isPlaceholderData} data-testid="album-buy">
                    <Trans>Buy the album</Trans>
                  </Button>
                </Group>
              </>
            )}
          </>
        )}
      </Stack>
      <CheckoutModal opened={checkout} onClose={() => setCheckout(false)}>
        {checkout && <AlbumCheckout album={album} option={option} onClose={() => setCheckout(false)} />}
      </CheckoutModal>
    </Paper>
  );
}

/** Each track in album order with what it costs at the option, or that it is owned. */
function AlbumPriceLines({ lines }: { lines: TAlbumPriceLine[] }) {
  return (
    <Stack gap={4} component="ol" m={0} p={0} data-testid="album-price-lines">
      {lines.map((line) => (
        <Group key={line.position} component="li" justify="space-between" wrap="nowrap" gap="sm" style={{ listStyle: 'none' }} data-testid="album-price-line">
          <Text size="sm" truncate>
            {line.position + 1}. {line.name}
          </Text>
          {line.owned ? (
            <Badge variant="light" color="teal" flex="none" style={{ overflow: 'visible' }}>
              <Trans>Owned</Trans>
            </Badge>
          ) : (
            <Group gap={6} wrap="nowrap" flex="none">
              {line.ownedOption > 0 && (
                <Text size="xs" c="dimmed">
                  <Trans>Upgrade</Trans>
                </Text>
              )}
              <Price amount={line.price} size="sm" />
            </Group>
          )}
        </Group>
      ))}
    </Stack>
  );
}

function AlbumCheckout({ album, option, onClose }: { album: TAlbum; option: PaidOption; onClose: () => void }) {
  const { queries, buyer } = useCheckoutBuyer();
  if (!buyer) return <QueriesState queries={queries} />;
  return <AlbumCheckoutForm album={album} option={option} buyer={buyer} onClose={onClose} />;
}

/** The album's checkout (CheckoutSteps): its tracks above the summary, one payment for all. */
function AlbumCheckoutForm({ album, option, buyer, onClose }: { album: TAlbum; option: PaidOption; buyer: CheckoutBuyer; onClose: () => void }) {
  const coupon = useCouponField();
  const price = trpc.payments.albumPriceInfo.useQuery({ albumId: album.id, buyingOption: option, couponKey: coupon.key || undefined }, { placeholderData: keepPreviousData });
  const purchase = useAlbumPurchase({ albumId: album.id, buyingOption: option, couponKey: coupon.key, summary: price.data, onDone: onClose });

  useEffect(() => {
    trackEvent('begin_checkout', { item_id: album.id, buying_option: option });
  }, [album.id, option]);

  const first = album.tracks[0]?.name ?? '';
  const heading = (
    <CheckoutHeading
      productName={
        <>
          <Trans>Album "{first}"</Trans> · <Plural value={album.tracks.length} one="# track" other="# tracks" />
        </>
      }
      option={BUYING_OPTIONS[option]!}
      upgradeFrom={null}
    />
  );
  return (
    <CheckoutSteps
      heading={heading}
      {...buyer}
      coupon={coupon}
      price={price}
      ownedNotice={
        price.data?.lines.every((line) => line.owned) ? (
          <Alert color="teal">
            <Trans>You own every track of this album at this option.</Trans>
          </Alert>
        ) : null
      }
      details={price.data && <AlbumPriceLines lines={price.data.lines} />}
      purchase={purchase}
    />
  );
}

/** Downloads every track's file of the option, one after another (a browser takes one save at a time best). */
function DownloadAll({ masterIds, option }: { masterIds: string[]; option: PaidOption }) {
  const app = useAppStoreApi();
  const [at, setAt] = useState<number | null>(null);
  const progress = useDownloadProgress(at === null ? '' : masterDownloadKey(masterIds[at]!, option));

  const downloadAll = async () => {
    try {
      for (const [i, masterId] of masterIds.entries()) {
        setAt(i);
        await downloadMaster(masterId, option);
      }
    } catch (error) {
      app.showError(errorCodeOf(error));
    } finally {
      setAt(null);
    }
  };

  return (
    <Group justify="flex-end">
      <Button onClick={() => void downloadAll()} disabled={at !== null} data-testid="album-download-all">
        {at === null ? (
          <Trans>Download all</Trans>
        ) : (
          <Trans>
            Downloading {at + 1} of {masterIds.length} ({progress ?? 0} %)
          </Trans>
        )}
      </Button>
    </Group>
  );
}
