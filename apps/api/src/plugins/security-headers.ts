import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

// Security headers on every response (docs/decisions/016), set in one step (decision 018,
// addendum): @fastify/helmet called helmet(options) on every request, which parsed the whole
// policy again and set each header on its own (~0.05 ms a request, a fifth of a cached catalogue
// read's server time). None of these headers depends on the request (no nonces, no per-request
// directives), so helmet's middleware runs once here against a stand-in response and its headers
// are kept; each request gets them from one onRequest hook, where helmet's hook ran: routes,
// static files, 404s, errors and 429s alike, and swagger UI's own policy still replaces the CSP
// on its pages in its onSend hook. They are set on the raw response as helmet set them, so the
// bytes on the wire are the same (names in helmet's case; `reply.headers` would lowercase them,
// for no CPU measurably saved).

/** The headers helmet sets with these options, by name as it sends them. */
export function securityHeaders(options: Readonly<HelmetOptions>): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number) {
      headers[name] = String(value);
    },
    // helmet drops X-Powered-By, which Fastify never sets
    removeHeader(name: string) {
      if (name.toLowerCase() !== 'x-powered-by') throw new Error(`security headers: helmet removes ${name}`);
    },
  };
  let finished = false;
  helmet(options)({} as never, recorder as never, (err?: unknown) => {
    if (err) throw err instanceof Error ? err : new Error('security headers: helmet failed', { cause: err });
    finished = true;
  });
  // every middleware of helmet 8 is synchronous; a request-dependent one would not be safe to keep
  if (!finished) throw new Error('security headers: helmet did not finish synchronously');
  return Object.freeze(headers);
}

/** Adds the headers to every response from an onRequest hook. */
export function registerSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>): void {
  const headers = Object.entries(securityHeaders(options));
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
