import { Text, type TextProps } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TShownPrices } from '../../../../../src/modules/pricing/pricing.schemas.js';

/**
 * What the shown prices hold: "incl. 19 % VAT" for a consumer in the EU, "excl. VAT" for a business
 * with a VAT id (reverse charge abroad), and, while the country is not known, that VAT is added
 * where it applies. Nothing outside the EU, where no VAT is charged.
 */
export function VatNote({ prices, ...props }: { prices: Pick<TShownPrices, 'basis' | 'vatRate' | 'country' | 'reverseCharge'> } & TextProps) {
  const { i18n } = useLingui();
  const rate = new Intl.NumberFormat(i18n.locale === 'de' ? 'de-DE' : 'en-US', { maximumFractionDigits: 2 }).format(prices.vatRate);
  let note;
  if (prices.basis === 'inclVat') note = <Trans>incl. {rate} % VAT</Trans>;
  else if (prices.basis === 'exclVat') note = prices.reverseCharge ? <Trans>excl. VAT (reverse charge)</Trans> : <Trans>excl. VAT</Trans>;
  else if (prices.country === null) note = <Trans>plus VAT where applicable</Trans>;
  else return null;
  return (
    <Text span size="sm" c="dimmed" data-testid="vat-note" {...props}>
      {note}
    </Text>
  );
}
