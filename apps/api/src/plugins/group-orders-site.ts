import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export interface GroupOrdersSiteOptions {
  /** the built site (apps/group-orders/dist) */
  distDir: string;
  /** its public base URL (config.groupOrdersUrl): share links and the storefront's links lead there */
  siteUrl: string;
  /** where this server mounts it: a path of the storefront's host ('/group-orders-site') … */
  basePath: string;
  /** … or, when the path is '' (the site's own host name in front of this server), that host */
  host: string | null;
}

/** A name too long for the file system (ENAMETOOLONG) is no file either, not a 500. */
function isFile(file: string): boolean {
  try {
    return fs.statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;
  } catch {
    return false;
  }
}

/** The site's own routes; the storefront links to them on its own origin too (redirected below). */
const SITE_ROUTES = ['/group-orders/:uuid', '/grouporder-dashboard/:creatorId', '/g/:shareToken'];

/**
 * Serves the group-order site (docs/decisions/011-group-order-site.md) beside the storefront,
 * under GROUP_ORDERS_URL's path (or on its own host name): hashed assets cached for a year,
 * index.html never cached and given a <base href> for the configured path (the build uses
 * relative asset URLs, so one build serves any GROUP_ORDERS_URL), every other path falls back
 * to the SPA.
 */
export async function registerGroupOrdersSite(app: FastifyInstance, options: GroupOrdersSiteOptions): Promise<void> {
  const { distDir, basePath, siteUrl, host } = options;
  const indexFile = path.join(distDir, 'index.html');
  const root = path.resolve(distDir);

  const sendIndex = (reply: FastifyReply) => {
    let html: string;
    try {
      // Read per request: a rebuild while the server runs is picked up (the file is small).
      html = fs.readFileSync(indexFile, 'utf8');
    } catch {
      return reply.status(404).send({ error: 'The group-order site is not built: run npm run build.' });
    }
    const withBase = html.replace(/<base href="[^"]*"\s*\/?>/, `<base href="${basePath}/" />`);
    return reply.header('cache-control', 'no-cache').type('text/html').send(withBase);
  };

  const serve = (request: FastifyRequest, reply: FastifyReply) => {
    const rel = (request.params as { '*'?: string })['*'] ?? ''; // already decoded by the router
    // the build manifest (.vite/manifest.json, read by the budget check) and any other dot-file
    // or dot-folder are for the server, not the public
    if (rel.split(/[\\/]/).some((segment) => segment.startsWith('.')))
      return reply.status(404).send({ error: 'Not found' });
    const file = path.resolve(root, rel);
    const inside = file.startsWith(root + path.sep);
    if (inside && path.basename(file) !== 'index.html' && isFile(file)) {
      const fromRoot = path.relative(root, file);
      if (fromRoot.startsWith(`assets${path.sep}`))
        return reply.sendFile(fromRoot, root, { maxAge: 31_536_000_000, immutable: true });
      return reply.header('cache-control', 'no-cache').sendFile(fromRoot, root, { cacheControl: false });
    }
    // a missing file stays a 404; any other path is a page of the SPA
    if (/\.[a-z0-9]{2,5}$/i.test(rel) && !rel.endsWith('index.html'))
      return reply.status(404).send({ error: 'Not found' });
    return sendIndex(reply);
  };

  const constraints = host ? { host } : undefined;
  await app.register(
    async (site) => {
      // reply.sendFile only; this plugin's routes below decide what is served
      // (their brotli or gzip copies from the build when the browser accepts them)
      await site.register(fastifyStatic, { root, serve: false, preCompressed: true });
      site.route({ method: ['GET', 'HEAD'], url: '/', constraints, schema: { hide: true }, handler: serve });
      site.route({ method: ['GET', 'HEAD'], url: '/*', constraints, schema: { hide: true }, handler: serve });
    },
    { prefix: basePath },
  );

  // The storefront's Create Group Order and its menu link to these paths on its own origin
  // (VITE_GROUP_ORDERS_URL unset): send them on to the site with their query intact.
  for (const route of SITE_ROUTES) {
    app.get(route, { schema: { hide: true } }, (request, reply) => reply.redirect(`${siteUrl}${request.url}`, 302));
    // on its own host name the same paths are the site's pages (a more specific route than '/*')
    if (constraints) app.get(route, { constraints, schema: { hide: true } }, (_request, reply) => sendIndex(reply));
  }
}
