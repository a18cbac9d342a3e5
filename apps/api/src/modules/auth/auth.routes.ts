import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  confirmationQuerySchema,
  currentUserResponseSchema,
  errorResponses,
  okBodySchema,
  passwordResetBodySchema,
  passwordResetRequestBodySchema,
  passwordResetRequestErrorResponses,
  resendConfirmationBodySchema,
  sessionStatusResponseSchema,
  signInBodySchema,
  signInResponseSchema,
  signUpBodySchema,
  signUpResponseSchema,
  tokenExchangeResponseSchema,
} from '@caterway/contracts';
import { withTransaction } from '../../db/pool.js';
import type { AppDeps } from '../../lib/deps.js';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords.js';
import { createRateLimiter } from '../../lib/rate-limit.js';
import { authUser, bearerToken, requireUser, sessionsServiceFrom } from './auth.guard.js';
import { createAuthService, defaultAuthLimits, type RequestMeta } from './auth.service.js';
import { createUserTokensRepository } from './user-tokens.repository.js';
import { createUsersRepository } from './users.repository.js';

// Accounts and sessions (spec: browse-account-orders §4 Sessions, §6, §7 and §8; the paths
// user_token, api/auth/token, api/v2/current and users/password.json are the spec's).
const tags = ['auth'];
const bearer = [{ bearerAuth: [] }];

const meta = (request: FastifyRequest): RequestMeta => ({
  ip: request.ip,
  userAgent: String(request.headers['user-agent'] ?? ''),
});

export function authRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limiter = createRateLimiter({
    redisUrl: deps.config.redisUrl,
    redisKeyPrefix: deps.config.redisKeyPrefix,
    db: deps.db,
    clock: deps.clock,
    log: app.log,
  });
  app.addHook('onClose', async () => {
    await limiter.close?.();
  });
  const service = createAuthService({
    users: createUsersRepository(deps.db),
    tokens: createUserTokensRepository(deps.db),
    sessions: sessionsServiceFrom(deps),
    transaction: (fn) => withTransaction(deps.db, fn),
    passwords: { hash: hashPassword, verify: verifyPassword, dummyHash: dummyPasswordHash },
    mailer: deps.mailer,
    geocoder: deps.geocoder,
    limiter,
    limits: defaultAuthLimits(deps.config.signInBackoffAfter),
    clock: deps.clock,
    publicUrl: deps.config.publicUrl,
    log: app.log,
  });

  r.post(
    '/api/v2/users',
    {
      schema: {
        tags,
        summary: 'Sign up; emails a confirmation link (the same answer whether or not the email is registered)',
        body: signUpBodySchema,
        response: { 201: signUpResponseSchema, 422: errorResponses[422], 429: errorResponses[429] },
      },
    },
    async (request, reply) => {
      return reply.status(201).send(await service.signUp(request.body.user, meta(request)));
    },
  );

  r.get(
    '/api/v2/users/confirmation',
    {
      schema: {
        tags,
        summary: 'The emailed confirmation link; redirects to /confirmation?confirmed=ok|failed',
        querystring: confirmationQuerySchema,
        response: { 302: z.null().describe('Redirect (no body) to /confirmation?confirmed=ok|failed') },
      },
    },
    async (request, reply) => reply.redirect(await service.confirm(request.query.confirmation_token), 302),
  );

  r.post(
    '/api/v2/users/confirmation',
    {
      schema: {
        tags,
        summary: 'Send the confirmation link again (same answer for any email)',
        body: resendConfirmationBodySchema,
        response: { 200: okBodySchema, 422: errorResponses[422], 429: errorResponses[429] },
      },
    },
    async (request) => service.resendConfirmation(request.body.user.email, meta(request)),
  );

  r.post(
    '/user_token',
    {
      schema: {
        tags,
        summary: 'Sign in',
        body: signInBodySchema,
        response: {
          200: signInResponseSchema,
          401: errorResponses[401],
          403: errorResponses[403],
          422: errorResponses[422],
          429: errorResponses[429],
        },
      },
    },
    async (request) => service.signIn(request.body.auth, meta(request)),
  );

  r.delete(
    '/user_token',
    {
      schema: {
        tags,
        summary: 'Sign out: revokes the session of the bearer token',
        security: bearer,
        response: { 204: z.null().describe('Signed out'), 401: errorResponses[401] },
      },
    },
    async (request, reply) => {
      await service.signOut(bearerToken(request));
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/api/v2/current',
    {
      preHandler: requireUser(deps),
      schema: {
        tags,
        summary: 'The signed-in user profile',
        security: bearer,
        response: { 200: currentUserResponseSchema, 401: errorResponses[401], 403: errorResponses[403] },
      },
    },
    async (request) => ({ user: await service.current(authUser(request).id) }),
  );

  r.get(
    '/api/auth/token',
    {
      schema: {
        tags,
        summary: 'Token exchange: a fresh JWT for the session of the bearer token',
        security: bearer,
        response: { 200: tokenExchangeResponseSchema, 401: errorResponses[401], 403: errorResponses[403] },
      },
    },
    async (request) => service.exchangeToken(bearerToken(request)),
  );

  r.get(
    '/api/v2/session',
    {
      schema: {
        tags,
        summary: 'Session check (does not count as activity)',
        security: bearer,
        response: { 200: sessionStatusResponseSchema, 401: errorResponses[401] },
      },
    },
    async (request) => service.sessionStatus(bearerToken(request)),
  );

  r.post(
    '/users/password.json',
    {
      schema: {
        tags,
        summary: 'Request a password reset link (same answer for any email)',
        body: passwordResetRequestBodySchema,
        response: { 200: okBodySchema, ...passwordResetRequestErrorResponses },
      },
      config: { errorMessageKey: true },
    },
    async (request) => service.requestPasswordReset(request.body.user.email, meta(request)),
  );

  r.put(
    '/api/v2/accounts/reset-password',
    {
      schema: {
        tags,
        summary: 'Set a new password with the emailed reset token',
        body: passwordResetBodySchema,
        response: { 200: okBodySchema, 422: errorResponses[422], 429: errorResponses[429] },
      },
    },
    async (request) =>
      service.resetPassword(
        { token: request.body.user.reset_password_token, password: request.body.user.password },
        meta(request),
      ),
  );
}
