import type { GraphqlModule } from '../../platform/graphql/graphql-module.js';
import { typeDefsOf } from '../../platform/graphql/graphql-sdl.js';
import { parseInput, withoutNulls } from '../../platform/validation.js';
import { distributeRelease } from './delivery.service.js';
import { checkRelease } from './release-check.js';
import {
  ZAddTrackInput,
  ZAlbum,
  ZAlbumIdInput,
  ZAlbumImage,
  ZAudioFacts,
  ZCheckItem,
  ZCoverFacts,
  ZCoverUploadStatus,
  ZDeliveryState,
  ZDistributeInput,
  ZDraftAlbum,
  ZDraftOutlet,
  ZImageVariant,
  ZMarkVisitedInput,
  ZOutletDetailsInput,
  ZOutletStatus,
  ZPickerSong,
  ZProductCodeType,
  ZProductType,
  ZReleaseDraft,
  ZReleaseOutlet,
  ZReleaseTrack,
  ZSectionName,
  ZSectionState,
  ZTrackIdInput,
  ZTrackParticipant,
  ZTrackParticipantInput,
  ZUpdateAlbumInput,
  ZUpdateTrackInput,
  ZValidationReport,
  ZArtistRef,
  ZGenreRef,
  ZRoleRef,
} from './releases.schemas.js';
import {
  addTrack,
  cancelRelease,
  currentDraft,
  listReleases,
  markVisited,
  pickerSongs,
  releaseDraft,
  releaseOutlets,
  removeTrack,
  setOutletDetails,
  startRelease,
  updateAlbum,
  updateTrack,
} from './releases.service.js';

const types = {
  ReleaseProductType: ZProductType,
  ReleaseProductCodeType: ZProductCodeType,
  ReleaseCoverUploadStatus: ZCoverUploadStatus,
  ReleaseDeliveryState: ZDeliveryState,
  ReleaseSectionName: ZSectionName,
  ReleaseSampleFormat: ZAudioFacts.shape.sampleFormat,
  ReleaseCheckSection: ZCheckItem.shape.section,
  ReleaseCheckSeverity: ZCheckItem.shape.severity,
  ReleaseImageVariant: ZImageVariant,
  ReleaseImage: ZAlbumImage,
  ReleaseAlbumStatus: ZAlbum.shape.album_status,
  ReleaseAlbum: ZAlbum,
  ReleaseOutletStatus: ZOutletStatus,
  ReleaseOutlet: ZReleaseOutlet,
  ReleaseGenre: ZGenreRef,
  ReleaseRole: ZRoleRef,
  ReleaseArtist: ZArtistRef,
  ReleaseTrackParticipant: ZTrackParticipant,
  ReleaseAudioFacts: ZAudioFacts,
  ReleaseTrack: ZReleaseTrack,
  ReleasePickerSong: ZPickerSong,
  ReleaseSection: ZSectionState,
  ReleaseSections: ZReleaseDraft.shape.sections,
  ReleaseDraftAlbum: ZDraftAlbum,
  ReleaseDraftOutlet: ZDraftOutlet,
  ReleaseCoverFacts: ZCoverFacts,
  ReleaseDraft: ZReleaseDraft,
  ReleaseCheckItem: ZCheckItem,
  ReleaseCheckReport: ZValidationReport,
};
const inputs = {
  ReleaseParticipantInput: ZTrackParticipantInput,
  ReleaseOutletInput: ZOutletDetailsInput.shape.outlets.element,
  ReleaseOutletDetailsInput: ZDistributeInput.shape.outletDetails.unwrap(),
};
/** A master's id and a participant's id are plain strings here, as the public API has always served them. */
const stringId = { id: 'String!' };
const fields = { ReleaseTrack: stringId, ReleaseTrackParticipant: stringId, ReleasePickerSong: stringId };
const scalars = {
  ReleaseMasterTrackMap: ZReleaseDraft.shape.uploadedMasterToTrackIds,
  ReleaseCheckValues: ZCheckItem.shape.values,
};

/**
 * Releases on GraphQL (names no distribution operations; outside clients get the same
 * services, rules and ownership checks as REST and tRPC). The cover upload is multipart, REST only.
 */
