import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@caterway/domain';
import { createTestApp, type TestContext } from '../../../test/helpers.js';
import { fixedClock } from '../../lib/clock.js';
import { call, confirmedUser, randomIp, signIn, signUpBody, testGeocoder, uniqueEmail } from './auth.test-helpers.js';

const tooMany = { error: messages.tooManyAttempts };

describe('rate limits on sign-in, sign-up and password reset', () => {
  let ctx: TestContext;
  // 10:05 UTC: the hour window has 55 minutes left, the 15-minute window 10
  const clock = fixedClock(new Date('2026-05-04T10:05:00Z'));
  beforeAll(async () => {
    ctx = await createTestApp({ geocoder: testGeocoder, clock });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('refuses the 31st and later sign-in attempts on one account in an hour, from any IP, even with the right password', async () => {
    expect(ctx.deps.config.rateLimitAuthPerHour).toBe(30);
    const user = await confirmedUser(ctx.app, ctx.db);
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++) {
      const res = await signIn(ctx.app, i % 2 ? user.email : user.email.toUpperCase(), `Wrong${i}Password`, randomIp());
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json()).toEqual(tooMany);
        expect(res.headers['retry-after']).toBe(String(55 * 60));
      } else {
        expect(res.json()).toEqual({ error: messages.signInFailed });
      }
    }
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(30).every((s) => s === 429)).toBe(true);

    const right = await signIn(ctx.app, user.email, user.password, randomIp());
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual(tooMany);

    // other accounts are not affected
    const other = await confirmedUser(ctx.app, ctx.db);
    expect((await signIn(ctx.app, other.email, other.password)).statusCode).toBe(200);

    // the next hour starts a new window
    clock.advance(55 * 60_000);
    expect((await signIn(ctx.app, user.email, user.password)).statusCode).toBe(200);
  });

  it('limits one IP to 100 auth requests in 15 minutes across endpoints', async () => {
    clock.set(new Date('2026-05-04T12:01:00Z'));
    const ip = randomIp();
    for (let i = 0; i < 98; i++) {
      const res = await call(ctx.app, { method: 'POST', url: '/users/password.json', payload: { user: { email: uniqueEmail() } }, ip });
      expect(res.statusCode).toBe(200);
    }
    const resend = await call(ctx.app, { method: 'POST', url: '/api/v2/users/confirmation', payload: { user: { email: uniqueEmail() } }, ip });
    expect(resend.statusCode).toBe(200);
    const hundredth = await signIn(ctx.app, uniqueEmail(), 'Some1Password', ip);
    expect(hundredth.statusCode).toBe(401);

    const refused = [
      await signIn(ctx.app, uniqueEmail(), 'Some1Password', ip),
      await call(ctx.app, { method: 'POST', url: '/api/v2/users', payload: signUpBody(), ip }),
      await call(ctx.app, { method: 'POST', url: '/users/password.json', payload: { user: { email: uniqueEmail() } }, ip }),
      await call(ctx.app, { method: 'POST', url: '/api/v2/users/confirmation', payload: { user: { email: uniqueEmail() } }, ip }),
      await call(ctx.app, {
        method: 'PUT',
        url: '/api/v2/accounts/reset-password',
        payload: { user: { reset_password_token: 'x', password: 'NewLunch5', password_confirmation: 'NewLunch5' } },
        ip,
      }),
    ];
    for (const res of refused) {
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual(tooMany);
      expect(res.headers['retry-after']).toBe(String(14 * 60));
    }
    // another IP is not affected, and the limit lifts with the next window
    expect((await call(ctx.app, { method: 'POST', url: '/api/v2/users', payload: signUpBody() })).statusCode).toBe(201);
    clock.advance(14 * 60_000);
    const later = await call(ctx.app, { method: 'POST', url: '/users/password.json', payload: { user: { email: uniqueEmail() } }, ip });
    expect(later.statusCode).toBe(200);
  });
});

describe('rate limits through Redis (REDIS_URL)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({
      geocoder: testGeocoder,
      // a fixed clock keeps the four attempts inside one window whatever the time of the run
      clock: fixedClock(new Date('2026-05-04T10:05:00Z')),
      env: { REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', RATE_LIMIT_AUTH_PER_HOUR: '3' },
    });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('counts sign-in attempts in Redis, not in PostgreSQL', async () => {
    const user = await confirmedUser(ctx.app, ctx.db);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await signIn(ctx.app, user.email, 'Wrong1Password')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const right = await signIn(ctx.app, user.email, user.password);
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    const { rows } = await ctx.db.query('SELECT count(*)::int AS n FROM rate_limit_hits');
    expect(rows[0].n).toBe(0);
  });
});
