import Fastify, { type FastifyInstance } from 'fastify';
import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, nextOccurrenceEpochSeconds } from '@caterway/domain';
import { createTestApp, type TestContext } from '../../../test/helpers.js';
import { fixedClock } from '../../lib/clock.js';
import { registerErrorHandler } from '../../plugins/error-handler.js';
import { authUser, optionalUser, requireCreator, requireStaff, requireUser } from './auth.guard.js';
import {
  call,
  confirmedUser,
  signIn,
  signedInUser,
  signUpBody,
  testGeocoder,
  uniqueEmail,
  userIdOf,
} from './auth.test-helpers.js';

const notAuthorized = { error: 'Not authorized' };
const loggedOut = { error: messages.loggedOutInactivity };

describe('sign-in, current user, token exchange and sign-out', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ geocoder: testGeocoder });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('signs in a confirmed user with a JWT carrying the user and a server-side session', async () => {
    const user = await confirmedUser(ctx.app, ctx.db, { email: uniqueEmail('signin') });
    const res = await signIn(ctx.app, user.email.toUpperCase(), user.password);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toEqual({
      id: user.id,
      first_name: 'Dana',
      last_name: 'Morgan',
      email: user.email,
      confirmed: true,
      role: 'customer',
      admin_token: expect.any(String),
    });
    const claims = decodeJwt(body.jwt);
    expect(claims.sub).toBe(String(user.id));
    const { rows } = await ctx.db.query('SELECT * FROM sessions WHERE id = $1', [claims.sid]);
    expect(rows).toHaveLength(1);
    expect(rows[0].user_id).toBe(user.id);
    expect(rows[0].revoked_at).toBeNull();
    // the JWT ends with the session's absolute age (SESSION_MAX_DAYS, 30 by default)
    expect(claims.exp).toBe(Math.floor(rows[0].expires_at.getTime() / 1000));
    expect(rows[0].expires_at.getTime() - rows[0].created_at.getTime()).toBe(30 * 24 * 3600_000);
  });

  it('refuses a wrong password and an unknown email with the same answer', async () => {
    const user = await confirmedUser(ctx.app, ctx.db);
    const wrong = await signIn(ctx.app, user.email, 'Wrong4Password');
    const unknown = await signIn(ctx.app, uniqueEmail('nobody'), user.password);
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: messages.signInFailed });
    }
  });

  it('does not sign in an unconfirmed account and opens no session', async () => {
    const body = signUpBody();
    expect((await call(ctx.app, { method: 'POST', url: '/api/v2/users', payload: body })).statusCode).toBe(201);
    const res = await signIn(ctx.app, body.user.email, body.user.password);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: messages.confirmEmail });
    const { rows } = await ctx.db.query('SELECT count(*)::int AS n FROM sessions WHERE user_id = $1', [
      await userIdOf(ctx.db, body.user.email),
    ]);
    expect(rows[0].n).toBe(0);
  });

  it('validates the sign-in body', async () => {
    const res = await call(ctx.app, {
      method: 'POST',
      url: '/user_token',
      payload: { auth: { email: 'x', password: '' } },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().messages).toEqual([messages.invalidEmail, `Password: ${messages.required}`]);
  });

  it('answers the profile of the signed-in user', async () => {
    const user = await signedInUser(ctx.app, ctx.db);
    const res = await call(ctx.app, { method: 'GET', url: '/api/v2/current', token: user.jwt });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toEqual({
      id: user.id,
      first_name: 'Dana',
      last_name: 'Morgan',
      email: user.email,
      confirmed: true,
      role: 'customer',
      admin_token: null,
      phone: '416-555-0101',
      company_name: 'Northwind Consulting',
      address1: '100 King St W',
      address2: 'Suite 500',
      city: 'Toronto',
      province: 'ON',
      zip: 'M5X 1A9',
      country: 'CA',
      latitude: 43.6487,
      longitude: -79.3817,
      about_me: '',
      default_delivery_instructions: '',
      favorite_cousine_types: [],
      dietary_types: [],
      go_name: '',
      go_head_count: 10,
      go_budget_cents: 2000,
      go_gap_days: 1,
      // epoch seconds of the next 5:00 PM and 11:30 AM in Toronto (spec defaults; browse-account-orders §3, §9)
      go_cutoff_time: nextOccurrenceEpochSeconds(17 * 3600, 'America/Toronto', new Date()),
      go_delivery_time: nextOccurrenceEpochSeconds(11 * 3600 + 30 * 60, 'America/Toronto', new Date()),
    });
  });

  it("answers 'Not authorized' without a token, with a garbage token or a forged one", async () => {
    const forged = await new SignJWT({ sid: '00000000-0000-4000-8000-000000000000' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    for (const token of [undefined, 'garbage', forged]) {
      for (const url of ['/api/v2/current', '/api/auth/token', '/api/v2/session']) {
        const res = await call(ctx.app, { method: 'GET', url, token });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual(notAuthorized);
      }
    }
    const basic = await call(ctx.app, {
      method: 'GET',
      url: '/api/v2/current',
      headers: { authorization: 'Basic abc' },
    });
    expect(basic.json()).toEqual(notAuthorized);
  });

  it('exchanges a token for a fresh one of the same session', async () => {
    const user = await signedInUser(ctx.app, ctx.db);
    const res = await call(ctx.app, { method: 'GET', url: '/api/auth/token', token: user.jwt });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({ id: user.id, email: user.email, confirmed: true });
    expect(decodeJwt(body.jwt).sid).toBe(decodeJwt(user.jwt).sid);
    const current = await call(ctx.app, { method: 'GET', url: '/api/v2/current', token: body.jwt });
    expect(current.statusCode).toBe(200);
  });

  it("refuses a staff session and the group-order admin token at the exchange (a link's ?token=, decision 030)", async () => {
    const user = await confirmedUser(ctx.app, ctx.db);
    const signedIn = (await signIn(ctx.app, user.email, user.password)).json();
    const adminToken = await call(ctx.app, { method: 'GET', url: '/api/auth/token', token: signedIn.user.admin_token });
    expect([adminToken.statusCode, adminToken.json()]).toEqual([401, notAuthorized]);
    await ctx.db.query("UPDATE users SET role = 'staff' WHERE id = $1", [signedIn.user.id]);
    const staff = await call(ctx.app, { method: 'GET', url: '/api/auth/token', token: signedIn.jwt });
    expect([staff.statusCode, staff.json()]).toEqual([403, notAuthorized]);
    // the session itself still works where staff may go
    expect((await call(ctx.app, { method: 'GET', url: '/api/v2/current', token: signedIn.jwt })).statusCode).toBe(200);
  });

  it('answers the session check', async () => {
    const user = await signedInUser(ctx.app, ctx.db);
    const res = await call(ctx.app, { method: 'GET', url: '/api/v2/session', token: user.jwt });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.active).toBe(true);
    const idle = new Date(body.idle_expires_at).getTime();
    const expires = new Date(body.expires_at).getTime();
    expect(idle).toBeGreaterThan(Date.now() + 119 * 60_000);
    expect(idle).toBeLessThanOrEqual(Date.now() + 120 * 60_000);
    expect(expires).toBeGreaterThan(Date.now() + 29 * 24 * 3600_000);
  });

  it('signs out: the token stops working at once, everywhere', async () => {
    const user = await signedInUser(ctx.app, ctx.db);
    const exchanged = (await call(ctx.app, { method: 'GET', url: '/api/auth/token', token: user.jwt })).json().jwt;
    const out = await call(ctx.app, { method: 'DELETE', url: '/user_token', token: user.jwt });
    expect(out.statusCode).toBe(204);
    expect(out.body).toBe('');
    for (const token of [user.jwt, exchanged]) {
      for (const url of ['/api/v2/current', '/api/auth/token', '/api/v2/session']) {
        const res = await call(ctx.app, { method: 'GET', url, token });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual(loggedOut);
      }
    }
    const again = await call(ctx.app, { method: 'DELETE', url: '/user_token', token: user.jwt });
    expect(again.statusCode).toBe(401);
    const { rows } = await ctx.db.query('SELECT revoked_at FROM sessions WHERE id = $1', [decodeJwt(user.jwt).sid]);
    expect(rows[0].revoked_at).toBeInstanceOf(Date);
  });

  it('keeps other sessions of the same user when one signs out', async () => {
    const user = await signedInUser(ctx.app, ctx.db);
    const second = (await signIn(ctx.app, user.email, user.password)).json().jwt;
    await call(ctx.app, { method: 'DELETE', url: '/user_token', token: user.jwt });
    expect((await call(ctx.app, { method: 'GET', url: '/api/v2/current', token: second })).statusCode).toBe(200);
  });
});

