import busboy from 'busboy';
import express, { type Request } from 'express';
import type { Platform } from '../../platform/context.js';
import { AppError, unauthorized } from '../../platform/errors.js';
import { contextOfRequest } from '../../platform/http/request-context.js';
import { parseInput } from '../../platform/validation.js';
import { coverVariantFile, uploadCover } from './cover.service.js';
import { distributeRelease } from './delivery.service.js';
import { checkRelease } from './release-check.js';
import {
  RELEASE_ERRORS,
  RELEASE_LIMITS,
  ZAddTrackInput,
  ZAlbumIdInput,
  ZDistributeInput,
  ZTrackIdInput,
  ZUpdateAlbumInput,
  ZUpdateTrackInput,
  type TCoverUploadAnswer,
} from './releases.schemas.js';
import { addTrack, cancelRelease, listReleases, releaseOutlets, removeTrack, startRelease, updateAlbum, updateTrack } from './releases.service.js';

const body = (req: Request) => (req.body ?? {}) as Record<string, unknown>;
/** The public API's clients send album data as `data` or flat; both are read. */
const dataOf = (req: Request) => {
  const raw = body(req);
  const data = raw.data && typeof raw.data === 'object' ? (raw.data as Record<string, unknown>) : raw;
  // PUT album data has cover_image removed; a client that still sends it is not refused.
  const { cover_image: _cover, ...rest } = data;
  return rest;
};

/** The REST shapes send genres and roles as {genre_id, name} and {role_id, name} objects; the services take ids. */
function trackDataOf(req: Request) {
  const data = dataOf(req);
  const idOf = (key: string) => (value: unknown) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : value);
  if (Array.isArray(data.genre)) data.genre = data.genre.map(idOf('genre_id'));
  if (Array.isArray(data.participants)) {
    data.participants = data.participants.map((participant: unknown) =>
      participant && typeof participant === 'object' && Array.isArray((participant as Record<string, unknown>).role_id)
        ? { ...participant, role_id: ((participant as Record<string, unknown>).role_id as unknown[]).map(idOf('role_id')) }
        : participant,
    );
  }
  return data;
}

/** The cover's multipart body: the one file part goes to the service as a stream, never buffered whole. */
function receiveCover(platform: Platform, req: Request, albumId: number): Promise<TCoverUploadAnswer> {
  const ctx = contextOfRequest(platform, req);
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { files: 1, fileSize: RELEASE_LIMITS.maxCoverBytes + 1, fields: 10, fieldSize: 1024, parts: 12 } });
    } catch {
      reject(new AppError('BAD_REQUEST', 'error.malformedBody', { detail: 'expected multipart/form-data' }));
      return;
    }
    let upload: Promise<TCoverUploadAnswer> | null = null;
    parser.on('file', (_name, file) => {
      if (upload) {
        file.resume();
        return;
      }
      upload = uploadCover(ctx, { albumId, file });
      upload.catch(() => undefined);
    });
    parser.on('error', (error) => reject(new AppError('BAD_REQUEST', 'error.malformedBody', { detail: (error as Error).message })));
    parser.on('close', () => {
      if (!upload) reject(new AppError('BAD_REQUEST', RELEASE_ERRORS.noFile));
      else upload.then(resolve, reject);
    });
    req.pipe(parser);
  });
}

