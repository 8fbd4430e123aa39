import { pipeline } from 'node:stream/promises';
import express from 'express';
import { z } from 'zod';
import type { Platform } from '../../platform/context.js';
import { contextOfRequest } from '../../platform/http/request-context.js';
import { parseInput } from '../../platform/validation.js';
import { featuredPost, getPost, imageFile, listCategories, listPosts } from './blog.service.js';
import { ZImageSize, ZPostInput, ZPostsInput } from './blog.schemas.js';

const ZImageParams = z.object({ id: z.uuid('global.error.notFound'), size: ZImageSize });

/**
 * The content service ("featured-post, categories, posts") over REST, and the blog's
 * images (blog images come from a content host: here, our own host).
 */
export function blogRest(platform: Platform) {
  const router = express.Router();
  router.get('/content/featured-post', async (req, res) => {
    res.json(await featuredPost(contextOfRequest(platform, req)));
  });
  router.get('/content/categories', async (req, res) => {
    res.json(await listCategories(contextOfRequest(platform, req)));
  });
  router.get('/content/posts', async (req, res) => {
    const input = parseInput(ZPostsInput, { category: req.query.category, limit: req.query.limit === undefined ? undefined : Number(req.query.limit) });
    res.json(await listPosts(contextOfRequest(platform, req), input));
  });
  router.get('/content/posts/:slug', async (req, res) => {
    res.json(await getPost(contextOfRequest(platform, req), parseInput(ZPostInput, req.params)));
  });
  router.get('/blog/images/:id/:size', async (req, res) => {
    const { key } = await imageFile(contextOfRequest(platform, req), parseInput(ZImageParams, req.params));
    res.setHeader('Content-Type', 'image/webp');
    // An image id never changes its bytes: a new upload gets a new id.
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    await pipeline(platform.storage.read(key), res);
  });
  return router;
}