describe('session expiry', () => {
  let ctx: TestContext;
  const clock = fixedClock(new Date('2026-02-10T14:00:00Z'));
  const minutes = (n: number) => n * 60_000;
  beforeAll(async () => {
    ctx = await createTestApp({
      geocoder: testGeocoder,
      clock,
      env: { SESSION_IDLE_MINUTES: '120', SESSION_MAX_DAYS: '2' },
    });
  });
  afterAll(async () => {
    await ctx.close();
  });
  const current = (token: string) => call(ctx.app, { method: 'GET', url: '/api/v2/current', token });

  it('signs out a session left idle longer than the idle limit', async () => {
    const user = await signedInUser(ctx.app, ctx.db);
    clock.advance(minutes(119));
    expect((await current(user.jwt)).statusCode).toBe(200);
    clock.advance(minutes(120) + 1000);
    const res = await current(user.jwt);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(loggedOut);
  });

  it('keeps an active session alive, but the session check does not count as activity', async () => {
    const user = await signedInUser(ctx.app, ctx.db);
    for (let i = 0; i < 3; i++) {
      clock.advance(minutes(100));
      expect((await current(user.jwt)).statusCode).toBe(200);
    }
    const status = (await call(ctx.app, { method: 'GET', url: '/api/v2/session', token: user.jwt })).json();
    expect(status.idle_expires_at).toBe(new Date(clock.now().getTime() + minutes(120)).toISOString());
    clock.advance(minutes(100));
    expect((await call(ctx.app, { method: 'GET', url: '/api/v2/session', token: user.jwt })).statusCode).toBe(200);
    clock.advance(minutes(21));
    const res = await call(ctx.app, { method: 'GET', url: '/api/v2/session', token: user.jwt });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(loggedOut);
  });

  it('writes last_seen_at at most once a minute', async () => {
    const user = await signedInUser(ctx.app, ctx.db);
    const sid = decodeJwt(user.jwt).sid;
    const seen = async () =>
      (await ctx.db.query('SELECT last_seen_at FROM sessions WHERE id = $1', [sid])).rows[0].last_seen_at.getTime();
    const start = await seen();
    clock.advance(30_000);
    await current(user.jwt);
    expect(await seen()).toBe(start);
    clock.advance(30_000);
    await current(user.jwt);
    expect(await seen()).toBe(start + 60_000);
  });

  it('ends every session at its absolute age, however active', async () => {
    const user = await signedInUser(ctx.app, ctx.db);
    for (let i = 0; i < 47; i++) {
      clock.advance(minutes(60));
      expect((await current(user.jwt)).statusCode).toBe(200);
    }
    clock.advance(minutes(60));
    const res = await current(user.jwt);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(loggedOut);
  });
});

