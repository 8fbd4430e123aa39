import { z } from 'zod';
import { ZAmountFieldsOut, ZIntensity, ZMasterListFields, ZMastersInput, ZMasterMeasurements, ZMasterStatus, ZMasterStyle, ZUserRef } from '../masters/masters.schemas.js';

/** At most 5 shares per master. */
export const MAX_SHARES_PER_MASTER = 5;

const ZUuid = z.uuid('global.error.invalidInput');

/** e-mail input: trimmed and lower-cased, then checked. */
export const ZShareEmail = z
  .string('global.message.invalidEmail')
  .trim()
  .toLowerCase()
  .max(254, 'global.message.invalidEmail')
  .pipe(z.email('global.message.invalidEmail'));

/* ---------- inputs (shared by tRPC, GraphQL and the client's ShareTrack form) ---------- */

export const ZCreateShareInput = z.object({ email: ZShareEmail, masterId: ZUuid });
export type TCreateShareInput = z.infer<typeof ZCreateShareInput>;

export const ZShareIdInput = z.object({ id: ZUuid });
export type TShareIdInput = z.infer<typeof ZShareIdInput>;

export const ZMasterIdInput = z.object({ masterId: ZUuid });
export type TMasterIdInput = z.infer<typeof ZMasterIdInput>;

export const ZSharedMasterInput = z.object({ id: ZUuid });
export type TSharedMasterInput = z.infer<typeof ZSharedMasterInput>;

/** Sort of the shared-with-me list: the master list's (date DESC by default). */
export const ZSharedWithMeInput = ZMastersInput;
export type TSharedWithMeInput = z.infer<typeof ZSharedWithMeInput>;

/* ---------- answers ---------- */

/** Share: `user` is the owner who shared, `email` the invited address. */
export const ZShare = z.object({
  id: z.string(),
  user: ZUserRef,
  email: z.string(),
  master: z.object({ id: z.string() }),
  createdAt: z.string(),
});
export type TShare = z.infer<typeof ZShare>;

/** The shares of one master with the limit, for the ShareTrack dialog's counter (n/5). */
export const ZMasterShares = z.object({
  masterId: z.string(),
  shareCount: z.number().int(),
  limit: z.number().int(),
  shares: z.array(ZShare),
});
export type TMasterShares = z.infer<typeof ZMasterShares>;

/**
 * A master shared with the caller: what the view-only list and the master page show. `user` is the
 * owner (the list's owner column); `shareId` and `sharedAt` describe the share itself.
 */
export const ZSharedMaster = z.object({
  id: z.string(),
  shareId: z.string(),
  sharedAt: z.string(),
  track: z.object({ id: z.string(), name: z.string(), artist: z.string().nullable(), isCustomMaster: z.boolean() }),
  style: ZMasterStyle.nullable(),
  /** The shared master's intensity: its stream and the listener's list name it. */
  intensity: ZIntensity,
  /** Its tone, width and dynamics amounts, percent: its stream is heard at them. */
  ...ZAmountFieldsOut.shape,
  /** The owner's reference track the master was made toward (null: none): its stream names it. Only the id: the reference itself stays the owner's. */
  referenceId: z.string().nullable(),
  /** The owner; `name` is what a sharee is shown (first and last name, null when the account has none). */
  user: z.object({ id: z.string(), email: z.string(), name: z.string().nullable() }),
  status: ZMasterStatus,
  measurements: ZMasterMeasurements.nullable(),
  createdAt: z.string(),
  ...ZMasterListFields.shape,
});
export type TSharedMaster = z.infer<typeof ZSharedMaster>;

/** A share's invitation, for the signed-out recipient of its link (the mail says the same). */
export const ZShareInvitation = z.object({
  masterId: ZUuid,
  sharer: z.string(),
  trackName: z.string(),
  styleName: z.string().nullable(),
  /** The invited address, so the Login dialog can be filled in. */
  email: z.string(),
});
export type TShareInvitation = z.infer<typeof ZShareInvitation>;
