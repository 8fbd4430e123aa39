import { Anchor, Button, Group, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Ref } from 'react';
import { Price } from '../../../components/price.js';
import { formatPrice } from '../../../lib/format-price.js';
import { isLocale } from '../../../lib/i18n.js';
import { CardForm, type CardFormHandle } from './card-form.js';

interface PaymentStepProps {
  cardRef: Ref<CardFormHandle>;
  paymentMode: 'local' | 'braintree';
  total: number | undefined;
  isPaying: boolean;
  onBack: () => void;
  onPay: () => void;
}

/** Step 1 of the checkout: the card form, the total, Back (discards the card) and Pay. */
export function PaymentStep({ cardRef, paymentMode, total, isPaying, onBack, onPay }: PaymentStepProps) {
  const { t, i18n } = useLingui();
  return (
    <>
      <CardForm ref={cardRef} mode={paymentMode} />
      {total !== undefined && (
        <Group justify="space-between">
          <Text fw={700}>
            <Trans>Total</Trans>
          </Text>
          <Price amount={total} fw={700} />
        </Group>
      )}
      <Group justify="space-between">
        <Anchor component="button" type="button" onClick={onBack} disabled={isPaying}>
          <Trans>Back</Trans>
        </Anchor>
        <Button onClick={onPay} loading={isPaying} data-testid="checkout-pay">
          {total !== undefined ? t`Pay ${formatPrice(total, isLocale(i18n.locale) ? i18n.locale : 'en')}` : t`Pay`}
        </Button>
      </Group>
    </>
  );
}