describe('auth guards', () => {
  let ctx: TestContext;
  let guarded: FastifyInstance;
  beforeAll(async () => {
    ctx = await createTestApp({ geocoder: testGeocoder });
    guarded = Fastify({ logger: false });
    registerErrorHandler(guarded);
    guarded.get('/user', { preHandler: requireUser(ctx.deps) }, (request) => authUser(request));
    guarded.get('/staff', { preHandler: requireStaff(ctx.deps) }, (request) => authUser(request));
    guarded.get('/maybe', { preHandler: optionalUser(ctx.deps) }, (request) => ({ user: request.user ?? null }));
    guarded.get('/creator', { preHandler: requireCreator(ctx.deps) }, (request) => authUser(request));
    await guarded.ready();
  });
  afterAll(async () => {
    await guarded.close();
    await ctx.close();
  });

  it('sets request.user for a signed-in user and refuses staff routes to customers', async () => {
    const user = await signedInUser(ctx.app, ctx.db);
    const sid = decodeJwt(user.jwt).sid;
    const ok = await call(guarded, { method: 'GET', url: '/user', token: user.jwt });
    expect(ok.json()).toEqual({ id: user.id, role: 'customer', session_id: sid });
    const staff = await call(guarded, { method: 'GET', url: '/staff', token: user.jwt });
    expect(staff.statusCode).toBe(403);
    expect(staff.json()).toEqual(notAuthorized);
    expect((await call(guarded, { method: 'GET', url: '/staff' })).statusCode).toBe(401);
  });

  it('lets staff through the staff guard', async () => {
    const user = await signedInUser(ctx.app, ctx.db);
    await ctx.db.query("UPDATE users SET role = 'staff' WHERE id = $1", [user.id]);
    const res = await call(guarded, { method: 'GET', url: '/staff', token: user.jwt });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, role: 'staff' });
  });

  it('refuses a session whose account is no longer confirmed', async () => {
    const user = await signedInUser(ctx.app, ctx.db);
    await ctx.db.query('UPDATE users SET confirmed_at = NULL WHERE id = $1', [user.id]);
    const res = await call(guarded, { method: 'GET', url: '/user', token: user.jwt });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: messages.confirmEmail });
  });

  it('optionalUser: anonymous without a header, the user with one, 401 for a dead token', async () => {
    expect((await call(guarded, { method: 'GET', url: '/maybe' })).json()).toEqual({ user: null });
    const user = await signedInUser(ctx.app, ctx.db);
    expect((await call(guarded, { method: 'GET', url: '/maybe', token: user.jwt })).json().user.id).toBe(user.id);
    await call(ctx.app, { method: 'DELETE', url: '/user_token', token: user.jwt });
    const dead = await call(guarded, { method: 'GET', url: '/maybe', token: user.jwt });
    expect(dead.statusCode).toBe(401);
    expect(dead.json()).toEqual(loggedOut);
  });

  describe('the admin token (sign-in admin_token): the group-order dashboard key', () => {
    const asCreator = (adminToken: string) =>
      call(guarded, { method: 'GET', url: '/creator', headers: { 'x-admin-token': adminToken } });

    it('opens the creator routes for its session, and only those', async () => {
      const user = await confirmedUser(ctx.app, ctx.db);
      const signedIn = (await signIn(ctx.app, user.email, user.password)).json();
      const adminToken: string = signedIn.user.admin_token;
      const sid = decodeJwt(signedIn.jwt).sid;
      const claims = decodeJwt(adminToken);
      expect(claims).toMatchObject({ sub: String(user.id), sid, aud: 'caterway:grouporder-dashboard' });
      // it ends with the session's absolute age
      expect(claims.exp).toBe(decodeJwt(signedIn.jwt).exp);
      expect((await asCreator(adminToken)).json()).toEqual({ id: user.id, role: 'customer', session_id: sid });
      // the bearer JWT works there too
      expect((await call(guarded, { method: 'GET', url: '/creator', token: signedIn.jwt })).json().id).toBe(user.id);
      // never as a bearer token: not on the creator route, not anywhere else
      for (const url of ['/creator', '/user']) {
        const res = await call(guarded, { method: 'GET', url, token: adminToken });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual(notAuthorized);
      }
      expect((await call(ctx.app, { method: 'GET', url: '/api/v2/current', token: adminToken })).statusCode).toBe(401);
      // and a session JWT is no admin token
      expect((await asCreator(signedIn.jwt)).json()).toEqual(notAuthorized);
    });

    it('is refused when forged, missing or signed with the session key', async () => {
      const user = await signedInUser(ctx.app, ctx.db);
      const sid = decodeJwt(user.jwt).sid as string;
      const forged = await new SignJWT({ sid })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(user.id))
        .setAudience('caterway:grouporder-dashboard')
        .setExpirationTime('1h')
        .sign(ctx.deps.jwtSecret);
      for (const token of [forged, 'not-a-token', '']) {
        const res = await asCreator(token);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual(notAuthorized);
      }
      expect((await call(guarded, { method: 'GET', url: '/creator' })).statusCode).toBe(401);
    });

    it('ends with its session: sign-out logs the dashboard out too', async () => {
      const user = await confirmedUser(ctx.app, ctx.db);
      const signedIn = (await signIn(ctx.app, user.email, user.password)).json();
      expect((await asCreator(signedIn.user.admin_token)).statusCode).toBe(200);
      await call(ctx.app, { method: 'DELETE', url: '/user_token', token: signedIn.jwt });
      const res = await asCreator(signedIn.user.admin_token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(loggedOut);
    });

    it('is issued again with the exchanged token, for the same session', async () => {
      const user = await confirmedUser(ctx.app, ctx.db);
      const signedIn = (await signIn(ctx.app, user.email, user.password)).json();
      const exchanged = (await call(ctx.app, { method: 'GET', url: '/api/auth/token', token: signedIn.jwt })).json();
      expect(decodeJwt(exchanged.user.admin_token).sid).toBe(decodeJwt(signedIn.jwt).sid);
      expect((await asCreator(exchanged.user.admin_token)).json().id).toBe(user.id);
    });
  });
});
