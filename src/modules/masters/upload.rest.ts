import { Transform } from 'node:stream';
import busboy from 'busboy';
import express, { type Request, type Response } from 'express';
import type { Platform, ServiceContext } from '../../platform/context.js';
import { AppError, notFound, unauthorized } from '../../platform/errors.js';
import { hasControlCharacters } from '../../platform/http/body-guard.js';
import { contextOfRequest } from '../../platform/http/request-context.js';
import { parseInput } from '../../platform/validation.js';
import { MAX_UPLOAD_BYTES, ZUploadFields, type TUploadAnswer } from './masters.schemas.js';
import { checkUploadQuotas, discardUpload, fileTooLarge, receiveUpload, saveUpload, type ReceivedUpload } from './upload.service.js';
import { saveReferenceUpload } from './references.service.js';

/**
 * A refused body is still read to its end and discarded ("the rest of the body
 * discarded"): browsers report a connection closed while they still send as a network error, not
 * as the 413 or 400 the user should see. Beyond this many bytes in all, the connection is closed
 * instead, so an endless body cannot keep the server reading.
 */
const MAX_DRAINED_BODY_BYTES = 4 * MAX_UPLOAD_BYTES;

/** A pass-through that fails once the body exceeds `maxBytes`. */
function byteLimit(maxBytes: number) {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      callback(seen > maxBytes ? fileTooLarge() : null, chunk);
    },
  });
}

interface ParsedUpload {
  fields: Record<string, string>;
  received: Promise<ReceivedUpload> | null;
  /** A field that names the target arrived after the file had already been stored under another key. */
  trackIdAfterFile: boolean;
  /** trackId was sent but is no id at all: no track of the caller's can have it. */
  trackIdInvalid: boolean;
  /**
   * A field name, value or the file name holds a control character. The JSON guard (body-guard.ts)
   * never sees multipart bodies; a NUL in the file name reached the track's name and PostgreSQL
   * refused it with a 500. The whole upload is refused with global.error.invalidInput.
   */
  controlCharacters: boolean;
}

/**
 * Streams the multipart body through busboy: the `track` file part goes straight to the upload
 * service (never buffered whole); fields are collected. Resolves once the whole body is read.
 */
function readMultipart(ctx: ServiceContext, req: Request): Promise<ParsedUpload> {
  return new Promise((resolve, reject) => {
    const parsed: ParsedUpload = { fields: {}, received: null, trackIdAfterFile: false, trackIdInvalid: false, controlCharacters: false };
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        defParamCharset: 'utf8',
        // busboy flags a file as cut when it reaches fileSize exactly: one byte more lets a file of
        // exactly MAX_UPLOAD_BYTES through, and the upload service counts the bytes itself.
        limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
      });
    } catch {
      reject(new AppError('BAD_REQUEST', 'error.malformedBody', { detail: 'expected multipart/form-data' }));
      return;
    }
    parser.on('field', (name, value) => {
      if (hasControlCharacters(name) || hasControlCharacters(value)) parsed.controlCharacters = true;
      if ((name === 'trackId' || name === 'reference') && parsed.received) parsed.trackIdAfterFile = true;
      parsed.fields[name] = value;
    });
    parser.on('file', (name, file, info) => {
      if (hasControlCharacters(name) || hasControlCharacters(info.filename ?? '')) parsed.controlCharacters = true;
      // A refused file is not even stored: it is read past and dropped.
      if (name !== 'track' || parsed.received || parsed.controlCharacters) {
        file.resume();
        return;
      }
      const trackId = ZUploadFields.shape.trackId.safeParse(parsed.fields.trackId);
      parsed.received = receiveUpload(ctx, {
        file,
        fileName: info.filename ?? '',
        trackId: trackId.success ? trackId.data : undefined,
        reference: ZUploadFields.shape.reference.safeParse(parsed.fields.reference).data === true,
      });
      // Settled by the caller after the body has been read; this only keeps Node from calling it unhandled.
      parsed.received.catch(() => undefined);
      if (!trackId.success) parsed.trackIdInvalid = true;
    });
    const limiter = byteLimit(MAX_DRAINED_BODY_BYTES);
    let failed = false;
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      req.unpipe(limiter);
      // Destroying the parser ends the file stream with an error: the service removes what it staged.
      parser.destroy(new Error('upload refused'));
      const refusal = error instanceof AppError ? error : new AppError('BAD_REQUEST', 'error.malformedBody', { detail: (error as Error).message });
      void (parsed.received ?? Promise.resolve()).catch(() => undefined).finally(() => reject(refusal));
    };
    parser.on('close', () => {
      if (!failed) resolve(parsed);
    });
    parser.on('error', fail);
    limiter.on('error', (error) => {
      fail(error);
      req.destroy();
    });
    req.on('close', () => {
      if (!req.complete) fail(new Error('the request was aborted'));
    });
    req.pipe(limiter).pipe(parser);
  });
}

