import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type Router } from 'express';

/** The built SPA with history fallback: any GET that is not an API path gets index.html. */
export function spaRouter(clientDir: string): Router {
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
    res.sendFile(index);
  });
  return router;
}
