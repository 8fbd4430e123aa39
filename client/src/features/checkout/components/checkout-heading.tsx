import { Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { BUYING_OPTIONS } from '../../pricing/index.js';

type BuyingOptionEntry = (typeof BUYING_OPTIONS)[number];

interface CheckoutHeadingProps {
  productName: ReactNode;
  option: BuyingOptionEntry;
  /** The option already owned when this purchase is an upgrade (from the server's price info). */
  upgradeFrom: number | null | undefined;
}

/** What is bought: the track and style (or the album), the option and what it delivers, and the upgrade note. */
export function CheckoutHeading({ productName, option, upgradeFrom }: CheckoutHeadingProps) {
  const { i18n } = useLingui();
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {productName}
      </Text>
      <Title order={3} fz="lg">
        {i18n._(option.name)}: {i18n._(option.delivers)}
      </Title>
      {upgradeFrom != null && (
        <Text size="sm" data-testid="upgrade-note">
          <Trans>You own {i18n._(BUYING_OPTIONS[upgradeFrom]?.name ?? option.name)} already, so you pay only the difference.</Trans>
        </Text>
      )}
    </Stack>
  );
}