/** The release calls under /api/distribution, each calling the service its tRPC twin calls. */
export function releasesRest(platform: Platform) {
  const router = express.Router();
  const ctx = (req: Request) => contextOfRequest(platform, req);

  router.get('/distribution/albums', async (req, res) => {
    res.json(await listReleases(ctx(req)));
  });
  // Creating an album opens the wizard's draft (5 retries at 1 s), then applies the data sent.
  router.post('/distribution/albums', async (req, res) => {
    const context = ctx(req);
    const draft = await startRelease(context);
    const data = dataOf(req);
    const changes = Object.keys(data).filter((key) => key !== 'tracks' && key !== 'artists');
    res.status(201).json(changes.length > 0 ? await updateAlbum(context, parseInput(ZUpdateAlbumInput, { ...data, tracks: undefined, albumId: draft.albumId })) : draft);
  });
  router.put('/distribution/albums/:id', async (req, res) => {
    res.json(await updateAlbum(ctx(req), parseInput(ZUpdateAlbumInput, { ...dataOf(req), albumId: req.params.id })));
  });
  router.delete('/distribution/albums/:id', async (req, res) => {
    res.json(await cancelRelease(ctx(req), parseInput(ZAlbumIdInput, { albumId: req.params.id })));
  });
  router.get('/distribution/albums/:id/validate', async (req, res) => {
    res.json(await checkRelease(ctx(req), parseInput(ZAlbumIdInput, { albumId: req.params.id })));
  });
  router.post('/distribution/albums/:id/cover', async (req, res) => {
    try {
      await handleCover(req, res);
    } catch (error) {
      // A refused body is read to its end (up to the cover limit), so the browser sees the answer
      // rather than a connection closed while it was still sending.
      if (!req.complete && !req.destroyed && res.getHeader('connection') !== 'close') {
        req.resume();
        await new Promise<void>((resolve) => {
          req.once('end', resolve);
          req.once('close', resolve);
          req.once('error', () => resolve());
        });
      }
      throw error;
    }
  });
  const handleCover = async (req: Request, res: express.Response) => {
    if (!ctx(req).actor) throw unauthorized();
    // No album id gives 'no_album_id'.
    const albumId = ZAlbumIdInput.safeParse({ albumId: req.params.id });
    if (!albumId.success) throw new AppError('BAD_REQUEST', RELEASE_ERRORS.noAlbumId);
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > RELEASE_LIMITS.maxCoverBytes + 64 * 1024) {
      res.setHeader('connection', 'close');
      throw new AppError('PAYLOAD_TOO_LARGE', RELEASE_ERRORS.fileTooLarge);
    }
    if (!req.is('multipart/form-data')) throw new AppError('BAD_REQUEST', 'error.malformedBody', { detail: 'expected multipart/form-data' });
    res.json(await receiveCover(platform, req, albumId.data.albumId));
  };
  router.get('/distribution/albums/:id/cover/:file', async (req, res) => {
    const match = /^([a-z]+)\.jpg$/.exec(req.params.file);
    const { key } = await coverVariantFile(ctx(req), {
      albumId: parseInput(ZAlbumIdInput, { albumId: req.params.id }).albumId,
      variant: match?.[1] ?? '',
      version: String(req.query.v ?? ''),
      sig: String(req.query.sig ?? ''),
    });
    res.setHeader('content-type', 'image/jpeg');
    // The URL changes with every new cover (its version): a cached copy never goes stale.
    res.setHeader('cache-control', 'private, max-age=31536000, immutable');
    platform.storage.read(key).on('error', () => res.destroy()).pipe(res);
  });

  router.get('/distribution/outlets/:albumId', async (req, res) => {
    res.json(await releaseOutlets(ctx(req), parseInput(ZAlbumIdInput, { albumId: req.params.albumId })));
  });
  router.patch('/distribution/outlets/distribute', async (req, res) => {
    res.json(await distributeRelease(ctx(req), parseInput(ZDistributeInput, body(req))));
  });

  router.post('/distribution/tracks', async (req, res) => {
    res.status(201).json(await addTrack(ctx(req), parseInput(ZAddTrackInput, body(req))));
  });
  router.put('/distribution/tracks/:id', async (req, res) => {
    res.json(await updateTrack(ctx(req), parseInput(ZUpdateTrackInput, { ...trackDataOf(req), trackId: req.params.id })));
  });
  router.delete('/distribution/tracks/:id', async (req, res) => {
    res.json(await removeTrack(ctx(req), parseInput(ZTrackIdInput, { trackId: req.params.id })));
  });
  return router;
}
