// What one checkout finalize costs (issue 7 item 1, bench/README.md "Checkout finalize: where the
// time goes"): SQL round trips and commits counted on the pg client, and the Node CPU per
// finalize, measured one at a time through app.inject with the sandbox provider and the outbox
// mailer. The bounds guard the batching of decisions 017 and 021 against a regression.
import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers.js';
import { postgresCpuMs } from '../../../test/postgres-cpu.js';
import { ensureDemoData } from '../../db/seed/demo.js';
import { signedInUser, testGeocoder } from '../auth/auth.test-helpers.js';
import { cards, orderPayload, restaurantFixture, sandboxCard, type RestaurantFixture } from './orders.test-helpers.js';

let ctx: TestContext;
let f: RestaurantFixture;
let jwt: string;

beforeAll(async () => {
  ctx = await createTestApp({ geocoder: testGeocoder });
  await ensureDemoData(ctx.db, { info() {}, warn() {} });
  f = await restaurantFixture(ctx.db);
  jwt = (await signedInUser(ctx.app, ctx.db)).jwt;
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

/** Counts every statement sent by any pg client of this process while fn runs. */
async function counted<T>(fn: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const statements: string[] = [];
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const q = args[0];
    statements.push(typeof q === 'string' ? q : ((q as { text?: string })?.text ?? ''));
    return original.apply(this, args);
  };
  try {
    return { result: await fn(), statements };
  } finally {
    proto.query = original;
  }
}

it('finalizes an order in few round trips and commits, and reports its Node CPU', async () => {
  const pm = await sandboxCard(ctx.deps.payments, cards.ok);
  const N = Number(process.env.FINALIZE_COST_N ?? 30);
  const drafts: { id: number; purchase_id: string }[] = [];
  for (let i = 0; i < N + 1; i++) {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/catering_orders',
      headers: { authorization: `Bearer ${jwt}` },
      payload: { catering_order: orderPayload(f, new Date()), is_eft: false },
    });
    expect(created.statusCode, created.body).toBe(201);
    drafts.push(created.json().catering_order);
  }
  const finalize = (order: { id: number; purchase_id: string }) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/v2/catering_orders/${order.id}/finalize`,
      headers: { authorization: `Bearer ${jwt}`, 'idempotency-key': crypto.randomUUID() },
      payload: { purchase_id: order.purchase_id, payment_method_id: pm },
    });

  // the first one also creates the provider customer: counted apart
  const first = await finalize(drafts[0]!);
  expect(first.statusCode, first.body).toBe(200);
  const one = await counted(() => finalize(drafts[1]!));
  expect(one.result.statusCode, one.result.body).toBe(200);
  const roundTrips = one.statements.length;
  // a commit: an explicit COMMIT, or a write sent outside a transaction (autocommit)
  let inTransaction = false;
  let commits = 0;
  for (const s of one.statements) {
    if (/^\s*BEGIN/i.test(s)) inTransaction = true;
    else if (/^\s*(COMMIT|ROLLBACK)/i.test(s)) {
      inTransaction = false;
      if (/^\s*COMMIT/i.test(s)) commits++;
    } else if (!inTransaction && /\b(INSERT|UPDATE|DELETE)\b/i.test(s)) commits++;
  }

  const session = process.env.FINALIZE_COST_PROFILE ? new (await import('node:inspector')).Session() : undefined;
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) =>
      session!.post(method, params, (err, res) => (err ? reject(err) : resolve(res))),
    );
  if (session) {
    session.connect();
    await post('Profiler.enable');
    await post('Profiler.start');
  }
  const pgBefore = await postgresCpuMs(ctx.db);
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (const d of drafts.slice(2)) expect((await finalize(d)).statusCode).toBe(200);
  const used = process.cpuUsage(cpu);
  const elapsed = performance.now() - started;
  const pgAfter = await postgresCpuMs(ctx.db);
  if (session) {
    const { profile } = (await post('Profiler.stop')) as { profile: object };
    (await import('node:fs')).writeFileSync(process.env.FINALIZE_COST_PROFILE!, JSON.stringify(profile));
    session.disconnect();
  }
  const n = drafts.length - 2;
  const cpuMs = (used.user + used.system) / 1000 / n;
  const wallMs = elapsed / n;
  // the backends' CPU includes the statements of this loop only (plus the read of pg_stat_activity)
  const pgMs = pgBefore === undefined || pgAfter === undefined ? 'n/a' : ((pgAfter - pgBefore) / n).toFixed(2);
  console.log(
    `finalize: ${roundTrips} round trips, ${commits} commits, ${cpuMs.toFixed(1)} ms Node CPU (user ${(used.user / 1000 / n).toFixed(1)}, system ${(used.system / 1000 / n).toFixed(1)}), ` +
      `${pgMs} ms PostgreSQL CPU, ${wallMs.toFixed(1)} ms wall (load ${(await import('node:os')).loadavg()[0]!.toFixed(1)})`,
  );
  console.log(one.statements.map((s) => `  ${s.replace(/\s+/g, ' ').slice(0, 110)}`).join('\n'));

  // every order paid once, with its processing job and its confirmation
  const { rows } = await ctx.db.query<{ paid: number; jobs: number; mails: number }>(
    `SELECT (SELECT count(*)::int FROM catering_orders WHERE id = ANY($1) AND status = 'New') AS paid,
            (SELECT count(*)::int FROM graphile_worker.jobs WHERE key = ANY($2)) AS jobs,
            (SELECT count(*)::int FROM outbox_emails WHERE template = 'order_confirmation') AS mails`,
    [drafts.map((d) => d.id), drafts.map((d) => `process_order:order:${d.id}`)],
  );
  expect(rows[0]).toEqual({ paid: N + 1, jobs: N + 1, mails: N + 1 });
  // decisions 017 and 021: session, claim + order, catalogue, payment claim, provider read and write, payment
  expect(roundTrips).toBeLessThanOrEqual(7);
  expect(commits).toBeLessThanOrEqual(4);
}, 120_000);
