import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestContext } from '../../../test/helpers.js';
import { productionEnv } from '../../../test/production-env.js';
import { buildApp } from '../../app.js';

describe('development mailbox', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
    // three messages through the app's own mailer, the way the product sends them
    for (const [to, subject, template] of [
      ['dana@example.com', 'First', 'confirm_email'],
      ['sam@example.com', 'Second', 'reset_password'],
      ['Dana@Example.com', 'Third', 'reset_password'],
    ] as const) {
      await ctx.deps.mailer.send({
        to,
        subject,
        template,
        text: `${subject} text`,
        html: `<p>${subject}</p>`,
        // the second carries a file, as the order confirmation carries its calendar event
        attachments:
          subject === 'Second'
            ? [{ filename: 'event.ics', contentType: 'text/calendar; charset=utf-8', content: 'BEGIN:VCALENDAR\r\n' }]
            : undefined,
      });
    }
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('lists emails newest first, without their bodies', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v2/dev/mailbox' });
    expect(res.statusCode).toBe(200);
    const { emails } = res.json();
    expect(emails.map((e: { subject: string }) => e.subject)).toEqual(['Third', 'Second', 'First']);
    expect(emails[0]).toEqual({
      id: expect.any(Number),
      to_address: 'Dana@Example.com',
      subject: 'Third',
      template: 'reset_password',
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
  });

  it('filters by recipient in any letter case, and limits', async () => {
    const dana = (await ctx.app.inject({ method: 'GET', url: '/api/v2/dev/mailbox?to=DANA@example.com' })).json();
    expect(dana.emails.map((e: { subject: string }) => e.subject)).toEqual(['Third', 'First']);
    const one = (await ctx.app.inject({ method: 'GET', url: '/api/v2/dev/mailbox?limit=1' })).json();
    expect(one.emails).toHaveLength(1);
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/v2/dev/mailbox?limit=0' });
    expect(bad.statusCode).toBe(422);
  });

  it('answers one email with its text, HTML and attachments', async () => {
    const { emails } = (await ctx.app.inject({ method: 'GET', url: '/api/v2/dev/mailbox?to=sam@example.com' })).json();
    const res = await ctx.app.inject({ method: 'GET', url: `/api/v2/dev/mailbox/${emails[0].id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      email: {
        id: emails[0].id,
        to_address: 'sam@example.com',
        subject: 'Second',
        template: 'reset_password',
        text_body: 'Second text',
        html_body: '<p>Second</p>',
        created_at: emails[0].created_at,
        attachments: [
          { filename: 'event.ics', content_type: 'text/calendar; charset=utf-8', content: 'BEGIN:VCALENDAR\r\n' },
        ],
      },
    });
  });

  it('answers 404 for an unknown email', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v2/dev/mailbox/999999' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not found' });
  });

  it('is not there when the mailbox is off (production default)', async () => {
    const config = testConfig({ DEV_MAILBOX: 'false' });
    const production = productionEnv;
    expect(testConfig(production).mailboxEnabled).toBe(false);
    expect(() => testConfig({ ...production, DEV_MAILBOX: 'true' })).toThrow(
      /DEV_MAILBOX: must not be set when NODE_ENV=production/,
    );
    const app = await buildApp({ ...ctx.deps, config }, { logger: false });
    try {
      for (const url of ['/api/v2/dev/mailbox', '/api/v2/dev/mailbox/1']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: 'Not found' });
      }
    } finally {
      await app.close();
    }
  });
});
