import type { Platform } from '../../platform/context.js';
import type { Database } from '../../platform/db/database.js';
import { SELLER_PLACEHOLDERS, type Env } from '../../platform/env.js';
import { billingConfigOf } from './pricing.config.js';
import { vatTreatmentFor, type VatTreatment } from './pricing.js';
import type { TVatCheck } from './pricing.schemas.js';
import * as repo from './pricing.repository.js';
import { VAT_ID_FORMATS, vatIdValid, vatNumberOf } from './vat-id.schemas.js';
import { askVies } from './vies.js';

/** A definite VIES answer younger than this is not asked again. */
const ASK_AGAIN_AFTER_MS = 24 * 3600_000;
/** A confirmation this old no longer counts (VIES unreachable all that time: VAT is charged). */
const CONFIRMATION_KEPT_MS = 30 * 24 * 3600_000;

interface BuyerTaxId {
  country: string;
  tax_id: string | null;
}

/** The id as VIES asks for it (member state code, number without prefix), when VIES is to be asked at all. */
function viesKeyOf(env: Pick<Env, 'VIES_URL'>, address: BuyerTaxId): { countryCode: string; vatNumber: string } | null {
  if (!env.VIES_URL || !address.tax_id?.trim()) return null;
  const format = VAT_ID_FORMATS[address.country];
  if (!format || !vatIdValid(address.country, address.tax_id)) return null;
  const vatNumber = vatNumberOf(address.country, address.tax_id);
  return vatNumber === null ? null : { countryCode: format.prefix, vatNumber };
}

/** The seller's own VAT id as VIES's requester (which makes VIES answer a consultation number). */
function requesterOf(env: Env): { countryCode: string; vatNumber: string } | null {
  if (env.SELLER_VAT_ID === SELLER_PLACEHOLDERS.SELLER_VAT_ID) return null;
  const format = VAT_ID_FORMATS[env.SELLER_COUNTRY];
  const vatNumber = vatNumberOf(env.SELLER_COUNTRY, env.SELLER_VAT_ID);
  return format && vatNumber ? { countryCode: format.prefix, vatNumber } : null;
}

/**
 * Asks VIES about the buyer's VAT id unless a definite answer of the last day is at hand, and keeps
 * the answer. Called before a price is shown or a charge is claimed, outside any transaction (the
 * service may take seconds); the quote then reads the kept answer (`vatTreatmentOf`). A VIES that
 * cannot answer changes nothing: an earlier confirmation still counts for its 30 days.
 */
export async function confirmVatId(platform: Pick<Platform, 'env' | 'db' | 'log'>, address: BuyerTaxId | undefined): Promise<void> {
  const key = address ? viesKeyOf(platform.env, address) : null;
  if (!key || !platform.env.VIES_URL) return;
  const known = await repo.findVatIdCheck(platform.db, key.countryCode, key.vatNumber);
  if (known && Date.now() - new Date(known.checked_at).getTime() < ASK_AGAIN_AFTER_MS) return;
  const answer = await askVies(platform.env.VIES_URL, { ...key, requester: requesterOf(platform.env) });
  if (answer === 'unavailable') {
    platform.log.warn({ country: key.countryCode }, 'VIES could not answer; an earlier confirmation is used if there is one');
    return;
  }
  await repo.saveVatIdCheck(platform.db, {
    country: key.countryCode,
    vat_number: key.vatNumber,
    valid: answer.valid,
    consultation_number: answer.consultationNumber,
    request_date: answer.requestDate,
    trader_name: answer.name,
    trader_address: answer.address,
    checked_at: new Date(),
  });
}

/**
 * The VAT treatment of a buyer: format and check digits of the VAT id always; with VIES configured,
 * the id counts only when VIES confirmed it within 30 days (`confirmVatId` asks). Reads the
 * database only, so it can run inside the transaction that claims a charge; the VIES answer it
 * relied on comes back to be kept with the invoice.
 */
export async function vatTreatmentOf(db: Database, env: Env, address: BuyerTaxId): Promise<VatTreatment & { vatCheck: TVatCheck | null }> {
  const config = billingConfigOf(env);
  const buyer = { country: address.country, taxId: address.tax_id };
  const key = viesKeyOf(env, address);
  if (!key) return { ...vatTreatmentFor(buyer, config), vatCheck: null };
  const row = await repo.findVatIdCheck(db, key.countryCode, key.vatNumber);
  const confirmed = row !== undefined && row.valid && Date.now() - new Date(row.checked_at).getTime() < CONFIRMATION_KEPT_MS;
  const vatCheck: TVatCheck | null = row
    ? {
        valid: row.valid,
        consultationNumber: row.consultation_number,
        requestDate: row.request_date,
        name: row.trader_name,
        address: row.trader_address,
        checkedAt: new Date(row.checked_at).toISOString(),
      }
    : null;
  return { ...vatTreatmentFor(buyer, config, confirmed), vatCheck };
}

/** `confirmVatId` for a user's invoice address (their first), as checkout and renewals charge by it. */
export async function confirmVatIdOfUser(platform: Pick<Platform, 'env' | 'db' | 'log'>, userId: string): Promise<void> {
  if (!platform.env.VIES_URL) return;
  await confirmVatId(platform, await repo.findInvoiceCountry(platform.db, userId));
}
