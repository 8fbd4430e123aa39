import type { MessageDescriptor } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { activateLocale, i18n } from './i18n.js';
import { paymentMethodLabel } from './payment-method-label.js';

const translate = (message: MessageDescriptor) => i18n._(message);

describe('payment method labels', () => {
  it('when a German user reads a payment method, then it is named in German; an unknown type keeps its words', () => {
    activateLocale('de', { persist: false });
    expect(paymentMethodLabel(translate, 'credit_card')).toBe('Kreditkarte');
    expect(paymentMethodLabel(translate, 'coupon')).toBe('Gutschein');
    expect(paymentMethodLabel(translate, 'crypto_wallet')).toBe('crypto wallet');
    activateLocale('en', { persist: false });
    expect(paymentMethodLabel(translate, 'credit_card')).toBe('Credit card');
    expect(paymentMethodLabel(translate, 'paypal_account')).toBe('PayPal');
  });
});
