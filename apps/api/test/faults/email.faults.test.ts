// Issue 7 item 4: an SMTP server that refuses mail, then recovers. Orders succeed meanwhile; each
// confirmation is delivered exactly once afterwards by the job queue (decision 013).
import crypto from 'node:crypto';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSmtpMailer } from '../../src/adapters/email/index.js';
import { ensureDemoData } from '../../src/db/seed/demo.js';
import { startJobRunner } from '../../src/job-runner.js';
import { signedInUser, testGeocoder } from '../../src/modules/auth/auth.test-helpers.js';
import { cards, orderPayload, restaurantFixture, sandboxCard } from '../../src/modules/orders/orders.test-helpers.js';
import type { Mailer } from '../../src/ports/email.js';
import { createTestApp, testConfig, type TestContext } from '../helpers.js';

let server: SMTPServer;
let refusing = true;
const received: string[] = []; // recipients of accepted messages
let ctx: TestContext;
let mailer: Mailer | undefined;
const quiet = { info() {}, warn() {}, error() {} };

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (!refusing) return callback();
      const err = Object.assign(new Error('Mail service temporarily unavailable'), { responseCode: 451 });
      callback(err);
    },
    onData(stream, session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        received.push(...session.envelope.rcptTo.map((r) => r.address));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  const config = testConfig({ SMTP_URL: `smtp://127.0.0.1:${port}`, JOBS_POLL_MS: '100' });
  // the SMTP mailer writes its outbox in the test's own database, made by createTestApp
  ctx = await createTestApp({
    geocoder: testGeocoder,
    config,
    mailer: { transport: 'smtp', send: (e) => mailer!.send(e), redeliver: (id) => mailer!.redeliver!(id) },
  });
  mailer = createSmtpMailer({ smtpUrl: config.smtpUrl!, mailFrom: config.mailFrom, retryDelayMs: 0 }, ctx.db, quiet);
  await ensureDemoData(ctx.db, { info() {}, warn() {} });
}, 120_000);

afterAll(async () => {
  await mailer?.close?.();
  await ctx?.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

it('places orders while SMTP refuses, then delivers each confirmation exactly once after it recovers', async () => {
  const f = await restaurantFixture(ctx.db);
  const { jwt } = await signedInUser(ctx.app, ctx.db);
  const pm = await sandboxCard(ctx.deps.payments, cards.ok);
  const emails = [1, 2, 3].map((i) => `buyer${i}-${crypto.randomBytes(3).toString('hex')}@example.com`);

  for (const email of emails) {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/catering_orders',
      headers: { authorization: `Bearer ${jwt}` },
      payload: { catering_order: orderPayload(f, new Date(), { email }), is_eft: false },
    });
    expect(created.statusCode).toBe(201);
    const order = created.json().catering_order;
    const paid = await ctx.app.inject({
      method: 'POST',
      url: `/api/v2/catering_orders/${order.id}/finalize`,
      headers: { authorization: `Bearer ${jwt}`, 'idempotency-key': crypto.randomUUID() },
      payload: { purchase_id: order.purchase_id, payment_method_id: pm },
    });
    expect(paid.statusCode, paid.body).toBe(200); // the mail outage does not fail the order
    expect(paid.json().catering_order).toMatchObject({ status: 'New', payment_status: 'authorized' });
  }
  expect(received).toEqual([]);
  const queued = await ctx.db.query(
    "SELECT id, error FROM outbox_emails WHERE to_address = ANY($1) AND template = 'order_confirmation' AND sent_at IS NULL",
    [emails],
  );
  expect(queued.rows).toHaveLength(3);
  for (const r of queued.rows) expect(r.error).toMatch(/451|temporarily unavailable/);

  // SMTP recovers; two runners (as two workers would) share the queue
  refusing = false;
  const runners = [startJobRunner(ctx.deps, quiet), startJobRunner(ctx.deps, quiet)];
  try {
    const deadline = Date.now() + 20_000;
    while (received.filter((r) => emails.includes(r)).length < 3 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 1_000)); // room for a duplicate to show up
  } finally {
    await Promise.all(runners.map((r) => r.stop()));
  }
  expect(received.filter((r) => emails.includes(r)).sort()).toEqual([...emails].sort());
  const sent = await ctx.db.query(
    "SELECT sent_at, error FROM outbox_emails WHERE to_address = ANY($1) AND template = 'order_confirmation'",
    [emails],
  );
  expect(sent.rows).toHaveLength(3);
  for (const r of sent.rows) expect([r.sent_at instanceof Date, r.error]).toEqual([true, null]);
}, 60_000);
