import { describe, expect, it } from 'vitest';
import { declineKeyOf, describeGatewayAnswer } from './decline-reasons.js';

describe('gateway declines as translation keys', () => {
  it('when the processor answers a known code, then the key says what the buyer can do', () => {
    expect(declineKeyOf({ processorResponseCode: '2000', processorResponseText: 'Do Not Honor' })).toBe('payment.declined.doNotHonor');
    expect(declineKeyOf({ processorResponseCode: '2001', processorResponseText: 'Insufficient Funds' })).toBe('payment.declined.insufficientFunds');
    expect(declineKeyOf({ processorResponseCode: '2004' })).toBe('payment.declined.cardExpired');
    expect(declineKeyOf({ processorResponseCode: '2010' })).toBe('payment.declined.cvv');
    expect(declineKeyOf({ processorResponseCode: '2099' })).toBe('payment.declined.authentication');
    expect(declineKeyOf({ processorResponseCode: '3000' })).toBe('payment.declined.tryAgain');
  });

  it('when the processor answers an unlisted decline code, then it is a generic decline; a merchant set-up or processor failure is a server failure', () => {
    expect(declineKeyOf({ processorResponseCode: '2101', processorResponseText: 'Something new' })).toBe('payment.declined.generic');
    expect(declineKeyOf({ processorResponseCode: '2026', processorResponseText: 'Invalid Merchant ID' })).toBe('payment.serverFailure');
    expect(declineKeyOf({ processorResponseCode: '3001' })).toBe('payment.serverFailure');
  });

  it('when the gateway rejected the sale, then its reason decides, and fraud is told as a plain decline', () => {
    expect(declineKeyOf({ gatewayRejectionReason: 'cvv' })).toBe('payment.declined.cvv');
    expect(declineKeyOf({ gatewayRejectionReason: 'avs' })).toBe('payment.declined.address');
    expect(declineKeyOf({ gatewayRejectionReason: 'duplicate' })).toBe('payment.declined.duplicate');
    expect(declineKeyOf({ gatewayRejectionReason: 'fraud', message: 'Gateway Rejected: fraud' })).toBe('payment.declined.generic');
  });

  it('when validation errors come back, then their codes decide; anything else is a generic decline', () => {
    expect(declineKeyOf({ validationCodes: ['81715'], message: 'Credit card number is invalid.' })).toBe('payment.declined.cardNumber');
    expect(declineKeyOf({ validationCodes: ['93107'] })).toBe('payment.declined.methodUsed');
    expect(declineKeyOf({ validationCodes: ['99999'], message: 'Who knows' })).toBe('payment.declined.generic');
    expect(declineKeyOf({})).toBe('payment.declined.generic');
  });

  it('when an answer is described for the log, then its raw code and text are kept', () => {
    expect(describeGatewayAnswer({ processorResponseCode: '2000', processorResponseText: 'Do Not Honor' })).toBe('processor 2000 Do Not Honor');
    expect(describeGatewayAnswer({ gatewayRejectionReason: 'fraud', message: 'Gateway Rejected: fraud' })).toBe('gateway rejected: fraud; message: Gateway Rejected: fraud');
  });
});
