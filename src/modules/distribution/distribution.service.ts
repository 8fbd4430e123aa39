import type { ServiceContext } from '../../platform/context.js';
import { AppError, notFound, unauthorized } from '../../platform/errors.js';
import * as repo from './distribution.repository.js';
import {
  artistProblems,
  DISTRIBUTION_ERRORS,
  labelProblems,
  participantProblems,
  setupProblems,
  type TArtist,
  type TCreateArtistInput,
  type TDistributionIds,
  type TLabel,
  type TMetaInfo,
  type TOutlet,
  type TParticipant,
  type TParticipantInput,
  type TRenameArtistInput,
  type TRenameLabelInput,
  type TSetupInput,
  type TUpdateParticipantInput,
  type TUtilities,
} from './distribution.schemas.js';
import { distributionProviderOf } from './provider/provider-of.js';
import { DuplicateNameError } from './provider/distribution-provider.js';
import { requireActiveSubscription } from './subscription.service.js';

/**
 * the product's rules break as a list (a participant failure shows every message): the first
 * is the error's key, the whole list travels as JSON in its detail.
 */
function refuse(problems: string[]): never {
  throw new AppError('BAD_REQUEST', problems[0] ?? 'distribution.generalDistributionFailure', { detail: JSON.stringify(problems) });
}

async function withUniqueNames<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof DuplicateNameError) refuse([DISTRIBUTION_ERRORS.nameNotUnique]);
    throw error;
  }
}

export interface DistributionAccount {
  userId: string;
  distributionUserId: string;
  artistId: number;
  participantId: number;
  labelId: number;
}

/** The caller's distribution account (all four ids present), else 403 distribution.setupRequired. */
export async function requireAccount(ctx: ServiceContext): Promise<DistributionAccount> {
  if (!ctx.actor) throw unauthorized();
  const ids = await repo.findDistributionIds(ctx.db, ctx.actor.userId);
  if (!ids?.distribution_user_id || !ids.distribution_artist_id || !ids.distribution_participant_id || !ids.distribution_label_id) {
    throw new AppError('FORBIDDEN', 'distribution.setupRequired');
  }
  return {
    userId: ctx.actor.userId,
    distributionUserId: ids.distribution_user_id,
    artistId: Number(ids.distribution_artist_id),
    participantId: Number(ids.distribution_participant_id),
    labelId: Number(ids.distribution_label_id),
  };
}

/** Writes need the add-on on; reads only the account, so a lapsed user still sees their data. */
export async function requireWritableAccount(ctx: ServiceContext): Promise<DistributionAccount> {
  const account = await requireAccount(ctx);
  await requireActiveSubscription(ctx, account.userId);
  return account;
}

/**
 * POST /api/distribution/setup (accepting the terms, the initial form): with an active
 * subscription, creates the artist, participant and label and stores the four ids on the user, in
 * one transaction.
 */
export async function setupDistribution(ctx: ServiceContext, input: TSetupInput): Promise<TDistributionIds> {
  if (!ctx.actor) throw unauthorized();
  const userId = ctx.actor.userId;
  const problems = setupProblems(input);
  if (problems.length > 0) refuse(problems);
  await requireActiveSubscription(ctx, userId);
  const provider = distributionProviderOf(ctx.platform);
  return ctx.db.transaction().execute(async (trx) => {
    const user = await repo.lockUser(trx, userId);
    if (!user) throw unauthorized();
    if (user.distribution_user_id) throw new AppError('CONFLICT', 'distribution.alreadySetUp');
    const ids = await provider.createAccount(trx, {
      userId,
      email: user.email,
      artist: { name: input.artistName.trim(), country: input.artistCountry.trim().toUpperCase() },
      participant: { name: input.participantName.trim(), email: input.participantPayPalEmail.trim().toLowerCase() },
      label: { name: input.labelName.trim() },
    });
    await repo.storeDistributionIds(trx, userId, ids);
    return { distributionUserId: ids.userId, distributionArtistId: ids.artistId, distributionParticipantId: ids.participantId, distributionLabelId: ids.labelId };
  });
}

export async function listArtists(ctx: ServiceContext): Promise<TArtist[]> {
  const account = await requireAccount(ctx);
  return distributionProviderOf(ctx.platform).artists(ctx.db, account.distributionUserId);
}

export async function createArtist(ctx: ServiceContext, input: TCreateArtistInput): Promise<TArtist> {
  const account = await requireWritableAccount(ctx);
  const provider = distributionProviderOf(ctx.platform);
  const others = await provider.artists(ctx.db, account.distributionUserId);
  const problems = artistProblems(input, others, true);
  if (problems.length > 0) refuse(problems);
  return withUniqueNames(() => provider.createArtist(ctx.db, account.distributionUserId, { name: input.name.trim(), country: (input.country ?? '').trim().toUpperCase() }));
}

