import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@caterway/domain';
import { createTestApp, type TestContext } from '../../../test/helpers.js';
import { fixedClock } from '../../lib/clock.js';
import { call, confirmedUser, randomIp, signIn, signUpBody, testGeocoder, uniqueEmail } from './auth.test-helpers.js';

const tooMany = { error: messages.tooManyAttempts };

describe('sign-in backoff and rate limits on sign-up and password reset', () => {
  let ctx: TestContext;
  const clock = fixedClock(new Date('2026-05-04T10:05:00Z'));
  beforeAll(async () => {
    ctx = await createTestApp({ geocoder: testGeocoder, clock });
  });
  afterAll(async () => {
    await ctx.close();
  });

  const waitAnswer = (
    res: { statusCode: number; json(): unknown; headers: Record<string, unknown> },
    seconds: number,
  ) => {
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe(String(seconds));
    expect(res.json()).toEqual({ error: messages.signInBackoff(seconds) });
  };

  it('slows failed sign-ins on one account exponentially from any address, refusing the right password during a wait, capped at 60 s', async () => {
    expect(ctx.deps.config.signInBackoffAfter).toBe(5);
    const user = await confirmedUser(ctx.app, ctx.db);
    // five failures pass at once, from anywhere, in any letter case
    for (let i = 0; i < 5; i++) {
      const res = await signIn(ctx.app, i % 2 ? user.email : user.email.toUpperCase(), `Wrong${i}Password`, randomIp());
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: messages.signInFailed });
    }
    // then each attempt waits 1, 2, 4, ... seconds after the previous one; the right password too
    waitAnswer(await signIn(ctx.app, user.email, user.password, randomIp()), 1);
    const waits: number[] = [];
    for (let k = 0; k < 9; k++) {
      const wait = Math.min(60, 2 ** k);
      waits.push(wait);
      waitAnswer(await signIn(ctx.app, user.email, 'Wrong again', randomIp()), wait);
      // knocking during the wait does not make it longer
      clock.advance(wait * 1000 - 1000);
      if (wait > 1) waitAnswer(await signIn(ctx.app, user.email, user.password, randomIp()), 1);
      clock.advance(1000);
      expect((await signIn(ctx.app, user.email, `Wrong${k}Again`, randomIp())).statusCode).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60]);
    // an attacker can keep the account waiting at most 60 s: then the right password works
    waitAnswer(await signIn(ctx.app, user.email, user.password, randomIp()), 60);
    clock.advance(60_000);
    expect((await signIn(ctx.app, user.email, user.password, randomIp())).statusCode).toBe(200);
    // a correct password forgets the failures: five free ones again
    for (let i = 0; i < 5; i++) expect((await signIn(ctx.app, user.email, 'Wrong', randomIp())).statusCode).toBe(401);
    waitAnswer(await signIn(ctx.app, user.email, 'Wrong', randomIp()), 1);

    // other accounts are not affected
    const other = await confirmedUser(ctx.app, ctx.db);
    expect((await signIn(ctx.app, other.email, other.password, randomIp())).statusCode).toBe(200);
  });

  it('slows an unknown email exactly like a registered one', async () => {
    clock.advance(3_600_000);
    const user = await confirmedUser(ctx.app, ctx.db);
    const ghost = uniqueEmail('ghost');
    for (const email of [user.email, ghost]) {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++)
        statuses.push((await signIn(ctx.app, email, 'Not the password', randomIp())).statusCode);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    }
  });

  it('lets at most the free attempts through when guesses come in parallel', async () => {
    const user = await confirmedUser(ctx.app, ctx.db);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => signIn(ctx.app, user.email, `Parallel${i}Guess`, randomIp())),
    );
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
  });

  it('slows failed sign-ins from one address across accounts, capped at 5 minutes, without touching other addresses', async () => {
    clock.advance(3_600_000);
    const ip = randomIp();
    for (let i = 0; i < 20; i++)
      expect((await signIn(ctx.app, uniqueEmail(), 'Sprayed Password', ip)).statusCode).toBe(401);
    waitAnswer(await signIn(ctx.app, uniqueEmail(), 'Sprayed Password', ip), 1);
    for (let k = 0; k < 10; k++) {
      clock.advance(Math.min(300, 2 ** k) * 1000);
      expect((await signIn(ctx.app, uniqueEmail(), 'Sprayed Password', ip)).statusCode).toBe(401);
    }
    waitAnswer(await signIn(ctx.app, uniqueEmail(), 'Sprayed Password', ip), 300);
    // the account was not charged for the refused attempt: from elsewhere its owner signs in
    const user = await confirmedUser(ctx.app, ctx.db);
    waitAnswer(await signIn(ctx.app, user.email, user.password, ip), 300);
    expect((await signIn(ctx.app, user.email, user.password, randomIp())).statusCode).toBe(200);
  });

  it('limits one IP to 100 auth requests in 15 minutes across endpoints', async () => {
    clock.set(new Date('2026-05-04T12:01:00Z'));
    const ip = randomIp();
    for (let i = 0; i < 98; i++) {
      const res = await call(ctx.app, {
        method: 'POST',
        url: '/users/password.json',
        payload: { user: { email: uniqueEmail() } },
        ip,
      });
      expect(res.statusCode).toBe(200);
    }
    const resend = await call(ctx.app, {
      method: 'POST',
      url: '/api/v2/users/confirmation',
      payload: { user: { email: uniqueEmail() } },
      ip,
    });
    expect(resend.statusCode).toBe(200);
    const hundredth = await signIn(ctx.app, uniqueEmail(), 'Some1Password', ip);
    expect(hundredth.statusCode).toBe(401);

    const refused = [
      await signIn(ctx.app, uniqueEmail(), 'Some1Password', ip),
      await call(ctx.app, { method: 'POST', url: '/api/v2/users', payload: signUpBody(), ip }),
      await call(ctx.app, {
        method: 'POST',
        url: '/users/password.json',
        payload: { user: { email: uniqueEmail() } },
        ip,
      }),
      await call(ctx.app, {
        method: 'POST',
        url: '/api/v2/users/confirmation',
        payload: { user: { email: uniqueEmail() } },
        ip,
      }),
      await call(ctx.app, {
        method: 'PUT',
        url: '/api/v2/accounts/reset-password',
        payload: { user: { reset_password_token: 'x', password: 'NewLunch5', password_confirmation: 'NewLunch5' } },
        ip,
      }),
    ];
    for (const res of refused) {
      expect(res.statusCode).toBe(429);
      // POST users/password.json's errors also carry message (ordering-payments §7)
      expect(res.json()).toEqual(res === refused[2] ? { ...tooMany, message: tooMany.error } : tooMany);
      expect(res.headers['retry-after']).toBe(String(14 * 60));
    }
    // another IP is not affected, and the limit lifts with the next window
    expect((await call(ctx.app, { method: 'POST', url: '/api/v2/users', payload: signUpBody() })).statusCode).toBe(201);
    clock.advance(14 * 60_000);
    const later = await call(ctx.app, {
      method: 'POST',
      url: '/users/password.json',
      payload: { user: { email: uniqueEmail() } },
      ip,
    });
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
      env: {
        REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
        SIGNIN_BACKOFF_AFTER: '3',
        REDIS_KEY_PREFIX: `test-${Date.now()}:`,
      },
    });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('keeps the sign-in backoff in Redis, not in PostgreSQL', async () => {
    const user = await confirmedUser(ctx.app, ctx.db);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await signIn(ctx.app, user.email, 'Wrong1Password')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const right = await signIn(ctx.app, user.email, user.password);
    expect(right.statusCode).toBe(429);
    expect(right.headers['retry-after']).toBe('1');
    expect(right.json()).toEqual({ error: messages.signInBackoff(1) });
    for (const table of ['rate_limit_hits', 'sign_in_failures']) {
      const { rows } = await ctx.db.query(`SELECT count(*)::int AS n FROM ${table}`);
      expect(rows[0].n).toBe(0);
    }
  });
});
