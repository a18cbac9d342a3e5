import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.js';

describe('loadConfig', () => {
  it('gives the documented defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.databaseUrl).toBeUndefined();
    expect(c.mailboxEnabled).toBe(true);
    expect(c.seedDemo).toBe(true);
    expect(c.dataDir).toMatch(/\/data$/);
  });

  it('runs the job queue in the API process unless JOBS_IN_PROCESS=false', () => {
    expect(loadConfig({})).toMatchObject({ jobsInProcess: true, jobsPollMs: 5000, jobsLeaseMs: 300_000, paymentRecheckMs: 3_600_000 });
    expect(loadConfig({ JOBS_IN_PROCESS: 'false', JOBS_POLL_MS: '250' })).toMatchObject({ jobsInProcess: false, jobsPollMs: 250 });
    expect(() => loadConfig({ JOBS_IN_PROCESS: 'maybe' })).toThrow(/JOBS_IN_PROCESS/);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).databaseUrl).toBeUndefined();
  });

  it('names the bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must start with postgres/);
  });

  it('requires a JWT secret in production and turns the mailbox off there', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET: required/);
    const c = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) });
    expect(c.mailboxEnabled).toBe(false);
  });

  it('serves the group-order site under a path of its own, /group-orders-site by default', () => {
    expect(loadConfig({})).toMatchObject({ groupOrdersUrl: 'http://localhost:3000/group-orders-site', groupOrdersBasePath: '/group-orders-site', groupOrdersHost: null });
    expect(loadConfig({ PUBLIC_URL: 'https://caterway.ca/', GROUP_ORDERS_URL: 'https://caterway.ca/team-meals/' })).toMatchObject({
      groupOrdersUrl: 'https://caterway.ca/team-meals',
      groupOrdersBasePath: '/team-meals',
      groupOrdersHost: null,
    });
    // a host name of its own serves the site at its root
    expect(loadConfig({ PUBLIC_URL: 'https://caterway.ca', GROUP_ORDERS_URL: 'https://teams.caterway.ca/' })).toMatchObject({
      groupOrdersUrl: 'https://teams.caterway.ca',
      groupOrdersBasePath: '',
      groupOrdersHost: 'teams.caterway.ca',
    });
    expect(() => loadConfig({ PUBLIC_URL: 'https://caterway.ca', GROUP_ORDERS_URL: 'https://caterway.ca/' })).toThrow(/GROUP_ORDERS_URL: on the storefront's host it needs a path of its own/);
    expect(() => loadConfig({ GROUP_ORDERS_URL: 'https://caterway.ca/api/site' })).toThrow(/GROUP_ORDERS_URL/);
  });
});
