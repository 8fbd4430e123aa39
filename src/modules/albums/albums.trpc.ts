import { authedProcedure, router } from '../../platform/trpc/trpc.js';
import { createAlbum, getAlbum, listAlbums } from './albums.service.js';
import { ZAlbumIdInput, ZCreateAlbumInput } from './albums.schemas.js';

/** Album mode: the caller's own tracks mastered together, and the caller's own albums only. */
export const albumsRouter = router({
  create: authedProcedure.input(ZCreateAlbumInput).mutation(({ ctx, input }) => createAlbum(ctx, input)),
  album: authedProcedure.input(ZAlbumIdInput).query(({ ctx, input }) => getAlbum(ctx, input)),
  list: authedProcedure.query(({ ctx }) => listAlbums(ctx)),
});
