import express from 'express';
import type { Platform } from '../../platform/context.js';
import { contextOfRequest } from '../../platform/http/request-context.js';
import { parseInput } from '../../platform/validation.js';
import { createAlbum, getAlbum, listAlbums } from './albums.service.js';
import { ZAlbumIdInput, ZCreateAlbumInput } from './albums.schemas.js';

/**
 * POST /api/albums {trackIds, styleId, intensity?}: 201 with the album, whose masters are made on
 * their own; GET /api/albums, GET /api/albums/:id.
 */
export function albumsRest(platform: Platform) {
  const router = express.Router();
  router.post('/albums', async (req, res) => {
    res.status(201).json(await createAlbum(contextOfRequest(platform, req), parseInput(ZCreateAlbumInput, req.body ?? {})));
  });
  router.get('/albums', async (req, res) => {
    res.json(await listAlbums(contextOfRequest(platform, req)));
  });
  router.get('/albums/:id', async (req, res) => {
    res.json(await getAlbum(contextOfRequest(platform, req), parseInput(ZAlbumIdInput, { id: req.params.id })));
  });
  return router;
}
