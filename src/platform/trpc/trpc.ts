import { initTRPC, TRPCError } from '@trpc/server';
import { AppError, GENERIC_SERVER_ERROR, trpcCodeOf } from '../errors.js';
import type { ServiceContext } from '../context.js';
import { unauthorized } from '../errors.js';
import { inputIssuesOf, invalidInputError } from '../validation.js';

/** The tRPC context is the service context itself: tests build it without HTTP. */
export type TrpcContext = ServiceContext;

export const BATCH_TOO_LARGE = 'global.error.batchTooLarge';

const t = initTRPC.context<TrpcContext>().create({
  errorFormatter({ shape, error }) {
    // Invalid input answers a translation key, as on every other adapter (validation.ts).
    const issues = error.code === 'BAD_REQUEST' ? inputIssuesOf(error.cause) : null;
    const cause = issues ? invalidInputError(issues) : error.cause;
    // Unknown failures never leak their message; the cause is logged by the adapter.
    const known = cause instanceof AppError || error.code !== 'INTERNAL_SERVER_ERROR';
    // tRPC's own refusal of a batch over maxBatchSize (app.ts) carries an English sentence.
    const batchTooLarge = error.code === 'BAD_REQUEST' && error.message === 'Batch call exceeds maximum size';
    return {
      ...shape,
      message: cause instanceof AppError ? cause.message : batchTooLarge ? BATCH_TOO_LARGE : known ? shape.message : GENERIC_SERVER_ERROR,
      data: {
        ...shape.data,
        stack: undefined,
        detail: cause instanceof AppError ? cause.detail : undefined,
      },
    };
  },
});

/** Domain errors become tRPC errors here, the one place. */
const mapAppErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) {
    const cause = result.error.cause;
    throw new TRPCError({ code: trpcCodeOf[cause.code], message: cause.message, cause });
  }
  return result;
});

export const router = t.router;
export const mergeRouters = t.mergeRouters;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure.use(mapAppErrors);

export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.actor) throw new TRPCError({ code: 'UNAUTHORIZED', message: unauthorized().message });
  return next({ ctx: { ...ctx, actor: ctx.actor } });
});
