import { Text, type TextProps } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { tabularFigures } from '../app/theme.js';
import { formatPrice } from '../lib/format-price.js';
import { isLocale } from '../lib/i18n.js';

/** A price in the interface language's currency, in tabular figures. */
export function Price({ amount, struck, ...props }: { amount: number; struck?: boolean } & TextProps) {
  const { i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  return (
    <Text component={struck ? 's' : 'span'} style={tabularFigures} {...props}>
      {formatPrice(amount, locale)}
    </Text>
  );
}
