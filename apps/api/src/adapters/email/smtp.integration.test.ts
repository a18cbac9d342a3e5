import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestContext } from '../../../test/helpers.js';
import { buildApp } from '../../app.js';
import { systemClock } from '../../lib/clock.js';
import { createJobRunner } from '../../lib/jobs.js';
import { call, emailsTo, signUpBody, testGeocoder } from '../../modules/auth/auth.test-helpers.js';
import type { Mailer } from '../../ports/email.js';
import { createMailer, EMAIL_DELIVERY_JOB } from './index.js';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** The text/plain part of a raw MIME message, decoded (quoted-printable or base64 or as is). */
function textPart(raw: string): string {
  const match =
    /Content-Type: text\/plain[^\r\n]*\r?\n(?:[ \t][^\r\n]*\r?\n)*((?:[A-Za-z-]+:[^\r\n]*\r?\n)*)\r?\n([\s\S]*?)(?:\r?\n--|$)/i.exec(
      raw,
    );
  if (!match) throw new Error(`no text/plain part in:\n${raw}`);
  const headers = match[1] ?? '';
  const body = match[2] ?? '';
  const encoding = /Content-Transfer-Encoding:\s*([^\s;]+)/i
    .exec(`${raw.slice(0, match.index)}${headers}`)?.[1]
    ?.toLowerCase();
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

describe('email through a real SMTP server', () => {
  let ctx: TestContext;
  let app: FastifyInstance;
  let mailer: Mailer;
  let server: SMTPServer;
  let port: number;
  const received: Received[] = [];

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    port = (server.server.address() as { port: number }).port;

    ctx = await createTestApp({ geocoder: testGeocoder });
    const config = testConfig({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Caterway <hello@caterway.test>' });
    mailer = createMailer(config, ctx.db, { info() {}, warn() {}, error() {} } as never);
    app = await buildApp({ ...ctx.deps, config, mailer }, { logger: false });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await mailer.close?.();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await ctx.close();
  });

  /**
   * The account emails are handed to the job queue (sendLater, docs/decisions/029): no answer waits
   * on the mail server. Runs the queued deliveries the way the job runner does.
   */
  async function deliverQueued(through: Mailer): Promise<number> {
    const quiet = { info() {}, warn() {}, error() {} };
    const handlers = {
      [EMAIL_DELIVERY_JOB]: async (job: { payload: Record<string, unknown> }) =>
        through.redeliver!(Number(job.payload.outbox_id)),
    };
    return createJobRunner({ db: ctx.db, clock: systemClock, handlers, log: quiet }).runDue();
  }

  it('uses SMTP when SMTP_URL is set', () => {
    expect(mailer.transport).toBe('smtp');
  });

  it('delivers the confirmation email, whose link confirms the account', async () => {
    const body = signUpBody({ first_name: 'Amélie' });
    const res = await call(app, { method: 'POST', url: '/api/v2/users', payload: body });
    expect(res.statusCode).toBe(201);
    // recorded at once, delivered by the job queue
    expect((await emailsTo(ctx.db, body.user.email, 'confirm_email'))[0]).toMatchObject({
      transport: 'smtp',
      sent_at: null,
    });
    expect(received.find((m) => m.to.includes(body.user.email))).toBeUndefined();
    expect(await deliverQueued(mailer)).toBeGreaterThanOrEqual(1);

    const message = received.find((m) => m.to.includes(body.user.email));
    expect(message).toBeDefined();
    expect(message!.from).toBe('hello@caterway.test');
    expect(message!.raw).toMatch(/^From: Caterway <hello@caterway\.test>/m);
    expect(message!.raw).toMatch(/^Subject: Confirm your Caterway account/m);
    expect(message!.raw).toMatch(/Content-Type: text\/html/i);

    const text = textPart(message!.raw);
    expect(text).toContain('Hi Amélie,');
    const link = /http:\/\/\S+\/api\/v2\/users\/confirmation\?confirmation_token=[A-Za-z0-9_-]+/.exec(text)?.[0];
    expect(link).toBeDefined();
    const url = new URL(link!);
    const confirm = await call(app, { method: 'GET', url: `${url.pathname}${url.search}` });
    expect(confirm.statusCode).toBe(302);
    expect(confirm.headers.location).toBe('/confirmation?confirmed=ok&name=Am%C3%A9lie');

    // the outbox keeps a record of what went out over SMTP
    const [row] = await emailsTo(ctx.db, body.user.email, 'confirm_email');
    expect(row).toMatchObject({ transport: 'smtp', error: null });
    expect(row!.sent_at).toBeInstanceOf(Date);
  });

  it('sends an attachment as its own MIME part, and again from the outbox on a retry', async () => {
    const to = `ics-${Date.now()}@example.com`;
    const content = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nSUMMARY:Catering delivery\r\nEND:VCALENDAR\r\n';
    await mailer.sendLater!({
      to,
      subject: 'Your Caterway order CW-1 was submitted',
      text: 'Order text',
      html: '<p>Order</p>',
      template: 'order_confirmation',
      attachments: [
        { filename: 'caterway-CW-1.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content },
      ],
    });
    expect(await deliverQueued(mailer)).toBeGreaterThanOrEqual(1);
    const message = received.find((m) => m.to.includes(to));
    expect(message).toBeDefined();
    expect(message!.raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=PUBLISH/i);
    expect(message!.raw).toMatch(/filename=caterway-CW-1\.ics/);
    const part = /filename=caterway-CW-1\.ics[\s\S]*?\r?\n\r?\n([\s\S]*?)\r?\n--/.exec(message!.raw)?.[1] ?? '';
    const decoded = /^[A-Za-z0-9+/=\s]+$/.test(part)
      ? Buffer.from(part.replace(/\s+/g, ''), 'base64').toString('utf8')
      : part;
    expect(decoded.replace(/=\r?\n/g, '')).toContain('SUMMARY:Catering delivery');
    const [row] = await emailsTo(ctx.db, to, 'order_confirmation');
    expect(row!.attachments).toEqual([
      { filename: 'caterway-CW-1.ics', content_type: 'text/calendar; charset=utf-8; method=PUBLISH', content },
    ]);
  });

  it('records the failure when the SMTP server is unreachable, and sign-up still succeeds', async () => {
    const config = testConfig({ SMTP_URL: 'smtp://127.0.0.1:1' });
    const broken = createMailer(config, ctx.db, { info() {}, warn() {}, error() {} } as never);
    const brokenApp = await buildApp({ ...ctx.deps, config, mailer: broken }, { logger: false });
    try {
      const body = signUpBody();
      const res = await call(brokenApp, { method: 'POST', url: '/api/v2/users', payload: body });
      expect(res.statusCode).toBe(201);
      await deliverQueued(broken);
      const [row] = await emailsTo(ctx.db, body.user.email, 'confirm_email');
      expect(row).toMatchObject({ transport: 'smtp', sent_at: null });
      expect(row!.error).toMatch(/ECONNREFUSED/);
    } finally {
      await brokenApp.close();
      await broken.close?.();
    }
  });
});
