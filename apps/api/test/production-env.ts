import { expect } from 'vitest';

// Every setting a production start requires (config/env.ts, docs/decisions/028), for tests that
// need a valid production configuration and change one thing.
export const productionEnv = {
  NODE_ENV: 'production',
  JWT_SECRET: 'a'.repeat(40),
  PUBLIC_URL: 'https://caterway.example',
  SMTP_URL: 'smtp://127.0.0.1:2525',
  GEOCODER_URL: 'https://geocoder.example',
  PAYMENTS: 'sandbox',
  COMPANY_LEGAL_NAME: 'Caterway Technologies Inc.',
  COMPANY_ADDRESS: '200 Bay St, Suite 1200, Toronto, ON M5J 2J2, Canada',
  TAX_GST_HST_NUMBER: '876543210 RT0001',
  TAX_QST_NUMBER: '1098765432 TQ0001',
  SUPPORT_PHONE: '+1 416-555-0199',
  DATA_DIR: '/tmp/caterway-test-data',
} as const;

/** The refusal of a production start with nothing set: a header, then one line per setting. */
export const refusalWithNothingSet = [
  'Invalid configuration:',
  /^ {2}JWT_SECRET: required when NODE_ENV=production/,
  /^ {2}PUBLIC_URL: required when NODE_ENV=production/,
  /^ {2}SMTP_URL: required when NODE_ENV=production/,
  /^ {2}GEOCODER_URL: required when NODE_ENV=production/,
  /^ {2}COMPANY_LEGAL_NAME: required when NODE_ENV=production/,
  /^ {2}COMPANY_ADDRESS: required when NODE_ENV=production/,
  /^ {2}TAX_GST_HST_NUMBER: required when NODE_ENV=production/,
  /^ {2}TAX_QST_NUMBER: required when NODE_ENV=production/,
  /^ {2}SUPPORT_PHONE: required when NODE_ENV=production/,
  /^ {2}STRIPE_SECRET_KEY: required when NODE_ENV=production, unless PAYMENTS=sandbox/,
  /^ {2}STRIPE_PUBLISHABLE_KEY: required when NODE_ENV=production, unless PAYMENTS=sandbox/,
  /^ {2}STRIPE_WEBHOOK_SECRET: required when NODE_ENV=production, unless PAYMENTS=sandbox/,
] as const;

/** Lines matched against refusalWithNothingSet (or any such list), for toEqual. */
export const matching = (lines: readonly (string | RegExp)[]) =>
  lines.map((l) => (typeof l === 'string' ? l : expect.stringMatching(l)));
