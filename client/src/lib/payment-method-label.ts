import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * The gateway's payment instrument types (Braintree `paymentInstrumentType`, stored as given in
 * invoices and the vault) as a person names them, in the interface language.
 */
const LABELS: Record<string, MessageDescriptor> = {
  credit_card: msg`Credit card`,
  paypal_account: msg`PayPal`,
  paypal_here: msg`PayPal`,
  apple_pay_card: msg`Apple Pay`,
  android_pay_card: msg`Google Pay`,
  google_pay_card: msg`Google Pay`,
  venmo_account: msg`Venmo`,
  samsung_pay_card: msg`Samsung Pay`,
  us_bank_account: msg`Bank account`,
  sepa_debit_account: msg`SEPA direct debit`,
  local_payment: msg`Local payment`,
  coupon: msg`Coupon`,
};

/** A type the list does not know shows as the gateway wrote it, with spaces for underscores. */
export function paymentMethodLabel(translate: (message: MessageDescriptor) => string, method: string): string {
  const label = LABELS[method];
  return label ? translate(label) : method.replace(/_/g, ' ');
}
