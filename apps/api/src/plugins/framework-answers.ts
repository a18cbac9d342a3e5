import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { errorBodySchema, messagesBodySchema } from '@caterway/contracts';
import { validationFailed } from '../lib/errors.js';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The answers the framework and the error handler give on any route, added to each route's
 * documented responses (a route's own entry wins): a body that is not JSON (400), too large
 * (413) or of another type (415) where a body is read, a parameter, query or body the schema
 * refuses (422), a path parameter past the router's length (414), the database unreachable
 * (503). Route-specific answers (401, 403, 404, 409, 429, ...) stay in the route definitions.
 * docs/decisions/015-openapi-fuzzing.md
 */
export function registerFrameworkAnswers(app: FastifyInstance): void {
  documentFrameworkErrors(app);
  // PostgreSQL text cannot hold U+0000: refused here, before it reaches a query and fails there
  app.addHook('preValidation', (request, _reply, done) => {
    if (hasNul(request.params) || hasNul(request.query) || hasNul(request.body)) done(validationFailed([NUL_MESSAGE]));
    else done();
  });
}

export const NUL_MESSAGE = 'Text cannot contain the NUL character (\\u0000).';

function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || !value || typeof value !== 'object') return false;
  for (const [key, v] of Object.entries(value)) if (key.includes('\u0000') || hasNul(v, depth + 1)) return true;
  return false;
}

function documentFrameworkErrors(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const schema = route.schema as
      (RouteOptions['schema'] & { hide?: boolean; response?: Record<string, unknown> }) | undefined;
    if (!schema || schema.hide) return;
    const added: Record<number, unknown> = {};
    const methods = [route.method].flat().map(String);
    if (methods.some((m) => BODY_METHODS.has(m)))
      Object.assign(added, { 400: errorBodySchema, 413: errorBodySchema, 415: errorBodySchema });
    if (schema.body || schema.querystring || schema.params || schema.headers) added[422] = messagesBodySchema;
    if (route.url.includes(':')) added[414] = errorBodySchema;
    added[503] = errorBodySchema;
    // a copy: route modules share response objects between routes
    route.schema = { ...schema, response: { ...added, ...(schema.response ?? {}) } };
  });
}

/** Router-level failures (a malformed or over-long path), answered like every other error. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.status(414).send({ error: 'The address is too long.' });
    return;
  }
  void reply.status(400).send({ error: 'The address is not valid.' });
}
