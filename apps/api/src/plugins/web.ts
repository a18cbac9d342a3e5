import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/**
 * Serves the built storefront: hashed assets cached for a year, index.html never cached,
 * and every non-API path falls back to the SPA (which shows /not-found for unknown routes).
 */
const API_PATH = /^\/(api|user_token|users|messages)(\/|\?|\.|$)/;

export async function registerWeb(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: true, // files built after start are served too; misses fall to the SPA below
      index: ['index.html'],
      // API paths (an over-long id skips its route) and absurd names are never files: 404 below
      allowedPath: (pathName) => !API_PATH.test(pathName) && pathName.length <= 1024,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else {
          res.header('cache-control', 'no-cache');
        }
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    const isApi = API_PATH.test(url);
    if (isApi || request.method !== 'GET' || !hasWeb) {
      return reply.status(404).send({ error: 'Not found' });
    }
    if (/\.[a-z0-9]{2,5}$/i.test(url.split('?')[0] ?? '')) {
      return reply.status(404).send({ error: 'Not found' });
    }
    return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
  });
}
