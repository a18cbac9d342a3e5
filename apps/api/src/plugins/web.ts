import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { preloadLinks, withPreloads, type ViteManifest } from './web-preload.js';

/**
 * Serves the built storefront: hashed assets cached for a year and sent as the build's brotli
 * or gzip copies (preCompressed), index.html never cached, and every non-API path falls back
 * to the SPA (which shows /not-found for unknown routes). index.html names the requested
 * page's chunks for preloading (web-preload.ts; docs/decisions/014-front-end-budgets.md).
 */
const API_PATH = /^\/(api|user_token|users|messages)(\/|\?|\.|$)/;

export interface WebOptions {
  /** the development mailbox's pages (/dev/mailbox); without it they answer 404 like the API does */
  devMailbox?: boolean;
}

const DEV_PAGES = /^\/dev(\/|\?|$)/;

export async function registerWeb(app: FastifyInstance, distDir: string, options: WebOptions = {}): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  const hasWeb = fs.existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: true, // files built after start are served too; misses fall to the SPA below
      index: false, // '/' is a page: the fallback below answers it with its preloads
      preCompressed: true,
      // the build manifest is for the server, not the public; API paths (an over-long id skips
      // its route) and absurd names are never files: 404 below
      allowedPath: (pathName) => !pathName.startsWith('/.vite/') && !API_PATH.test(pathName) && pathName.length <= 1024,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else {
          res.header('cache-control', 'no-cache');
        }
      },
    });
  }

  // index.html and the manifest, read again only when a rebuild changed them
  let cached: { mtimeMs: number; html: string; manifest: ViteManifest } | null = null;
  const indexPage = (): { html: string; manifest: ViteManifest } => {
    const mtimeMs = Math.max(
      fs.statSync(indexFile).mtimeMs,
      fs.statSync(manifestFile, { throwIfNoEntry: false })?.mtimeMs ?? 0,
    );
    if (cached?.mtimeMs !== mtimeMs) {
      let manifest: ViteManifest = {};
      try {
        manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as ViteManifest;
      } catch {
        // an older build without a manifest: pages load without the preloads
      }
      cached = { mtimeMs, html: fs.readFileSync(indexFile, 'utf8'), manifest };
    }
    return cached;
  };

  const sendPage = (pathname: string, reply: FastifyReply) => {
    let page: { html: string; manifest: ViteManifest };
    try {
      page = indexPage();
    } catch {
      return reply.status(404).send({ error: 'Not found' });
    }
    const html = withPreloads(page.html, preloadLinks(page.manifest, pathname));
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  };
  // the directory itself is the home page (the static plugin lists no index)
  if (hasWeb) app.get('/', { schema: { hide: true } }, (_request, reply) => sendPage('/', reply));

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    const isApi = API_PATH.test(url);
    if (isApi || request.method !== 'GET' || !hasWeb || (!options.devMailbox && DEV_PAGES.test(url))) {
      return reply.status(404).send({ error: 'Not found' });
    }
    const pathname = url.split('?')[0] ?? '';
    if (/\.[a-z0-9]{2,5}$/i.test(pathname) || pathname.startsWith('/.vite/')) {
      return reply.status(404).send({ error: 'Not found' });
    }
    return sendPage(pathname, reply);
  });
}
