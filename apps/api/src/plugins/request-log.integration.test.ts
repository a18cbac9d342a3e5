import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helpers.js';
import { buildApp } from '../app.js';
import { redactUrl } from './request-log.js';

describe('redactUrl', () => {
  it('replaces the secrets of links and keeps the rest', () => {
    expect(redactUrl('/accounts/reset-password?token=abc123')).toBe('/accounts/reset-password?token=[REDACTED]');
    expect(redactUrl('/api/v2/users/confirmation?confirmation_token=abc&x=1')).toBe(
      '/api/v2/users/confirmation?confirmation_token=[REDACTED]&x=1',
    );
    expect(redactUrl('/grouporder-dashboard/7?admin_token=abc')).toBe('/grouporder-dashboard/7?admin_token=[REDACTED]');
    expect(redactUrl('/api/v2/group/s3cr3t/choice?x=2')).toBe('/api/v2/group/[REDACTED]/choice?x=2');
    expect(redactUrl('/group-orders-site/g/s3cr3t')).toBe('/group-orders-site/g/[REDACTED]');
    expect(redactUrl('/g/s3cr3t')).toBe('/g/[REDACTED]');
    expect(redactUrl('/api/v2/group/s3cr3t')).toBe('/api/v2/group/[REDACTED]');
    expect(redactUrl('/api/v2/presets/12')).toBe('/api/v2/presets/12');
    expect(redactUrl('/api/v2/presets?page=2&q=thai')).toBe('/api/v2/presets?page=2&q=thai');
    expect(redactUrl('/x?reset%5Fpassword%5Ftoken=abc')).toBe('/x?reset%5Fpassword%5Ftoken=[REDACTED]');
  });
});

// The request log of the real app: reset links, confirmation tokens and admin tokens never appear.
describe('the request log', () => {
  let ctx: TestContext;
  let app: FastifyInstance;
  let log = '';
  let origin = '';
  beforeAll(async () => {
    ctx = await createTestApp();
    const stream = new Writable({
      write(chunk, _encoding, done) {
        log += String(chunk);
        done();
      },
    });
    app = await buildApp(ctx.deps, { logger: { level: 'info', stream } });
    // the access line is the HTTP server's (app.inject() bypasses it): requests go over the network
    await app.listen({ host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app.close();
    await ctx.close();
  });

  it('logs the requests of secret links without their secrets', async () => {
    const secrets = [
      'ResetSecret0123456789',
      'ConfirmSecret0123456789',
      'AdminSecret0123456789',
      'ShareSecret0123456789',
      'MemberSecret0123456789',
      'SignInLinkSecret0123456789',
    ];
    const [reset, confirm, admin, share, member, signInLink] = secrets;
    const requests: Array<{ method: string; url: string; payload?: unknown; headers?: Record<string, string> }> = [
      { method: 'GET', url: `/accounts/reset-password?token=${reset}` },
      { method: 'GET', url: `/api/v2/users/confirmation?confirmation_token=${confirm}` },
      { method: 'GET', url: `/grouporder-dashboard/7?admin_token=${admin}` },
      { method: 'GET', url: `/group-orders-site/grouporder-dashboard/7?admin_token=${admin}` },
      { method: 'GET', url: `/api/v2/group/${share}` },
      { method: 'GET', url: `/g/${share}` },
      {
        method: 'PUT',
        url: '/api/v2/accounts/reset-password',
        payload: {
          user: { reset_password_token: reset, password: 'Lunch4Forty!', password_confirmation: 'Lunch4Forty!' },
        },
      },
      {
        method: 'GET',
        url: '/api/v2/grouporder_dashboard/7',
        headers: { 'x-admin-token': admin!, 'x-member-token': member! },
      },
      // the storefront pages that sign in with a link's ?token= (decision 030), and its exchange
      { method: 'GET', url: `/?confirmed=ok&name=Dana&token=${signInLink}` },
      { method: 'GET', url: `/browse-restaurants?token=${signInLink}` },
      { method: 'GET', url: `/browse-presets?token=${signInLink}` },
      { method: 'GET', url: '/api/auth/token', headers: { authorization: `Bearer ${signInLink}` } },
    ];
    for (const r of requests) {
      const headers = { ...r.headers, ...(r.payload ? { 'content-type': 'application/json' } : {}) };
      const body = r.payload ? JSON.stringify(r.payload) : undefined;
      await (await fetch(`${origin}${r.url}`, { method: r.method, headers, body, redirect: 'manual' })).arrayBuffer();
    }
    const entries = log
      .trim()
      .split('\n')
      .map(
        (line) =>
          JSON.parse(line) as {
            msg: string;
            req?: { url: string };
            reqId?: string;
            res?: { statusCode: number };
            level: number;
          },
      );
    const urls = entries.filter((e) => e.msg === 'request completed').map((e) => e.req!.url);
    expect(urls).toEqual([
      '/accounts/reset-password?token=[REDACTED]',
      '/api/v2/users/confirmation?confirmation_token=[REDACTED]',
      '/grouporder-dashboard/7?admin_token=[REDACTED]',
      '/group-orders-site/grouporder-dashboard/7?admin_token=[REDACTED]',
      '/api/v2/group/[REDACTED]',
      '/g/[REDACTED]',
      '/api/v2/accounts/reset-password',
      '/api/v2/grouporder_dashboard/7',
      '/?confirmed=ok&name=Dana&token=[REDACTED]',
      '/browse-restaurants?token=[REDACTED]',
      '/browse-presets?token=[REDACTED]',
      '/api/auth/token',
    ]);
    // one line a request, at info, with its id and status
    for (const e of entries.filter((x) => x.msg === 'request completed')) {
      expect(e.level).toBe(30);
      expect(typeof e.reqId).toBe('string');
      expect(e.res!.statusCode).toBeGreaterThanOrEqual(200);
    }
    expect(entries.some((e) => e.msg === 'incoming request')).toBe(false);
    for (const secret of secrets) expect(log).not.toContain(secret);
    expect(log).not.toContain('Lunch4Forty!');
  });
});
