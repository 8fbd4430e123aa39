import type { Database } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors.js';
import * as repo from './payments.repository.js';

/**
 * Who an invoice is made out to, as a quote fixes it: the buyer's name and first invoice address.
 * Refuses a buyer without either (a master's purchase and a subscription's charge alike).
 */
export async function invoiceBuyerOf(db: Database, userId: string) {
  const name = await repo.findUserName(db, userId);
  if (!name?.first_name.trim() || !name.last_name.trim()) throw new AppError('BAD_REQUEST', 'payment.nameRequired');
  const address = await repo.findInvoiceAddress(db, userId);
  if (!address) throw new AppError('BAD_REQUEST', 'payment.addressRequired');
  const buyer = {
    firstName: name.first_name.trim(),
    lastName: name.last_name.trim(),
    company: address.company,
    streetAndNumber: address.street_and_number,
    additional: address.additional,
    city: address.city,
    zip: address.zip,
    country: address.country,
    state: address.state,
    taxId: address.tax_id,
  };
  return { locale: name.locale, address, buyer };
}
