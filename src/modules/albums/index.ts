export { albumsRouter } from './albums.trpc.js';
export { albumsRest } from './albums.rest.js';
export { albumsGraphql } from './albums.graphql.js';
export { albumToBuy, createAlbum, getAlbum, listAlbums } from './albums.service.js';
export { beginAlbumJob, completeAlbumJob, failAlbumJob } from './album-jobs.service.js';
export * from './albums.schemas.js';
