import type { Config } from '../config/env.js';
import type { Db } from '../db/pool.js';
import type { Mailer } from '../ports/email.js';
import type { Geocoder } from '../ports/geocoder.js';
import type { PaymentProvider } from '../ports/payments.js';
import type { Storage } from '../ports/storage.js';
import type { Clock } from './clock.js';

/** What the app is built from; tests pass their own (fixed clock, local SMTP, ...). */
export interface AppDeps {
  config: Config;
  db: Db;
  clock: Clock;
  mailer: Mailer;
  geocoder: Geocoder;
  /** sandbox provider by default, Stripe when STRIPE_SECRET_KEY is set (adapters/payments) */
  payments: PaymentProvider;
  /**
   * where photos are kept (adapters/storage): DATA_DIR/uploads or the S3 bucket; when left out
   * (tests that build their own deps) the photos module makes the configured one itself
   */
  storage?: Storage;
  /** secret that signs session JWTs */
  jwtSecret: Uint8Array;
}
