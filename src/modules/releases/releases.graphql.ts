import type { GraphqlModule } from '../../platform/graphql/graphql-module.js';
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

/**
 * Releases on GraphQL (names no distribution operations; outside clients get the same
 * services, rules and ownership checks as REST and tRPC). The cover upload is multipart, REST only.
 */
export const releasesGraphql: GraphqlModule = {
  typeDefs: /* GraphQL */ `
    scalar ReleaseMasterTrackMap
    scalar ReleaseCheckValues
    enum ReleaseProductType {
      album
      single
      ep
    }
    enum ReleaseProductCodeType {
      ean
      upc
    }
    enum ReleaseCoverUploadStatus {
      Initial
      Saving
      Success
      Failed
    }
    enum ReleaseSectionName {
      artwork
      album
      trackList
      participants
      outletDetails
    }
    enum ReleaseSampleFormat {
      int
      float
    }
    enum ReleaseCheckSection {
      audio
      artwork
      metadata
      participants
      outlets
    }
    enum ReleaseCheckSeverity {
      error
      warning
    }
    type ReleaseImageVariant {
      url: String!
      width: Int!
    }
    type ReleaseImage {
      large: ReleaseImageVariant!
      medium: ReleaseImageVariant!
      small: ReleaseImageVariant!
      thumbnail: ReleaseImageVariant!
    }
    type ReleaseAlbumStatus {
      status_name: String!
    }
    type ReleaseAlbum {
      release_id: Int!
      name: String!
      cover_image: ReleaseImage
      album_status: ReleaseAlbumStatus!
      disapprove_message: String
      original_release_date: String!
      release_date: String
      track_count: Int!
      product_code: String
    }
    type ReleaseOutletStatus {
      status_name: String!
      status_code: Int!
    }
    type ReleaseOutlet {
      store_id: Int!
      store_name: String!
      child_stores: [String!]!
      outlet_status: ReleaseOutletStatus!
      release_start_date: String
      disapprove_message: String
      delivery_state: ReleaseDeliveryState!
      store_text: String
    }
    enum ReleaseDeliveryState {
      queued
      uploaded
      acknowledged
      live
      rejected
      unreadable
      takedown_requested
      taken_down
    }
    type ReleaseGenre {
      genre_id: Int!
      name: String!
    }
    type ReleaseRole {
      role_id: Int!
      name: String!
    }
    type ReleaseArtist {
      artist_id: Int!
      name: String!
    }
    type ReleaseTrackParticipant {
      id: String!
      role_id: [ReleaseRole!]!
      payout_share_percentage: String!
    }
    type ReleaseAudioFacts {
      sampleRate: Int!
      bitsPerSample: Int!
      sampleFormat: ReleaseSampleFormat!
      channels: Int!
      frames: Int!
      durationS: Float!
      samplePeakDb: Float!
      truePeakDb: Float!
      clippedRuns: Int!
    }
    type ReleaseTrack {
      id: String!
      track_id: Int!
      position: Int!
      name: String!
      artists: [ReleaseArtist!]!
      featuredArtists: [Int!]!
      genre: [ReleaseGenre!]!
      language: String
      stereo_isrc: String!
      iswc: String!
      explicit: Int!
      lyrics: String
      participants: [ReleaseTrackParticipant!]!
      isCustomMaster: Boolean!
      audio: ReleaseAudioFacts!
    }
    type ReleasePickerSong {
      id: String!
      track_name: String!
      custom_master: Boolean!
      styleGroup_name: String
      style_name: String
      createdAt: String!
    }
    type ReleaseSection {
      hasError: Boolean!
      visited: Boolean!
      errors: [String!]!
    }
    type ReleaseSections {
      artwork: ReleaseSection!
      album: ReleaseSection!
      trackList: ReleaseSection!
      participants: ReleaseSection!
      outletDetails: ReleaseSection!
    }
    type ReleaseDraftAlbum {
      name: String!
      label_id: Int!
      artists: [ReleaseArtist!]!
      product_type: ReleaseProductType!
      original_release_date: String!
      tracks: [Int!]!
      product_code_type: ReleaseProductCodeType!
      code_auto_generate: Boolean!
      product_code: String
      product_format: String!
    }
    type ReleaseDraftOutlet {
      store_id: Int!
      release_start_date: String
    }
    type ReleaseCoverFacts {
      format: String!
      width: Int!
      height: Int!
      space: String!
      channels: Int
      bytes: Int!
      sha256: String!
    }
    type ReleaseDraft {
      albumId: Int!
      album: ReleaseDraftAlbum!
      trackList: [ReleaseTrack!]!
      outlets: [ReleaseDraftOutlet!]!
      globalReleaseDate: String
      selectedMasterIds: [String!]!
      uploadedMasterToTrackIds: ReleaseMasterTrackMap!
      coverUploadStatus: ReleaseCoverUploadStatus!
      cover_image: ReleaseImage
      cover: ReleaseCoverFacts
      sections: ReleaseSections!
    }
    type ReleaseCheckItem {
      check: String!
      section: ReleaseCheckSection!
      passed: Boolean!
      severity: ReleaseCheckSeverity!
      track_id: Int
      track_name: String
      code: String!
      fix: String!
      values: ReleaseCheckValues!
    }
    type ReleaseCheckReport {
      albumId: Int!
      passed: Boolean!
      items: [ReleaseCheckItem!]!
      checkedAt: String!
    }
    input ReleaseParticipantInput {
      id: Int!
      role_id: [Int!]!
      payout_share_percentage: Float!
    }
    input ReleaseOutletInput {
      store_id: Int!
      release_start_date: String
    }
    input ReleaseOutletDetailsInput {
      globalReleaseDate: String
      outlets: [ReleaseOutletInput!]!
      original_release_date: String
    }
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
    types: {
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
      ReleaseParticipantInput: ZTrackParticipantInput,
      ReleaseOutletInput: ZOutletDetailsInput.shape.outlets.element,
      ReleaseOutletDetailsInput: ZDistributeInput.shape.outletDetails.unwrap(),
    },
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
    scalars: {
      ReleaseMasterTrackMap: ZReleaseDraft.shape.uploadedMasterToTrackIds,
      ReleaseCheckValues: ZCheckItem.shape.values,
    },
  },
};
