import crypto from 'node:crypto';
import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import pino from 'pino';

// What the request log says about a request (docs/decisions/028): links that carry a secret
// (password reset, account confirmation, the group-order dashboard's admin token, a group's
// share link) must not leave it in log files, which are kept and read far more widely than the
// database. Query parameters named like a token or a secret, and the share token in a path, are
// replaced by [REDACTED]; the rest of the URL stays, so the log still says which page was asked.

const SECRET_PARAM = /token|secret|password|signature|code$/i;
/** paths whose segment after the prefix is a share token (API and both sites' /g/ links) */
const SECRET_SEGMENT = /(\/api\/v2\/group\/|(?:^|\/)g\/)[^/?#]+/g;
export const REDACTED = '[REDACTED]';

/** The URL with every secret it carries replaced by [REDACTED]. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const path = (q === -1 ? url : url.slice(0, q)).replace(SECRET_SEGMENT, `$1${REDACTED}`);
  if (q === -1) return path;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1) return pair;
      let name = pair.slice(0, eq);
      try {
        name = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        /* a malformed name is compared as sent */
      }
      return SECRET_PARAM.test(name) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

/** pino's serializer of `req` for Fastify's request log: Fastify's own fields, the URL redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Authorization headers and passwords are never logged; nor are the secrets links carry (above). */
const LOG_REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-admin-token"]',
  'req.headers["x-member-token"]',
  '*.password',
  '*.password_confirmation',
];

/**
 * The app's logger (bench/request-log.ts measures it): `false` for none; `dest` a file or file
 * descriptor to write to (default stdout); other options (tests: a stream) are merged.
 */
export function appLogging(
  level: string,
  options?: false | ({ dest?: string | number } & Record<string, unknown>),
): Pick<FastifyServerOptions, 'logger'> {
  if (options === false) return { logger: false };
  const { dest = 1, ...rest } = options ?? {};
  return {
    logger: {
      level,
      redact: LOG_REDACT,
      stream: pino.destination({ dest, sync: true }),
      ...rest,
      serializers: { req: serializeRequest },
    },
  };
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** A request's id: the caller's X-Request-Id when it looks like one, else a fresh UUID. */
export const requestIds = {
  requestIdHeader: 'x-request-id',
  genReqId: (req: { headers: Record<string, string | string[] | undefined> }) => {
    const incoming = req.headers['x-request-id'];
    return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
  },
} satisfies Pick<FastifyServerOptions, 'requestIdHeader' | 'genReqId'>;
