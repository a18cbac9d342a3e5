import crypto from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { messages } from '@caterway/domain';
import type { Queryable } from '../../db/pool.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { SessionRow, SessionsRepository, SessionWithUser } from './sessions.repository.js';

// Server-side sessions behind a JWT (ARCHITECTURE.md, HTTP API): the token carries the user
// (sub) and the session (sid); the row decides whether it still counts. Sign-out revokes the
// row, inactivity (last_seen_at + idle minutes) and the absolute age (expires_at) end it.

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** last_seen_at is written at most once a minute, not on every request. */
const TOUCH_EVERY_MS = MINUTE;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The admin token (sign-in's admin_token, ordering-payments §2): the storefront opens the
 * group-order dashboard in a new tab, maybe on another host, with it in the URL. It is a JWT
 * for the same session, so it ends with it (sign-out, idle, absolute age), but signed with a key
 * derived for this one purpose and with its own audience: a URL that leaks (history, logs)
 * opens the group-order creator routes only, and never passes as a session bearer token.
 */
const DASHBOARD_AUDIENCE = 'caterway:grouporder-dashboard';
const dashboardKeyOf = (jwtSecret: Uint8Array) =>
  new Uint8Array(crypto.createHmac('sha256', jwtSecret).update('caterway admin token v1').digest());

/**
 * The HS256 verification key, imported once: given raw bytes, jose imports a CryptoKey on every
 * verify, which was ~2 ms of CPU per authenticated request (decision 017).
 */
type CryptoKey = crypto.webcrypto.CryptoKey;

function verifyKeyOf(secret: Uint8Array): () => Promise<CryptoKey> {
  let key: Promise<CryptoKey> | undefined;
  return () =>
    (key ??= crypto.webcrypto.subtle.importKey(
      'raw',
      new Uint8Array(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['verify'],
    ));
}

export interface AuthenticatedSession {
  userId: number;
  role: 'customer' | 'staff';
  confirmed: boolean;
  session: SessionRow;
}

export interface SessionsServiceDeps {
  sessions: SessionsRepository;
  clock: Clock;
  jwtSecret: Uint8Array;
  idleMinutes: number;
  maxDays: number;
}

export const loggedOut = () => new AppError('unauthorized', messages.loggedOutInactivity);
export const notAuthorized = () => new AppError('unauthorized', messages.notAuthorized);

export function createSessionsService({ sessions, clock, jwtSecret, idleMinutes, maxDays }: SessionsServiceDeps) {
  const idleMs = idleMinutes * MINUTE;
  const dashboardKey = dashboardKeyOf(jwtSecret);
  const sessionVerifyKey = verifyKeyOf(jwtSecret);
  const dashboardVerifyKey = verifyKeyOf(dashboardKey);

  function sign(userId: number, session: SessionRow): Promise<string> {
    return new SignJWT({ sid: session.id })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(userId))
      .setIssuedAt(Math.floor(clock.now().getTime() / 1000))
      .setExpirationTime(Math.floor(session.expires_at.getTime() / 1000))
      .sign(jwtSecret);
  }

  function idleExpiresAt(session: SessionRow): Date {
    return new Date(session.last_seen_at.getTime() + idleMs);
  }

  function isLive(session: SessionRow, now: Date): boolean {
    return session.revoked_at === null && session.expires_at > now && idleExpiresAt(session) > now;
  }

  async function claimsOf(
    token: string,
    verifyKey: () => Promise<CryptoKey>,
    audience?: string,
  ): Promise<{ userId: number; sid: string }> {
    let sub: string | undefined;
    let sid: unknown;
    try {
      const { payload } = await jwtVerify(token, await verifyKey(), {
        algorithms: ['HS256'],
        currentDate: clock.now(),
        ...(audience ? { audience } : {}),
      });
      // a session token never carries an audience; an admin token always does
      if (!audience && payload.aud !== undefined) throw notAuthorized();
      sub = payload.sub;
      sid = payload.sid;
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired) throw loggedOut();
      throw notAuthorized();
    }
    const userId = Number(sub);
    if (!Number.isSafeInteger(userId) || typeof sid !== 'string' || !UUID.test(sid)) throw notAuthorized();
    return { userId, sid };
  }

  async function liveSession(
    { userId, sid }: { userId: number; sid: string },
    options: { touch?: boolean },
  ): Promise<AuthenticatedSession> {
    const now = clock.now();
    const session: SessionWithUser | undefined = await sessions.findWithUser(sid);
    if (!session || session.user_id !== userId) throw loggedOut();
    if (!isLive(session, now)) throw loggedOut();
    if (options.touch !== false && now.getTime() - session.last_seen_at.getTime() >= TOUCH_EVERY_MS) {
      await sessions.updateLastSeen(session.id, now);
      session.last_seen_at = now;
    }
    return { userId, role: session.role, confirmed: session.confirmed_at !== null, session };
  }

  return {
    /** Opens a session for a signed-in user and answers its JWT. */
    async start(
      userId: number,
      meta: { userAgent: string; ip: string },
    ): Promise<{ jwt: string; session: SessionRow }> {
      const now = clock.now();
      await sessions.deleteEndedForUser(userId, new Date(now.getTime() - DAY));
      const session = await sessions.insert({
        userId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + maxDays * DAY),
        userAgent: meta.userAgent,
        ip: meta.ip,
      });
      return { jwt: await sign(userId, session), session };
    },

    /**
     * Checks a bearer token and its session. Missing or forged tokens answer 'Not authorized';
     * a real token whose session was signed out, idle too long or too old answers the spec's
     * inactivity message (browse-account-orders §4 Sessions: any 401 signs the client out).
     * touch=false checks without counting as activity (the session check endpoint).
     */
    async authenticate(token: string | undefined, options: { touch?: boolean } = {}): Promise<AuthenticatedSession> {
      if (!token) throw notAuthorized();
      return liveSession(await claimsOf(token, sessionVerifyKey), options);
    },

    /** The admin token of a session (the group-order dashboard's key): ends with the session. */
    issueDashboardToken(userId: number, session: SessionRow): Promise<string> {
      return new SignJWT({ sid: session.id })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setAudience(DASHBOARD_AUDIENCE)
        .setIssuedAt(Math.floor(clock.now().getTime() / 1000))
        .setExpirationTime(Math.floor(session.expires_at.getTime() / 1000))
        .sign(dashboardKey);
    },

    /** Checks an admin token like a bearer token: forged 'Not authorized', ended session logged out. */
    async authenticateDashboardToken(token: string | undefined): Promise<AuthenticatedSession> {
      if (!token) throw notAuthorized();
      return liveSession(await claimsOf(token, dashboardVerifyKey, DASHBOARD_AUDIENCE), {});
    },

    /** A fresh JWT for the same session (token exchange). */
    reissue(userId: number, session: SessionRow): Promise<string> {
      return sign(userId, session);
    },

    async revoke(sessionId: string): Promise<void> {
      await sessions.revoke(sessionId, clock.now());
    },

    /** Signs a user out everywhere (after a password reset). */
    async revokeAllForUser(userId: number, tx?: Queryable): Promise<void> {
      await sessions.revokeAllForUser(userId, clock.now(), tx);
    },

    status(session: SessionRow): { active: true; expires_at: string; idle_expires_at: string } {
      const idle = idleExpiresAt(session);
      return {
        active: true,
        expires_at: session.expires_at.toISOString(),
        // the session cannot outlive its absolute end, however active the user is
        idle_expires_at: (idle < session.expires_at ? idle : session.expires_at).toISOString(),
      };
    },
  };
}
export type SessionsService = ReturnType<typeof createSessionsService>;
