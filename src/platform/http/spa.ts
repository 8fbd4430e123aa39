import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import express, { type Request, type Router } from 'express';
import type { Locale } from '../context.js';
import { localeOfRequest } from './request-context.js';

/** index.html as built, and the built file of each language's catalogue (the bundler's manifest names it). */
interface BuiltPage {
  modifiedMs: number;
  html: string;
  catalogues: Partial<Record<Locale, string>>;
}

const CATALOGUE_SOURCES: Record<Locale, string> = { en: 'src/locales/en/messages.ts', de: 'src/locales/de/messages.ts' };

function readBuiltPage(clientDir: string, index: string): BuiltPage {
  const manifestFile = path.join(clientDir, '.vite', 'manifest.json');
  const manifest = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, { file?: string }>) : {};
  const catalogues: Partial<Record<Locale, string>> = {};
  for (const [locale, source] of Object.entries(CATALOGUE_SOURCES) as [Locale, string][]) {
    const file = manifest[source]?.file;
    if (file) catalogues[locale] = `/${file}`;
  }
  return { modifiedMs: statSync(index).mtimeMs, html: readFileSync(index, 'utf8'), catalogues };
}

/**
 * index.html for this visitor: in their language (the rule the services use), with their catalogue
 * preloaded. The SPA renders nothing before its catalogue is in (client/src/lib/i18n.ts); fetched
 * beside the entry script, it costs no round trip of its own.
 */
function pageFor(page: BuiltPage, req: Request): string {
  const locale = localeOfRequest(req);
  const catalogue = page.catalogues[locale];
  const preload = catalogue ? `<link rel="modulepreload" crossorigin href="${catalogue}">\n  </head>` : '</head>';
  return page.html.replace(/<html lang="[a-z]+"/, `<html lang="${locale}"`).replace('</head>', preload);
}

/**
 * The built SPA with history fallback: a GET for HTML that is not an API path gets index.html,
 * with 200 when `isRoute` knows the path and 404 otherwise (the same body: the SPA then shows its
 * not-found page, and crawlers and monitors see the truth).
 */
export function spaRouter(clientDir: string, isRoute: (pathname: string) => boolean): Router {
  const router = express.Router();
  const index = path.join(clientDir, 'index.html');
  let built: BuiltPage | null = null;
  router.use(express.static(clientDir, { index: false, maxAge: '1h', immutable: false }));
  router.get('/{*splat}', (req, res, next) => {
    if (!req.accepts('html')) return next();
    if (!existsSync(index)) {
      res.status(503).type('text').send('The client is not built: run `npm run build`.');
      return;
    }
    // Read again after a rebuild (`npm run build` beside a running server).
    if (!built || statSync(index).mtimeMs !== built.modifiedMs) built = readBuiltPage(clientDir, index);
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('Vary', 'Accept-Language, Cookie');
    res.status(isRoute(req.path) ? 200 : 404).type('html').send(pageFor(built, req));
  });
  return router;
}
