import type { ErrorRequestHandler, RequestHandler } from 'express';
import { AppError, publicErrorOf } from '../errors.js';

/** The REST error shape: `{statusCode, message}` with a translation key. */
export const errorHandler: ErrorRequestHandler = (error, req, res, _next) => {
  const bodyTooLarge = (error as { type?: string }).type === 'entity.too.large';
  const normalised = bodyTooLarge ? new AppError('PAYLOAD_TOO_LARGE', 'error.payloadTooLarge') : error;
  const malformedBody = (error as { type?: string }).type === 'entity.parse.failed';
  const { status, message, detail } = malformedBody
    ? { status: 400, message: 'error.malformedBody', detail: undefined }
    : publicErrorOf(normalised);
  if (status >= 500) req.log.error({ err: error }, 'request failed');
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.status(status).json({ statusCode: status, message, ...(detail ? { detail } : {}) });
};

export const apiNotFound: RequestHandler = (_req, res) => {
  res.status(404).json({ statusCode: 404, message: 'global.error.notFound' });
};
