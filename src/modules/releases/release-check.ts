import type { ServiceContext } from '../../platform/context.js';
import { isValidIsrc, isValidProductCode, requireAccount } from '../distribution/index.js';
import { coverProblems, COVER_PROBLEMS, featuredInTitle, lyricsLookExplicit, participantsProblems } from './release-rules.js';
import { audioFactsOf, coverOf, idsOf, participantsOf } from './release-views.js';
import * as repo from './releases.repository.js';
import { RELEASE_ERRORS, RELEASE_LIMITS, type CHECK_NAMES, type TAlbumIdInput, type TCheckItem, type TValidationReport } from './releases.schemas.js';
import { ownedAlbum, refsOf } from './release-access.js';
import { deliveredReleaseOf, everyStoreRules, storeRulesOf } from './delivery/store-rules.js';

/**
 * GET /api/distribution/albums/{id}/validate: the whole release against what stores check
 * (docs/product-rules.md, "Pre-submission check"), item by item. Every item names its rule (`release.check.<name>`)
 * and what to do when it fails (`release.fix.<name>`), with the measured values. The audio figures
 * were measured from the provider's copy of each file when it was uploaded (audio-facts.ts).
 * Distribute runs the same check and refuses while an error item fails.
 */

type Section = TCheckItem['section'];
interface ItemOptions {
  severity?: 'error' | 'warning';
  track?: { id: number; name: string } | null;
  values?: Record<string, string | number>;
}

/** Names of generic artists every store refuses. */
const GENERIC_ARTISTS = new Set(['various', 'various artists', 'unknown', 'unknown artist', 'artist', 'n/a', 'none']);
const isAllCaps = (text: string) => /[A-Z]{2}/.test(text) && text === text.toUpperCase() && text !== text.toLowerCase() && text.replace(/[^A-Za-z]/g, '').length > 3;

