import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@caterway/domain';
import { createTestApp, type TestContext } from '../../../test/helpers.js';
import { call, confirmedUser, signUpBody, testGeocoder, uniqueEmail } from './auth.test-helpers.js';

// Sign-up and the reset request must not tell a registered email from a new one (ASVS 5.0 V6,
// docs/decisions/029): the same status, body and headers, and the same time within noise,
// because both paths do the same checks and the same argon2id hashing. The time compared is the
// process's CPU time per request (argon2 runs on libuv's threads, which it includes): wall time
// on a shared 2-core machine varies by a factor of three between identical requests.

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Runs a and b alternately n times each; answers their CPU times (ms) and the last answers. */
async function interleaved(
  n: number,
  a: () => Promise<LightMyRequestResponse>,
  b: () => Promise<LightMyRequestResponse>,
) {
  const times = { a: [] as number[], b: [] as number[] };
  let last: { a?: LightMyRequestResponse; b?: LightMyRequestResponse } = {};
  for (let i = 0; i < n; i++) {
    for (const [key, fn] of [
      ['a', a],
      ['b', b],
    ] as const) {
      const t = process.cpuUsage();
      const res = await fn();
      const used = process.cpuUsage(t);
      times[key].push((used.user + used.system) / 1000);
      last = { ...last, [key]: res };
    }
  }
  return { times, last: last as { a: LightMyRequestResponse; b: LightMyRequestResponse } };
}

/** The medians differ by less than the noise of a shared machine: 25 % of the larger, or 10 ms. */
function expectSameTime(a: number[], b: number[]) {
  const [ma, mb] = [median(a), median(b)];
  expect(Math.abs(ma - mb), `medians ${ma.toFixed(1)} ms and ${mb.toFixed(1)} ms`).toBeLessThan(
    Math.max(10, 0.25 * Math.max(ma, mb)),
  );
}

const headerNames = (res: LightMyRequestResponse) =>
  Object.keys(res.headers)
    .filter((h) => h !== 'date' && h !== 'x-request-id')
    .sort();

describe('no account enumeration through sign-up or password reset', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ geocoder: testGeocoder });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('answers sign-up for a registered email with the same status, body, headers and time as for a new one', async () => {
    const registered = await confirmedUser(ctx.app, ctx.db);
    const signUp = (email: string) =>
      call(ctx.app, { method: 'POST', url: '/api/v2/users', payload: signUpBody({ email }) });
    // warm up both paths (the password list, prepared statements)
    await signUp(registered.email);
    await signUp(uniqueEmail());
    const { times, last } = await interleaved(
      10,
      () => signUp(registered.email),
      () => signUp(uniqueEmail()),
    );
    expect(last.a.statusCode).toBe(201);
    expect(last.b.statusCode).toBe(201);
    expect(last.a.body).toBe(last.b.body);
    expect(last.a.json()).toEqual({ message: messages.signUpCheckEmail });
    expect(headerNames(last.a)).toEqual(headerNames(last.b));
    expect(last.a.headers['content-length']).toBe(last.b.headers['content-length']);
    expectSameTime(times.a, times.b);
  });

  it('answers a reset request for a registered email with the same status, body and time as for an unknown one', async () => {
    const registered = await confirmedUser(ctx.app, ctx.db);
    const request = (email: string) =>
      call(ctx.app, { method: 'POST', url: '/users/password.json', payload: { user: { email } } });
    await request(registered.email);
    await request(uniqueEmail());
    const { times, last } = await interleaved(
      10,
      () => request(registered.email),
      () => request(uniqueEmail()),
    );
    expect(last.a.statusCode).toBe(200);
    expect(last.a.body).toBe(last.b.body);
    expect(headerNames(last.a)).toEqual(headerNames(last.b));
    expectSameTime(times.a, times.b);
  });

  it('times sign-in the same for a registered and an unknown email (a dummy hash is verified)', async () => {
    // three registered accounts in turn and a new unknown email each time, so no account's
    // backoff starts (5 free failures per account) over a warm-up and 9 measured rounds
    const registered = [
      await confirmedUser(ctx.app, ctx.db),
      await confirmedUser(ctx.app, ctx.db),
      await confirmedUser(ctx.app, ctx.db),
    ];
    const signIn = (email: string) =>
      call(ctx.app, { method: 'POST', url: '/user_token', payload: { auth: { email, password: 'a wrong password' } } });
    let turn = 0;
    const nextRegistered = () => signIn(registered[turn++ % registered.length]!.email);
    // warm up both paths: the first unknown email computes the dummy hash once
    await nextRegistered();
    await signIn(uniqueEmail('ghost'));
    const { times, last } = await interleaved(9, nextRegistered, () => signIn(uniqueEmail('ghost')));
    expect(last.a.statusCode).toBe(401);
    expect(last.a.body).toBe(last.b.body);
    expectSameTime(times.a, times.b);
  });
});
