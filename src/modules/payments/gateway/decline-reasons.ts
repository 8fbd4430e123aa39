import { SERVER_FAILURE } from './payment-gateway.js';

/**
 * What a gateway answered to a charge it did not make, in Braintree's terms: the processor's
 * response code and text (a processor decline), the gateway's rejection reason (its own fraud and
 * verification rules), or the codes of validation errors (a bad nonce or card data). This raw
 * answer goes to the log only; the buyer sees the translation key `declineKeyOf` makes of it.
 */
export interface GatewayAnswer {
  processorResponseCode?: string | undefined;
  processorResponseText?: string | undefined;
  gatewayRejectionReason?: string | undefined;
  validationCodes?: readonly string[] | undefined;
  /** The gateway's summary message (Braintree's `result.message`). */
  message?: string | undefined;
}

/** The translation keys of a declined or refused charge; each says what the buyer can do next. */
export const DECLINE_KEYS = [
  'payment.declined.doNotHonor',
  'payment.declined.insufficientFunds',
  'payment.declined.cardExpired',
  'payment.declined.cvv',
  'payment.declined.cardNumber',
  'payment.declined.address',
  'payment.declined.cardNotAccepted',
  'payment.declined.authentication',
  'payment.declined.duplicate',
  'payment.declined.tryAgain',
  'payment.declined.methodUsed',
  'payment.declined.generic',
] as const;
export type TDeclineKey = (typeof DECLINE_KEYS)[number] | typeof SERVER_FAILURE;

/**
 * Braintree's processor response codes ("Processor responses", developer.paypal.com/braintree/
 * docs/reference/general/processor-responses/authorization-responses). Codes not listed fall to
 * `payment.declined.generic` (2000-2999: a decline) or `payment.serverFailure` (3000+ other than
 * 3000 itself: the processor failed).
 */
const PROCESSOR_CODES: Record<string, TDeclineKey> = {
  '2000': 'payment.declined.doNotHonor',
  '2001': 'payment.declined.insufficientFunds',
  '2002': 'payment.declined.insufficientFunds', // Limit Exceeded
  '2003': 'payment.declined.insufficientFunds', // Cardholder's Activity Limit Exceeded
  '2004': 'payment.declined.cardExpired',
  '2005': 'payment.declined.cardNumber', // Invalid Credit Card Number
  '2006': 'payment.declined.cardExpired', // Invalid Expiration Date
  '2007': 'payment.declined.cardNumber', // No Account
  '2008': 'payment.declined.cardNumber', // Card Account Length Error
  '2009': 'payment.declined.cardNumber', // No Such Issuer
  '2010': 'payment.declined.cvv', // Card Issuer Declined CVV
  '2015': 'payment.declined.cardNotAccepted', // Transaction Not Allowed
  '2016': 'payment.declined.duplicate',
  '2023': 'payment.declined.cardNotAccepted', // Processor Does Not Support This Feature
  '2024': 'payment.declined.cardNotAccepted', // Card Type Not Enabled
  // 2025-2030: the merchant account's set-up; nothing the buyer can change.
  '2025': SERVER_FAILURE,
  '2026': SERVER_FAILURE,
  '2027': SERVER_FAILURE,
  '2028': SERVER_FAILURE,
  '2029': SERVER_FAILURE,
  '2030': SERVER_FAILURE,
  '2038': 'payment.declined.doNotHonor', // Processor Declined
  '2041': 'payment.declined.doNotHonor', // Declined - Call For Approval
  '2043': 'payment.declined.doNotHonor', // Error - Do Not Retry, Call Issuer
  '2044': 'payment.declined.doNotHonor', // Declined - Call Issuer
  '2046': 'payment.declined.doNotHonor', // Declined
  '2047': 'payment.declined.doNotHonor', // Call Issuer. Pick Up Card
  '2051': 'payment.declined.cardNumber', // Credit Card Number does not match method of payment
  '2057': 'payment.declined.doNotHonor', // Issuer or Cardholder has put a restriction on the card
  '2059': 'payment.declined.address', // Address Verification Failed
  '2060': 'payment.declined.cvv', // Address Verification and Card Security Code Failed
  '2099': 'payment.declined.authentication', // Cardholder Authentication Required
  '3000': 'payment.declined.tryAgain', // Processor Network Unavailable - Try Again
};

/** Braintree's gateway rejection reasons (`transaction.gatewayRejectionReason`). */
const REJECTION_REASONS: Record<string, TDeclineKey> = {
  avs: 'payment.declined.address',
  avs_and_cvv: 'payment.declined.cvv',
  cvv: 'payment.declined.cvv',
  duplicate: 'payment.declined.duplicate',
  three_d_secure: 'payment.declined.authentication',
  // fraud, risk_threshold, excessive_retry, token_issuance, application_incomplete: the buyer
  // learns no more than that it was declined (telling why would help a fraudster).
};

/** Braintree's validation error codes of a sale ("Validation errors" in its reference). */
const VALIDATION_CODES: Record<string, TDeclineKey> = {
  '81707': 'payment.declined.cvv', // CVV must be 4 digits for American Express and 3 digits for other card types
  '81736': 'payment.declined.cvv', // CVV verification failed
  '81709': 'payment.declined.cardExpired', // Expiration date is required
  '81710': 'payment.declined.cardExpired', // Expiration date is invalid
  '81712': 'payment.declined.cardExpired', // Expiration month is invalid
  '81713': 'payment.declined.cardExpired', // Expiration year is invalid
  '81714': 'payment.declined.cardNumber', // Credit card number is required
  '81715': 'payment.declined.cardNumber', // Credit card number is invalid
  '81716': 'payment.declined.cardNumber', // Credit card number must be 12-19 digits
  '81717': 'payment.declined.cardNumber', // Credit card number is not an accepted test number
  '91564': 'payment.declined.methodUsed', // Cannot use a payment_method_nonce more than once
  '93107': 'payment.declined.methodUsed', // Cannot use a payment_method_nonce more than once
  '91565': 'payment.declined.methodUsed', // Unknown payment_method_nonce
};

/**
 * The translation key the buyer sees for a gateway's answer. The processor's code decides first
 * (it is the bank's answer), then the gateway's rejection reason, then validation errors; an
 * answer that says none of these is a generic decline.
 */
export function declineKeyOf(answer: GatewayAnswer): TDeclineKey {
  const code = answer.processorResponseCode?.trim();
  if (code) {
    const known = PROCESSOR_CODES[code];
    if (known) return known;
    const numeric = Number(code);
    if (numeric >= 2000 && numeric < 3000) return 'payment.declined.generic';
    if (numeric > 3000) return SERVER_FAILURE;
  }
  const reason = answer.gatewayRejectionReason?.trim();
  if (reason) return REJECTION_REASONS[reason] ?? 'payment.declined.generic';
  for (const validation of answer.validationCodes ?? []) {
    const known = VALIDATION_CODES[validation];
    if (known) return known;
  }
  return 'payment.declined.generic';
}

/** The raw answer as one line for the log (never shown to the buyer). */
export function describeGatewayAnswer(answer: GatewayAnswer): string {
  const parts = [
    answer.processorResponseCode && `processor ${answer.processorResponseCode}${answer.processorResponseText ? ` ${answer.processorResponseText}` : ''}`,
    answer.gatewayRejectionReason && `gateway rejected: ${answer.gatewayRejectionReason}`,
    answer.validationCodes?.length ? `validation ${answer.validationCodes.join(',')}` : undefined,
    answer.message && `message: ${answer.message}`,
  ];
  return parts.filter(Boolean).join('; ');
}
