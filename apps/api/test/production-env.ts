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
