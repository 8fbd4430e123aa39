import type { ServiceContext } from '../../platform/context.js';
import { notFound, unauthorized } from '../../platform/errors.js';
import * as repo from './addresses.repository.js';
import type { TAddress, TCreateAddressInput, TUpdateAddressInput } from './addresses.schemas.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function requireActor(ctx: ServiceContext) {
  if (!ctx.actor) throw unauthorized();
  return ctx.actor;
}

function addressOf(row: Awaited<ReturnType<typeof repo.findAddressesOfUser>>[number]): TAddress {
  return {
    id: row.id,
    company: row.company,
    streetAndNumber: row.street_and_number,
    additional: row.additional,
    city: row.city,
    zip: row.zip,
    country: row.country,
    state: row.state,
    taxId: row.tax_id,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** The caller's invoice addresses, the one invoices use first. */
export async function listAddresses(ctx: ServiceContext): Promise<TAddress[]> {
  const actor = requireActor(ctx);
  return (await repo.findAddressesOfUser(ctx.db, actor.userId)).map(addressOf);
}

export async function createAddress(ctx: ServiceContext, input: TCreateAddressInput): Promise<TAddress> {
  const actor = requireActor(ctx);
  return addressOf(await repo.insertAddress(ctx.db, actor.userId, input));
}

/** Another user's address answers exactly like a missing one: its existence is not the caller's business. */
export async function updateAddress(ctx: ServiceContext, input: TUpdateAddressInput): Promise<TAddress> {
  const actor = requireActor(ctx);
  const { id, ...fields } = input;
  const row = UUID.test(id) ? await repo.updateAddressOfUser(ctx.db, actor.userId, id, fields) : undefined;
  if (!row) throw notFound('address');
  return addressOf(row);
}