export async function renameArtist(ctx: ServiceContext, input: TRenameArtistInput): Promise<TArtist> {
  const account = await requireWritableAccount(ctx);
  const provider = distributionProviderOf(ctx.platform);
  const all = await provider.artists(ctx.db, account.distributionUserId);
  if (!all.some((artist) => artist.artist_id === input.id)) throw notFound('artist');
  const problems = artistProblems(input, all.filter((artist) => artist.artist_id !== input.id), false);
  if (problems.length > 0) refuse(problems);
  const renamed = await withUniqueNames(() => provider.renameArtist(ctx.db, account.distributionUserId, input.id, input.name.trim()));
  if (!renamed) throw notFound('artist');
  return renamed;
}

export async function listParticipants(ctx: ServiceContext): Promise<TParticipant[]> {
  const account = await requireAccount(ctx);
  return distributionProviderOf(ctx.platform).participants(ctx.db, account.distributionUserId);
}

export async function getParticipant(ctx: ServiceContext, input: { id: number }): Promise<TParticipant> {
  const participant = (await listParticipants(ctx)).find((candidate) => candidate.participant_id === input.id);
  // An unknown id answers the error catalogue's "participant not found".
  if (!participant) throw notFound('participant');
  return participant;
}

export async function createParticipant(ctx: ServiceContext, input: TParticipantInput): Promise<TParticipant> {
  const account = await requireWritableAccount(ctx);
  const provider = distributionProviderOf(ctx.platform);
  const problems = participantProblems(input, await provider.participants(ctx.db, account.distributionUserId));
  if (problems.length > 0) refuse(problems);
  return withUniqueNames(() => provider.createParticipant(ctx.db, account.distributionUserId, { name: input.name.trim(), email: input.email.trim().toLowerCase() }));
}

export async function updateParticipant(ctx: ServiceContext, input: TUpdateParticipantInput): Promise<TParticipant> {
  const account = await requireWritableAccount(ctx);
  const provider = distributionProviderOf(ctx.platform);
  const all = await provider.participants(ctx.db, account.distributionUserId);
  if (!all.some((participant) => participant.participant_id === input.id)) throw notFound('participant');
  const problems = participantProblems(input, all.filter((participant) => participant.participant_id !== input.id));
  if (problems.length > 0) refuse(problems);
  const updated = await withUniqueNames(() =>
    provider.updateParticipant(ctx.db, account.distributionUserId, input.id, { name: input.name.trim(), email: input.email.trim().toLowerCase() }),
  );
  if (!updated) throw notFound('participant');
  return updated;
}

export async function renameLabel(ctx: ServiceContext, input: TRenameLabelInput): Promise<TLabel> {
  const account = await requireWritableAccount(ctx);
  const problems = labelProblems(input);
  if (problems.length > 0) refuse(problems);
  const label = await distributionProviderOf(ctx.platform).renameLabel(ctx.db, account.distributionUserId, input.labelId, input.name.trim());
  if (!label) throw notFound('label');
  return label;
}

/** GET /api/distribution/meta-info: the user's label, main artist and participant, and the others. */
export async function metaInfo(ctx: ServiceContext): Promise<TMetaInfo> {
  const account = await requireAccount(ctx);
  const provider = distributionProviderOf(ctx.platform);
  const [label, artists, participants] = await Promise.all([
    provider.label(ctx.db, account.distributionUserId, account.labelId),
    provider.artists(ctx.db, account.distributionUserId),
    provider.participants(ctx.db, account.distributionUserId),
  ]);
  const artist = artists.find((candidate) => candidate.artist_id === account.artistId);
  const participant = participants.find((candidate) => candidate.participant_id === account.participantId);
  if (!label || !artist || !participant) throw new AppError('INTERNAL', 'distribution.generalDistributionFailure');
  return {
    label,
    artist: { artist_id: artist.artist_id, name: artist.name },
    featuredArtists: artists.filter((candidate) => candidate.artist_id !== account.artistId).map(({ artist_id, name }) => ({ artist_id, name })),
    participant,
    participants,
  };
}

/** GET /api/distribution/utilities: genres, languages and participant roles (role 6 is Artist). */
export async function utilities(ctx: ServiceContext): Promise<TUtilities> {
  if (!ctx.actor) throw unauthorized();
  return distributionProviderOf(ctx.platform).utilities(ctx.db);
}

/** GET /api/distribution/outlets: the stores, each with its child stores. */
export async function outlets(ctx: ServiceContext): Promise<TOutlet[]> {
  if (!ctx.actor) throw unauthorized();
  return distributionProviderOf(ctx.platform).outlets(ctx.db);
}
