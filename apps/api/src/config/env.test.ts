import { describe, expect, it } from 'vitest';
import { matching, productionEnv, refusalWithNothingSet } from '../../test/production-env.js';
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

  it('takes the support line from SUPPORT_EMAIL and SUPPORT_PHONE, with a fictional number outside production', () => {
    expect(loadConfig({})).toMatchObject({ supportEmail: 'support@caterway.ca', supportPhone: '+1 416-555-0100' });
    expect(
      loadConfig({ ...productionEnv, SUPPORT_EMAIL: 'help@caterway.example', SUPPORT_PHONE: ' 1 (800) 555-0142 ' }),
    ).toMatchObject({ supportEmail: 'help@caterway.example', supportPhone: '1 (800) 555-0142' });
    for (const bad of ['call us', '12', '+1 416 555 0100 ext', '555-0100;']) {
      expect(() => loadConfig({ SUPPORT_PHONE: bad }), bad).toThrow(/SUPPORT_PHONE: a phone number/);
    }
    const { SUPPORT_PHONE: _phone, ...withoutPhone } = productionEnv;
    expect(() => loadConfig(withoutPhone)).toThrow(
      /^Invalid configuration:\n {2}SUPPORT_PHONE: required when NODE_ENV=production/,
    );
  });

  it('runs the job queue in the API process unless JOBS_IN_PROCESS=false', () => {
    expect(loadConfig({})).toMatchObject({
      jobsInProcess: true,
      jobsPollMs: 5000,
      paymentRecheckMs: 3_600_000,
    });
    expect(loadConfig({ JOBS_IN_PROCESS: 'false', JOBS_POLL_MS: '250' })).toMatchObject({
      jobsInProcess: false,
      jobsPollMs: 250,
    });
    expect(() => loadConfig({ JOBS_IN_PROCESS: 'maybe' })).toThrow(/JOBS_IN_PROCESS/);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).databaseUrl).toBeUndefined();
  });

  it('names the bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must start with postgres/);
  });

  it('refuses a production start without its settings, naming each on a line of its own', () => {
    let message = '';
    try {
      loadConfig({ NODE_ENV: 'production' });
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      message = (err as Error).message;
    }
    expect(message.split('\n')).toEqual(matching(refusalWithNothingSet));
    for (const name of Object.keys(productionEnv).filter((n) => !['NODE_ENV', 'DATA_DIR', 'PAYMENTS'].includes(n))) {
      const { [name as keyof typeof productionEnv]: _left, ...rest } = productionEnv;
      expect(() => loadConfig(rest), name).toThrow(
        new RegExp(`^Invalid configuration:\n  ${name}: required when NODE_ENV=production`),
      );
    }
  });

  it('takes Stripe with its three settings or an explicit PAYMENTS=sandbox in production', () => {
    const { PAYMENTS: _sandbox, ...withoutPayments } = productionEnv;
    const stripe = {
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    };
    expect(loadConfig({ ...withoutPayments, ...stripe })).toMatchObject({
      payments: 'stripe',
      stripeSecretKey: 'sk_live_x',
      stripeWebhookSecret: 'whsec_x',
    });
    expect(() =>
      loadConfig({ ...withoutPayments, STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_PUBLISHABLE_KEY: 'pk_live_x' }),
    ).toThrow(/STRIPE_WEBHOOK_SECRET: required/);
    expect(loadConfig(productionEnv)).toMatchObject({ payments: 'sandbox', stripeSecretKey: undefined });
    // an explicit sandbox ignores keys that are set
    expect(loadConfig({ ...productionEnv, ...stripe })).toMatchObject({
      payments: 'sandbox',
      stripeSecretKey: undefined,
    });
    expect(() => loadConfig({ ...productionEnv, PAYMENTS: 'paypal' })).toThrow(/PAYMENTS/);
    // outside production: the sandbox unless Stripe is configured
    expect(loadConfig({}).payments).toBe('sandbox');
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' }).payments).toBe('stripe');
    expect(() => loadConfig({ PAYMENTS: 'stripe' })).toThrow(/STRIPE_SECRET_KEY: required when PAYMENTS=stripe/);
  });

  it('wants 32 bytes of JWT secret', () => {
    expect(() => loadConfig({ ...productionEnv, JWT_SECRET: 'x'.repeat(31) })).toThrow(
      /JWT_SECRET: must be at least 32 bytes/,
    );
    expect(loadConfig({ ...productionEnv, JWT_SECRET: 'é'.repeat(16) }).jwtSecret).toBe('é'.repeat(16));
  });

  it('keeps demo data and the development mailbox out of production unless asked (the mailbox: refused)', () => {
    expect(loadConfig(productionEnv)).toMatchObject({ mailboxEnabled: false, seedDemo: false });
    expect(loadConfig({ ...productionEnv, SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(() => loadConfig({ ...productionEnv, DEV_MAILBOX: 'true' })).toThrow(
      /DEV_MAILBOX: must not be set when NODE_ENV=production/,
    );
    expect(loadConfig({ ...productionEnv, DEV_MAILBOX: 'false' }).mailboxEnabled).toBe(false);
    expect(loadConfig({ DEV_MAILBOX: 'false' })).toMatchObject({ mailboxEnabled: false, seedDemo: true });
  });

  it('writes an access line a request, except in production, which counts quick reads (decision 063)', () => {
    expect(loadConfig({}).accessLog).toEqual({ mode: 'all', slowMs: 1_000, summaryMs: 60_000 });
    expect(loadConfig(productionEnv).accessLog).toEqual({ mode: 'summary', slowMs: 1_000, summaryMs: 60_000 });
    expect(
      loadConfig({ ...productionEnv, ACCESS_LOG: 'all', ACCESS_LOG_SLOW_MS: '250', ACCESS_LOG_SUMMARY_SECONDS: '10' })
        .accessLog,
    ).toEqual({ mode: 'all', slowMs: 250, summaryMs: 10_000 });
    expect(() => loadConfig({ ACCESS_LOG: 'some' })).toThrow(/ACCESS_LOG/);
  });

  it('serves the group-order site under a path of its own, /group-orders-site by default', () => {
    expect(loadConfig({})).toMatchObject({
      groupOrdersUrl: 'http://localhost:3000/group-orders-site',
      groupOrdersBasePath: '/group-orders-site',
      groupOrdersHost: null,
    });
    expect(
      loadConfig({ PUBLIC_URL: 'https://caterway.ca/', GROUP_ORDERS_URL: 'https://caterway.ca/team-meals/' }),
    ).toMatchObject({
      groupOrdersUrl: 'https://caterway.ca/team-meals',
      groupOrdersBasePath: '/team-meals',
      groupOrdersHost: null,
    });
    // a host name of its own serves the site at its root
    expect(
      loadConfig({ PUBLIC_URL: 'https://caterway.ca', GROUP_ORDERS_URL: 'https://teams.caterway.ca/' }),
    ).toMatchObject({
      groupOrdersUrl: 'https://teams.caterway.ca',
      groupOrdersBasePath: '',
      groupOrdersHost: 'teams.caterway.ca',
    });
    expect(() => loadConfig({ PUBLIC_URL: 'https://caterway.ca', GROUP_ORDERS_URL: 'https://caterway.ca/' })).toThrow(
      /GROUP_ORDERS_URL: on the storefront's host it needs a path of its own/,
    );
    expect(() => loadConfig({ GROUP_ORDERS_URL: 'https://caterway.ca/api/site' })).toThrow(/GROUP_ORDERS_URL/);
  });

  describe('the merchant of record on invoices (docs/decisions/034)', () => {
    const company = {
      COMPANY_LEGAL_NAME: 'Caterway Technologies Inc.',
      COMPANY_ADDRESS: '200 Bay St, Toronto, ON M5J 2J2',
      TAX_GST_HST_NUMBER: '876543210 RT0001',
      TAX_QST_NUMBER: '1098765432 TQ0001',
    };

    it('takes the four settings as given, registration numbers written the CRA and Revenu Québec way', () => {
      expect(
        loadConfig({ ...company, TAX_GST_HST_NUMBER: '876543210rt0001', TAX_QST_NUMBER: ' 1098765432 tq 0001 ' })
          .company,
      ).toEqual({
        legalName: 'Caterway Technologies Inc.',
        address: '200 Bay St, Toronto, ON M5J 2J2',
        gstHstNumber: '876543210 RT0001',
        qstNumber: '1098765432 TQ0001',
        sample: false,
      });
      expect(loadConfig(productionEnv).company).toMatchObject({
        gstHstNumber: productionEnv.TAX_GST_HST_NUMBER,
        qstNumber: productionEnv.TAX_QST_NUMBER,
        sample: false,
      });
    });

    it('uses sample values, flagged as samples, outside production when none is set', () => {
      expect(loadConfig({}).company).toEqual({
        legalName: 'Caterway Demo Inc.',
        address: '100 King St W, Suite 5600, Toronto, ON M5X 1A9, Canada',
        gstHstNumber: '123456789 RT0001',
        qstNumber: '1234567890 TQ0001',
        sample: true,
      });
    });

    it('refuses some company settings without the others, naming each missing one', () => {
      let message = '';
      try {
        loadConfig({ COMPANY_LEGAL_NAME: 'Caterway Technologies Inc.', TAX_QST_NUMBER: '1098765432 TQ0001' });
      } catch (err) {
        message = (err as Error).message;
      }
      expect(message.split('\n')).toEqual([
        'Invalid configuration:',
        expect.stringMatching(
          /^ {2}COMPANY_ADDRESS: set it with COMPANY_LEGAL_NAME, TAX_QST_NUMBER: the four company settings go together/,
        ),
        expect.stringMatching(/^ {2}TAX_GST_HST_NUMBER: set it with COMPANY_LEGAL_NAME, TAX_QST_NUMBER/),
      ]);
    });

    it('refuses registration numbers of the wrong shape', () => {
      for (const bad of [
        '123456789',
        '12345678 RT0001',
        '123456789 RC0001',
        '123456789 RT001',
        '1234567890 TQ0001',
        'RT0001 123456789',
      ]) {
        expect(() => loadConfig({ ...company, TAX_GST_HST_NUMBER: bad }), bad).toThrow(
          /TAX_GST_HST_NUMBER: must be a 9-digit business number, RT and 4 digits, e\.g\. 123456789 RT0001/,
        );
      }
      for (const bad of [
        '1234567890',
        '123456789 TQ0001',
        '1234567890 RT0001',
        '1234567890 TQ00001',
        '123456789 RT0001',
      ]) {
        expect(() => loadConfig({ ...company, TAX_QST_NUMBER: bad }), bad).toThrow(
          /TAX_QST_NUMBER: must be 10 digits, TQ and 4 digits, e\.g\. 1234567890 TQ0001/,
        );
      }
      expect(() => loadConfig({ ...company, COMPANY_ADDRESS: 'Toronto' })).toThrow(
        /COMPANY_ADDRESS: must be the full business address/,
      );
      // in production too, where the shape is refused rather than reported missing
      expect(() => loadConfig({ ...productionEnv, TAX_QST_NUMBER: '1098765432' })).toThrow(
        /^Invalid configuration:\n {2}TAX_QST_NUMBER: must be 10 digits/,
      );
    });
  });
});