export const releasesGraphql: GraphqlModule = {
  typeDefs: /* GraphQL */ `
    scalar ReleaseMasterTrackMap
    scalar ReleaseCheckValues
    ${typeDefsOf(types, { inputs, refs: scalars, fields })}
    extend type Query {
      releaseDraft: ReleaseDraft
      release(albumId: Int!): ReleaseDraft!
      releases: [ReleaseAlbum!]!
      releaseSongs: [ReleasePickerSong!]!
      releaseOutlets(albumId: Int!): [ReleaseOutlet!]!
      releaseCheck(albumId: Int!): ReleaseCheckReport!
    }
    extend type Mutation {
      startRelease: ReleaseDraft!
      updateRelease(
        albumId: Int!
        name: String
        label_id: Int
        product_type: ReleaseProductType
        original_release_date: String
        product_code_type: ReleaseProductCodeType
        code_auto_generate: Boolean
        product_code: String
        tracks: [Int!]
      ): ReleaseDraft!
      addReleaseTrack(masterId: String!, albumId: Int): ReleaseTrack!
      updateReleaseTrack(
        trackId: Int!
        name: String
        genre: [Int!]
        language: String
        featuredArtists: [Int!]
        stereo_isrc: String
        iswc: String
        explicit: Int
        lyrics: String
        participants: [ReleaseParticipantInput!]
      ): ReleaseTrack!
      removeReleaseTrack(trackId: Int!): ReleaseDraft!
      markReleaseVisited(albumId: Int!, section: ReleaseSectionName!): ReleaseDraft!
      setReleaseOutlets(albumId: Int!, globalReleaseDate: String, outlets: [ReleaseOutletInput!]!, original_release_date: String): ReleaseDraft!
      distributeRelease(albumId: Int!, outletDetails: ReleaseOutletDetailsInput): ReleaseAlbum!
      cancelRelease(albumId: Int!): Boolean!
    }
  `,
  resolvers: {
    Query: {
      releaseDraft: (_parent, _args, ctx) => currentDraft(ctx),
      release: (_parent, args, ctx) => releaseDraft(ctx, parseInput(ZAlbumIdInput, args)),
      releases: (_parent, _args, ctx) => listReleases(ctx),
      releaseSongs: (_parent, _args, ctx) => pickerSongs(ctx),
      releaseOutlets: (_parent, args, ctx) => releaseOutlets(ctx, parseInput(ZAlbumIdInput, args)),
      releaseCheck: (_parent, args, ctx) => checkRelease(ctx, parseInput(ZAlbumIdInput, args)),
    },
    Mutation: {
      startRelease: (_parent, _args, ctx) => startRelease(ctx),
      updateRelease: (_parent, args, ctx) => updateAlbum(ctx, parseInput(ZUpdateAlbumInput, withoutNulls(args))),
      addReleaseTrack: (_parent, args, ctx) => addTrack(ctx, parseInput(ZAddTrackInput, withoutNulls(args))),
      updateReleaseTrack: (_parent, args, ctx) => updateTrack(ctx, parseInput(ZUpdateTrackInput, withoutNulls(args))),
      removeReleaseTrack: (_parent, args, ctx) => removeTrack(ctx, parseInput(ZTrackIdInput, args)),
      markReleaseVisited: (_parent, args, ctx) => markVisited(ctx, parseInput(ZMarkVisitedInput, args)),
      setReleaseOutlets: (_parent, args, ctx) => setOutletDetails(ctx, parseInput(ZOutletDetailsInput, { ...withoutNulls(args), globalReleaseDate: args.globalReleaseDate ?? null })),
      distributeRelease: (_parent, args, ctx) => distributeRelease(ctx, parseInput(ZDistributeInput, withoutNulls(args))),
      cancelRelease: async (_parent, args, ctx) => (await cancelRelease(ctx, parseInput(ZAlbumIdInput, args))).cancelled,
    },
  },
  contract: {
    types: { ...types, ...inputs },
    args: {
      'Query.release': ZAlbumIdInput,
      'Query.releaseOutlets': ZAlbumIdInput,
      'Query.releaseCheck': ZAlbumIdInput,
      'Mutation.updateRelease': ZUpdateAlbumInput,
      'Mutation.addReleaseTrack': ZAddTrackInput,
      'Mutation.updateReleaseTrack': ZUpdateTrackInput,
      'Mutation.removeReleaseTrack': ZTrackIdInput,
      'Mutation.markReleaseVisited': ZMarkVisitedInput,
      'Mutation.setReleaseOutlets': ZOutletDetailsInput,
      'Mutation.distributeRelease': ZDistributeInput,
      'Mutation.cancelRelease': ZAlbumIdInput,
    },
    scalars,
  },
};
