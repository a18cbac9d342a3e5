import type { ServerResponse } from 'node:http';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { describe, expect, it } from 'vitest';
import { registerSecurityHeaders, securityHeaders } from './security-headers.js';

const options: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", 'https://js.stripe.com'],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
  frameguard: { action: 'deny' },
  hsts: { maxAge: 31_536_000, includeSubDomains: true },
};

function withRoutes(app: FastifyInstance): FastifyInstance {
  app.get('/ok', () => ({ ok: true }));
  app.get('/boom', () => {
    throw new Error('boom');
  });
  return app;
}

/** helmet's middleware run on every request, as @fastify/helmet did before */
function perRequestHelmet(): FastifyInstance {
  const app = Fastify({ logger: false });
  app.addHook('onRequest', (request, reply, done) =>
    helmet(options)(request.raw, reply.raw, (err) => done(err as Error | undefined)),
  );
  return withRoutes(app);
}

function computedOnce(): FastifyInstance {
  const app = Fastify({ logger: false });
  registerSecurityHeaders(app, options);
  return withRoutes(app);
}

describe('security headers computed once', () => {
  it('are the headers helmet sets, with its values', () => {
    const headers = securityHeaders(options);
    expect(headers['Content-Security-Policy']).toBe(
      "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'none';img-src 'self' data:;object-src 'none';script-src 'self' https://js.stripe.com;script-src-attr 'none';style-src 'self' https: 'unsafe-inline'",
    );
    expect(headers['Strict-Transport-Security']).toBe('max-age=31536000; includeSubDomains');
    expect(headers['X-Frame-Options']).toBe('DENY');
    expect(headers).not.toHaveProperty('Cross-Origin-Embedder-Policy');
    expect(Object.isFrozen(headers)).toBe(true);
  });

  it.each(['/ok', '/missing', '/boom'])(
    '%s: the same headers, names and order as helmet run per request',
    async (url) => {
      const before = perRequestHelmet();
      const after = computedOnce();
      const [a, b] = await Promise.all([before.inject({ url }), after.inject({ url })]);
      expect(b.statusCode).toBe(a.statusCode);
      expect(b.body).toBe(a.body);
      // rawHeaders: the names as sent, in order (date differs by the clock only)
      const pairs = (raw: string[]) =>
        raw.flatMap((v, i) => (i % 2 === 0 && v.toLowerCase() !== 'date' ? [`${v}: ${raw[i + 1]}`] : []));
      expect(pairs(rawHeaders(b))).toEqual(pairs(rawHeaders(a)));
      expect(pairs(rawHeaders(b)).length).toBeGreaterThan(10);
      await Promise.all([before.close(), after.close()]);
    },
  );
});

/** name, value, name, value, ... with the names as sent */
function rawHeaders(res: LightMyRequestResponse): string[] {
  const sent = res.raw.res as ServerResponse & { getRawHeaderNames(): string[] };
  return sent.getRawHeaderNames().flatMap((name) => [name, String(sent.getHeader(name))]);
}
