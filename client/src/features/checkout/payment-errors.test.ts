import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorMessageOf } from '../../lib/error-messages.js';
import { activateLocale, i18n } from '../../lib/i18n.js';
import { paymentErrorCodeOf } from './payment-errors.js';

describe('payment errors', () => {
  afterEach(() => vi.restoreAllMocks());

  it('when the server answers a decline key, then the buyer reads what to do, in English and German', () => {
    const code = paymentErrorCodeOf(new Error('payment.declined.doNotHonor'));
    expect(code).toBe('payment.declined.doNotHonor');
    activateLocale('en', { persist: false });
    expect(i18n._(errorMessageOf(code))).toBe('Your bank declined the payment. Try another card or ask your bank.');
    activateLocale('de', { persist: false });
    expect(i18n._(errorMessageOf(code))).toBe('Deine Bank hat die Zahlung abgelehnt. Versuche es mit einer anderen Karte oder frag bei deiner Bank nach.');
    activateLocale('en', { persist: false });
  });

  it('when the error carries raw gateway text, then the generic payment failure is shown and the text goes to the console', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(paymentErrorCodeOf(new Error('Do Not Honor'))).toBe('payment.serverFailure');
    expect(paymentErrorCodeOf(new Error('payment.somethingNew'))).toBe('payment.serverFailure');
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('when an unknown code is turned into a message, then it is the generic error, not the code as text', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    activateLocale('en', { persist: false });
    expect(i18n._(errorMessageOf('Do Not Honor'))).toBe('Something went wrong. Please try again.');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Do Not Honor'));
  });
});
