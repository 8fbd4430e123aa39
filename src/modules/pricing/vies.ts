/**
 * The adapter to the EU's VIES VAT number service, REST API (`POST {VIES_URL}/check-vat-number`
 * with `countryCode`, `vatNumber` and, for a consultation number, the requester's own
 * `requesterMemberStateCode` and `requesterNumber`; the answer carries `valid`, `requestDate`,
 * `requestIdentifier`, `name` and `address`, "---" where the member state discloses nothing).
 * Errors (a member state's service down, too many requests) come as other statuses or without
 * `valid`: they are "unavailable", never a verdict.
 */

export interface ViesAnswer {
  valid: boolean;
  consultationNumber: string | null;
  requestDate: string;
  name: string | null;
  address: string | null;
}

export interface ViesQuestion {
  /** VIES's member state code (EL for Greece). */
  countryCode: string;
  vatNumber: string;
  requester: { countryCode: string; vatNumber: string } | null;
}

const TIMEOUT_MS = 8000;

const disclosed = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' && value.trim() !== '---' ? value.trim() : null);

export async function askVies(baseUrl: string, question: ViesQuestion): Promise<ViesAnswer | 'unavailable'> {
  try {
    const response = await fetch(`${baseUrl.replace(/\/+$/, '')}/check-vat-number`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        countryCode: question.countryCode,
        vatNumber: question.vatNumber,
        ...(question.requester ? { requesterMemberStateCode: question.requester.countryCode, requesterNumber: question.requester.vatNumber } : {}),
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) return 'unavailable';
    const body = (await response.json()) as Record<string, unknown>;
    if (typeof body.valid !== 'boolean') return 'unavailable';
    return {
      valid: body.valid,
      consultationNumber: disclosed(body.requestIdentifier),
      requestDate: typeof body.requestDate === 'string' ? body.requestDate : new Date().toISOString(),
      name: disclosed(body.name),
      address: disclosed(body.address),
    };
  } catch {
    return 'unavailable';
  }
}
