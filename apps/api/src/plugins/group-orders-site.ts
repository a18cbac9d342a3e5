import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';

export interface GroupOrdersSiteOptions {
  /** the built site (apps/group-orders/dist) */
  distDir: string;
  /** where it is mounted on this server, e.g. /group-orders-site (config.groupOrdersBasePath) */
  basePath: string;
  /** its public base URL (config.groupOrdersUrl): old storefront-origin links redirect there */
  siteUrl: string;
}

/** The site's own routes; the storefront links to them on its own origin too (redirected below). */
const SITE_ROUTES = ['/group-orders/:uuid', '/grouporder-dashboard/:creatorId', '/g/:shareToken'];

/**
 * Serves the group-order site (docs/decisions/011-group-order-site.md) under its base path,
 * beside the storefront: hashed assets cached for a year, index.html never cached and given a
 * <base href> for the configured path (the build uses relative asset URLs, so one build serves
 * any GROUP_ORDERS_URL), and every other path under the base falls back to the SPA.
 */
export async function registerGroupOrdersSite(app: FastifyInstance, options: GroupOrdersSiteOptions): Promise<void> {
  const { distDir, basePath, siteUrl } = options;
  const indexFile = path.join(distDir, 'index.html');

  const sendIndex = (reply: FastifyReply) => {
    let html: string;
    try {
      // Read per request: a rebuild while the server runs is picked up (the file is small).
      html = fs.readFileSync(indexFile, 'utf8');
    } catch {
      return reply.status(404).type('text/plain').send('The group-order site is not built: run npm run build.');
    }
    const withBase = html.replace(/<base href="[^"]*"\s*\/?>/, `<base href="${basePath}/" />`);
    return reply.header('cache-control', 'no-cache').type('text/html').send(withBase);
  };

  await app.register(
    async (site) => {
      if (fs.existsSync(distDir)) {
        await site.register(fastifyStatic, {
          root: distDir,
          prefix: '/',
          wildcard: true,
          index: false,
          decorateReply: false, // the storefront's registration owns reply.sendFile
          allowedPath: (pathName) => !/(^|\/)index\.html$/.test(pathName),
          setHeaders(res, filePath) {
            res.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
          },
        });
      }
      site.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
      site.setNotFoundHandler((request, reply) => {
        const pathname = request.url.split('?')[0] ?? '';
        if (request.method !== 'GET' && request.method !== 'HEAD') return reply.status(404).send({ error: 'Not found' });
        if (/\.[a-z0-9]{2,5}$/i.test(pathname) && !pathname.endsWith('/index.html')) return reply.status(404).send({ error: 'Not found' });
        return sendIndex(reply);
      });
    },
    { prefix: basePath },
  );

  // The storefront's Create Group Order and its menu link to these paths on its own origin
  // (VITE_GROUP_ORDERS_URL unset): send them on to the site with their query intact.
  for (const route of SITE_ROUTES) {
    app.get(route, { schema: { hide: true } }, (request, reply) => {
      const url = request.url;
      return reply.redirect(`${siteUrl}${url}`, 302);
    });
  }
}
