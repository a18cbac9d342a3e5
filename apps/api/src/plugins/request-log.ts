import type { FastifyRequest } from 'fastify';

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
