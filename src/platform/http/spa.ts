import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type Router } from 'express';

/**
 * The built SPA with history fallback: a GET for HTML that is not an API path gets index.html,
 * with 200 when `isRoute` knows the path and 404 otherwise (the same body: the SPA then shows its
 * not-found page, and crawlers and monitors see the truth).
 */
export function spaRouter(clientDir: string, isRoute: (pathname: string) => boolean): Router {
  const router = express.Router();
  const index = path.join(clientDir, 'index.html');
  router.use(express.static(clientDir, { index: false, maxAge: '1h', immutable: false }));
  router.get('/{*splat}', (req, res, next) => {
    if (!req.accepts('html')) return next();
    if (!existsSync(index)) {
      res.status(503).type('text').send('The client is not built: run `npm run build`.');
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.status(isRoute(req.path) ? 200 : 404).sendFile(index);
  });
  return router;
}
