import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TPayments } from '../../../../../src/modules/royalties/royalties.schemas.js';
import { renderWithProviders } from '../../../test/render.js';
import { PaymentsPage } from './payments-page.js';

const serverWith = (payments: TPayments) =>
  (async (input: RequestInfo | URL) =>
    String(input).includes('royalties.payments') ? Response.json([{ result: { data: payments } }]) : new Response('not found', { status: 404 })) as typeof fetch;

const paidOut: TPayments = {
  currency: 'USD',
  rules: { provider: 'local', minMinor: 1000, feePercent: 2, feeMaxMinor: 100 },
  participants: [],
  others: [],
  entries: [],
  payouts: [
    { id: 1, participantName: 'Ada', email: 'ada@example.com', amountMinor: 2500, feeMinor: 50, currency: 'USD', status: 'confirmed', failureReason: null, createdAt: new Date(2026, 10, 27, 12).toISOString() },
  ],
};

describe('the distribution payments screen', () => {
  it.each(['en', 'de'] as const)('when a payout was made (%s), then its date reads YYYY-MM-DD like the other lists', async (locale) => {
    renderWithProviders(<PaymentsPage />, { fetch: serverWith(paidOut), locale });
    const row = await screen.findByTestId('payout-row');
    expect(row.textContent).toContain('2026-11-27 · ada@example.com');
    expect(row.textContent).not.toContain('11/27/2026');
  });
});
