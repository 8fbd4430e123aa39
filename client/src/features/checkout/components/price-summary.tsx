import { Divider, Group, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { TPriceInfo } from '../../../../../src/modules/payments/payments.schemas.js';
import { Price } from '../../../components/price.js';

type Summary = Pick<TPriceInfo, 'price' | 'couponValue' | 'vat' | 'vatRate' | 'reverseCharge' | 'total' | 'upgradeFrom'>;

/**
 * The summary as the server priced it: price (or the upgrade's difference), coupon value, VAT with its
 * rate or the reverse-charge note, and total = remaining cost + VAT. The client shows the server's
 * figures and never recomputes them, so the summary and the invoice cannot disagree.
 */
export function PriceSummary({ info, couponKey }: { info: Summary; couponKey: string | null }) {
  const { i18n } = useLingui();
  const rate = new Intl.NumberFormat(i18n.locale === 'de' ? 'de-DE' : 'en-US', { maximumFractionDigits: 2 }).format(info.vatRate);
  return (
    <Stack gap={6} data-testid="price-summary" aria-live="polite">
      <Row label={info.upgradeFrom !== null ? <Trans>Upgrade (difference to your option)</Trans> : <Trans>Price</Trans>} amount={info.price} testId="summary-price" />
      {info.couponValue > 0 && (
        <Row label={<Trans>Coupon {couponKey ?? ''}</Trans>} amount={-info.couponValue} testId="summary-coupon" />
      )}
      {info.reverseCharge ? (
        <>
          <Row label={<Trans>VAT</Trans>} amount={info.vat} testId="summary-vat" />
          <Text size="xs" c="dimmed" data-testid="summary-reverse-charge">
            <Trans>Reverse charge: no VAT is charged; the VAT is due from you as the recipient of the service.</Trans>
          </Text>
        </>
      ) : (
        <Row label={<Trans>VAT ({rate} %)</Trans>} amount={info.vat} testId="summary-vat" />
      )}
      <Divider />
      <Row label={<Trans>Total</Trans>} amount={info.total} strong testId="summary-total" />
    </Stack>
  );
}

function Row({ label, amount, strong, testId }: { label: ReactNode; amount: number; strong?: boolean; testId: string }) {
  return (
    <Group justify="space-between" gap="md" wrap="nowrap" data-testid={testId}>
      <Text size="sm" fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Price amount={amount} size="sm" fw={strong ? 700 : undefined} />
    </Group>
  );
}
