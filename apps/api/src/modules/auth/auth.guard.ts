import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { messages } from '@caterway/domain';
import type { AppDeps } from '../../lib/deps.js';
import { AppError, forbidden } from '../../lib/errors.js';
import { createSessionsRepository } from './sessions.repository.js';
import { createSessionsService, notAuthorized, type SessionsService } from './sessions.service.js';

/**
 * Route guards for every module. Use as a preHandler:
 *
 *   r.get('/api/v2/order_history', { preHandler: requireUser(deps), schema }, async (request) =>
 *     service.history(authUser(request).id));
 *
 * - requireUser: a signed-in user whose session is live. 401 { error } otherwise: 'Not authorized'
 *   for a missing or forged token, the spec's inactivity message for a signed-out or expired
 *   session (browse-account-orders §4 Sessions: the client signs out on any 401).
 * - Confirmed only: the spec lets only confirmed users use settings, orders and favorites
 *   (browse-account-orders §6). Sign-in refuses unconfirmed accounts, so every session belongs to
 *   a confirmed user; requireUser still checks it (403 'Please confirm your email address.')
 *   so a guard never depends on how the session was made. Pass { confirmed: false } only for
 *   routes an unconfirmed account may use (none so far).
 * - requireStaff: requireUser plus role staff; other users get 403 { error: 'Not authorized' }.
 * - requireCreator: requireUser, or instead of the bearer token the admin token (sign-in's
 *   admin_token) in the X-Admin-Token header: for the group-order site's creator routes (the
 *   dashboard opens in a new tab, maybe on another host, with ?admin_token=...). The token
 *   works on no other route.
 * - optionalUser: sets request.user when an Authorization header is sent (and answers 401 when
 *   that token is no longer good, so the client learns it is signed out); anonymous otherwise.
 *
 * Each sets request.user = { id, role, session_id }. authUser(request) reads it in a handler.
 */
export interface AuthUser {
  id: number;
  role: 'customer' | 'staff';
  session_id: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    user?: AuthUser;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/** The sessions service the guards use, built from the app's dependencies. */
export function sessionsServiceFrom(deps: Pick<AppDeps, 'db' | 'clock' | 'jwtSecret' | 'config'>): SessionsService {
  return createSessionsService({
    sessions: createSessionsRepository(deps.db),
    clock: deps.clock,
    jwtSecret: deps.jwtSecret,
    idleMinutes: deps.config.sessionIdleMinutes,
    maxDays: deps.config.sessionMaxDays,
  });
}

type GuardDeps = Pick<AppDeps, 'db' | 'clock' | 'jwtSecret' | 'config'>;

async function authenticate(sessions: SessionsService, request: FastifyRequest, confirmedOnly: boolean): Promise<void> {
  const auth = await sessions.authenticate(bearerToken(request));
  if (confirmedOnly && !auth.confirmed) throw new AppError('forbidden', messages.confirmEmail);
  request.user = { id: auth.userId, role: auth.role, session_id: auth.session.id };
}

export function requireUser(deps: GuardDeps, options: { confirmed?: boolean } = {}): preHandlerAsyncHookHandler {
  const sessions = sessionsServiceFrom(deps);
  const confirmedOnly = options.confirmed !== false;
  return async function requireUserGuard(request: FastifyRequest, _reply: FastifyReply) {
    await authenticate(sessions, request, confirmedOnly);
  };
}

export function requireStaff(deps: GuardDeps): preHandlerAsyncHookHandler {
  const sessions = sessionsServiceFrom(deps);
  return async function requireStaffGuard(request: FastifyRequest, _reply: FastifyReply) {
    await authenticate(sessions, request, true);
    if (request.user?.role !== 'staff') throw forbidden(messages.notAuthorized);
  };
}

export const ADMIN_TOKEN_HEADER = 'x-admin-token';

export function requireCreator(deps: GuardDeps): preHandlerAsyncHookHandler {
  const sessions = sessionsServiceFrom(deps);
  return async function requireCreatorGuard(request: FastifyRequest, _reply: FastifyReply) {
    const adminToken = request.headers[ADMIN_TOKEN_HEADER];
    if (adminToken === undefined) return authenticate(sessions, request, true);
    if (request.headers.authorization !== undefined) {
      try {
        return await authenticate(sessions, request, true);
      } catch (err) {
        // an expired storefront session in the same browser: the dashboard's own token still counts
        if (!(err instanceof AppError) || err.code !== 'unauthorized') throw err;
      }
    }
    const auth = await sessions.authenticateDashboardToken(typeof adminToken === 'string' ? adminToken : undefined);
    if (!auth.confirmed) throw new AppError('forbidden', messages.confirmEmail);
    request.user = { id: auth.userId, role: auth.role, session_id: auth.session.id };
  };
}

export function optionalUser(deps: GuardDeps): preHandlerAsyncHookHandler {
  const sessions = sessionsServiceFrom(deps);
  return async function optionalUserGuard(request: FastifyRequest, _reply: FastifyReply) {
    if (request.headers.authorization === undefined) return;
    await authenticate(sessions, request, true);
  };
}

/** The signed-in user of a request behind requireUser/requireStaff. */
export function authUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw notAuthorized();
  return request.user;
}