export async function checkRelease(ctx: ServiceContext, input: TAlbumIdInput, now = new Date()): Promise<TValidationReport> {
  const account = await requireAccount(ctx);
  const album = await ownedAlbum(ctx.db, account, input.albumId);
  const [tracks, outlets, refs] = await Promise.all([repo.findTracks(ctx.db, input.albumId), repo.findAlbumOutlets(ctx.db, input.albumId), refsOf(ctx.db, account)]);
  const duplicated = new Set(await repo.duplicatedIsrcs(ctx.db, tracks.map((track) => track.isrc).filter((isrc): isrc is string => !!isrc)));
  const items: TCheckItem[] = [];
  const add = (check: (typeof CHECK_NAMES)[number], section: Section, passed: boolean, options: ItemOptions = {}) =>
    items.push({
      check,
      section,
      passed,
      severity: options.severity ?? 'error',
      track_id: options.track?.id ?? null,
      track_name: options.track?.name ?? null,
      code: `release.check.${check}`,
      fix: `release.fix.${check}`,
      values: options.values ?? {},
    });

  // The release
  add('albumName', 'metadata', album.name.trim() !== '');
  add('albumNameCase', 'metadata', !isAllCaps(album.name), { severity: 'warning', values: { name: album.name } });
  add('artistName', 'metadata', !GENERIC_ARTISTS.has(refs.mainArtist.name.trim().toLowerCase()), { values: { artist: refs.mainArtist.name } });
  // An empty generated code is given at delivery.
  add('productCode', 'metadata', album.product_code ? isValidProductCode(album.product_code) : album.code_auto_generate, { values: { code: album.product_code ?? '' } });
  add('hasTracks', 'metadata', tracks.length > 0);

  // Artwork
  const cover = coverOf(album.cover);
  add('cover', 'artwork', cover !== null);
  // What a store answers for, as the delivery side judges it (delivery/store-rules.ts), on the day of the check.
  const today = now.toISOString().slice(0, 10);
  const releaseFor = (outlet: { release_start_date: string | null } | null) => deliveredReleaseOf({ album, tracks, genres: refs.genres, outlet, today });
  if (cover) {
    const { errors } = coverProblems(cover.facts);
    const values = { width: cover.facts.width, height: cover.facts.height, format: cover.facts.format, space: cover.facts.space };
    add('coverFormat', 'artwork', !errors.includes(COVER_PROBLEMS.format), { values });
    // RGB, square, 3000 px: every store's rules, checked by the same functions the stores answer by.
    for (const rule of everyStoreRules()) {
      const release = releaseFor(null);
      add(rule.check, rule.section, rule.passes(release), { values: rule.values(release) });
    }
    add('coverMaxSize', 'artwork', !errors.includes(COVER_PROBLEMS.tooLarge), { values: { ...values, maxPx: RELEASE_LIMITS.coverMaxPx } });
  }

  // Every track
  for (const row of tracks) {
    const track = { id: Number(row.id), name: row.name };
    const audio = audioFactsOf(row.audio_facts);
    add('bitDepth', 'audio', audio.sampleFormat === 'int' && (audio.bitsPerSample === 16 || audio.bitsPerSample === 24), {
      track,
      values: { bitsPerSample: audio.bitsPerSample, sampleFormat: audio.sampleFormat },
    });
    add('sampleRate', 'audio', audio.sampleRate >= RELEASE_LIMITS.minSampleRate, { track, values: { sampleRate: audio.sampleRate, minSampleRate: RELEASE_LIMITS.minSampleRate } });
    add('stereo', 'audio', audio.channels === 2, { track, values: { channels: audio.channels } });
    add('notClipped', 'audio', audio.clippedRuns === 0, { track, values: { clippedRuns: audio.clippedRuns } });
    add('truePeak', 'audio', audio.truePeakDb <= RELEASE_LIMITS.maxTruePeakDb, { track, values: { truePeakDb: audio.truePeakDb, limitDb: RELEASE_LIMITS.maxTruePeakDb } });

    const genreIds = idsOf(row.genre_ids);
    add('title', 'metadata', row.name.trim() !== '', { track });
    add('titleCase', 'metadata', !isAllCaps(row.name), { track, severity: 'warning' });
    add('genre', 'metadata', genreIds.length >= 1 && genreIds.length <= RELEASE_LIMITS.maxGenres, { track, values: { genres: genreIds.length, maxGenres: RELEASE_LIMITS.maxGenres } });
    add('language', 'metadata', !!row.language, { track });
    add('isrc', 'metadata', !!row.isrc && isValidIsrc(row.isrc), { track, values: { isrc: row.isrc ?? '' } });
    add('isrcUnique', 'metadata', !row.isrc || !duplicated.has(row.isrc), { track, values: { isrc: row.isrc ?? '' } });
    const featuredNames = idsOf(row.featured_artist_ids).map((id) => refs.artists.get(id) ?? '');
    const inTitle = featuredInTitle(row.name, featuredNames);
    add('featuredNotInTitle', 'metadata', inTitle.length === 0, { track, values: { artists: inTitle.join(', ') } });
    add('explicitLyrics', 'metadata', !(lyricsLookExplicit(row.lyrics) && Number(row.explicit) !== 2), { track, values: { explicit: Number(row.explicit) } });

    const problems = participantsProblems(participantsOf(row.participants));
    add('participantRoles', 'participants', !problems.includes(RELEASE_ERRORS.participantRoleRequired), { track });
    add('payoutTotal', 'participants', !problems.includes(RELEASE_ERRORS.payoutTotal) && !problems.includes(RELEASE_ERRORS.payoutRange), {
      track,
      values: { total: participantsOf(row.participants).reduce((sum, p) => sum + p.share, 0) },
    });
  }

  // Stores and dates
  add('outlets', 'outlets', outlets.length > 0, { values: { stores: outlets.length } });
  const dates = [album.global_release_date, ...outlets.map((outlet) => outlet.release_start_date)].filter((date): date is string => date !== null);
  const past = dates.filter((date) => date < today);
  add('releaseDate', 'outlets', past.length === 0, { values: { earliest: past.sort()[0] ?? '', today } });

  // The chosen stores' own rules, the ones they would refuse the release for after delivery.
  for (const outlet of outlets) {
    const release = releaseFor(outlet);
    for (const rule of storeRulesOf(outlet.store_name)) add(rule.check, rule.section, rule.passes(release), { values: { store: outlet.store_name, ...rule.values(release) } });
  }

  return {
    albumId: input.albumId,
    passed: items.every((item) => item.passed || item.severity === 'warning'),
    items,
    checkedAt: now.toISOString(),
  };
}