/** Reads and drops what is left of a refused body, up to the drain limit; beyond it the connection closes. */
function discardRestOfBody(req: Request, res: Response): Promise<void> {
  if (req.complete || req.destroyed) return Promise.resolve();
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > MAX_DRAINED_BODY_BYTES) {
    res.setHeader('connection', 'close');
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    let seen = 0;
    const done = () => {
      req.off('data', onData);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > MAX_DRAINED_BODY_BYTES) {
        res.setHeader('connection', 'close');
        done();
      }
    };
    req.on('data', onData);
    req.once('end', done);
    req.once('close', done);
    req.once('error', done);
    req.resume();
  });
}

async function handleUpload(platform: Platform, req: Request): Promise<TUploadAnswer> {
  const ctx = contextOfRequest(platform, req);
  if (!ctx.actor) throw unauthorized();
  if (Number(req.headers['content-length'] ?? 0) > MAX_DRAINED_BODY_BYTES) throw fileTooLarge();
  if (!req.is('multipart/form-data')) throw new AppError('BAD_REQUEST', 'error.malformedBody', { detail: 'expected multipart/form-data' });
  await checkUploadQuotas(ctx, Number(req.headers['content-length'] ?? 0));

  const parsed = await readMultipart(ctx, req);
  if (parsed.controlCharacters) {
    // A file that came before the refused field was stored already: it goes (a refused one removed itself).
    const stored = await parsed.received?.catch(() => null);
    if (stored) await discardUpload(ctx, stored);
    throw new AppError('BAD_REQUEST', 'global.error.invalidInput', { detail: 'control character in a form field or the file name' });
  }
  if (!parsed.received) throw new AppError('BAD_REQUEST', 'error.noFile', { detail: 'multipart field "track" is missing' });
  const received = await parsed.received;
  try {
    if (parsed.trackIdInvalid) throw notFound('track');
    if (parsed.trackIdAfterFile) {
      throw new AppError('BAD_REQUEST', 'error.uploadFieldOrder', { detail: 'send trackId before the track file, as a valid id' });
    }
    const fields = parseInput(ZUploadFields, parsed.fields);
    if (received.reference) return { id: (await saveReferenceUpload(ctx, received)).id };
    return await saveUpload(ctx, { upload: received, isCustomMaster: fields.isCustomMaster });
  } catch (error) {
    await discardUpload(ctx, received);
    throw error;
  }
}

/**
 * POST /api/upload: multipart `track` file, optional `isCustomMaster` and `trackId`; answers `{id}`
 * (the unmastered master's). With `reference=true` before the file: a private reference track,
 * answered with the reference's id.
 */
export function uploadRest(platform: Platform) {
  const router = express.Router();
  router.post('/upload', (req, res, next) => {
    handleUpload(platform, req).then(
      (answer) => res.json(answer),
      (error: unknown) => {
        void discardRestOfBody(req, res).then(() => next(error));
      },
    );
  });
  return router;
}
