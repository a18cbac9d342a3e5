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
  DATA_DIR: '/tmp/caterway-test-data',
} as const;

/** The refusal of a production start with nothing set: a header, then one line per setting. */
export const refusalWithNothingSet = [
  'Invalid configuration:',
  /^  JWT_SECRET: required when NODE_ENV=production/,
  /^  PUBLIC_URL: required when NODE_ENV=production/,
  /^  SMTP_URL: required when NODE_ENV=production/,
  /^  GEOCODER_URL: required when NODE_ENV=production/,
  /^  STRIPE_SECRET_KEY: required when NODE_ENV=production, unless PAYMENTS=sandbox/,
  /^  STRIPE_PUBLISHABLE_KEY: required when NODE_ENV=production, unless PAYMENTS=sandbox/,
  /^  STRIPE_WEBHOOK_SECRET: required when NODE_ENV=production, unless PAYMENTS=sandbox/,
] as const;

/** Lines matched against refusalWithNothingSet (or any such list), for toEqual. */
export const matching = (lines: readonly (string | RegExp)[]) => lines.map((l) => (typeof l === 'string' ? l : expect.stringMatching(l)));
