// Helpers for the auth integration tests (not loaded by the app).
import crypto from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { SignUpBody } from '@caterway/contracts';
import { createOfflineGeocoder } from '../../adapters/geocoding/offline-geocoder.js';
import type { Db } from '../../db/pool.js';
import type { Geocoder, GeocodeResult } from '../../ports/geocoder.js';

/**
 * A small geocoder typed against the port: 'nowhere' is unknown, 'geocoder down' is an
 * outage, input without a street number is too broad, anything else is in downtown Toronto.
 */
const gazetteer = createOfflineGeocoder();

export const testGeocoder: Geocoder = {
  kind: 'offline',
  // where a point is: the real offline gazetteer (the tax of the place of supply)
  placeAt: (latitude, longitude) => gazetteer.placeAt(latitude, longitude),
  geocode: (query) => Promise.resolve(testGeocode(query)),
  suggest: () => Promise.resolve([]),
};

function testGeocode(query: string): GeocodeResult {
  if (/nowhere/i.test(query)) return { ok: false, reason: 'not_found' };
  if (/geocoder down/i.test(query)) return { ok: false, reason: 'unavailable' };
  if (!/\d/.test(query)) return { ok: false, reason: 'too_broad' };
  const street = query.split(',')[0]!.trim();
  return {
    ok: true,
    address: {
      label: `${street}, Toronto, ON M5X 1A9, Canada`,
      address1: street,
      city: 'Toronto',
      province: 'ON',
      zip: 'M5X 1A9',
      country: 'CA',
      latitude: 43.6487,
      longitude: -79.3817,
      precision: 'street',
    },
  };
}

/** A fresh client address per test, so the per-IP limit of one test never touches another. */
export function randomIp(): string {
  const b = crypto.randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

interface Injector {
  inject(opts: InjectOptions): Promise<LightMyRequestResponse>;
}

/**
 * app.inject that also checks what no auth answer may ever contain: a password hash.
 * Every test request in the auth suites goes through it.
 */
export async function call(
  app: Injector,
  opts: InjectOptions & { ip?: string; token?: string },
): Promise<LightMyRequestResponse> {
  const { ip, token, headers, ...rest } = opts;
  const res = await app.inject({
    ...rest,
    remoteAddress: ip ?? randomIp(),
    headers: { ...(headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  expect(res.body).not.toContain('password_hash');
  expect(res.body).not.toContain('$argon2');
  return res;
}

export function uniqueEmail(tag = 'user'): string {
  return `${tag}.${crypto.randomBytes(4).toString('hex')}@example.com`;
}

export const goodPassword = 'Lunch4Forty';

export function signUpBody(overrides: Partial<SignUpBody['user']> = {}): SignUpBody {
  return {
    user: {
      first_name: 'Dana',
      last_name: 'Morgan',
      email: uniqueEmail(),
      phone: '416-555-0101',
      company_name: 'Northwind Consulting',
      address1: '100 King St W, Toronto, ON',
      address2: 'Suite 500',
      // the chosen suggestion's point (ordering-payments §5: a geocoded address is required)
      latitude: 43.6487,
      longitude: -79.3817,
      password: goodPassword,
      password_confirmation: goodPassword,
      ...overrides,
    },
  };
}

export interface OutboxRow {
  id: number;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  template: string;
  transport: string;
  sent_at: Date | null;
  error: string | null;
  attachments: { filename: string; content_type: string; content: string }[];
}

export async function emailsTo(db: Db, to: string, template?: string): Promise<OutboxRow[]> {
  const { rows } = await db.query<OutboxRow>(
    `SELECT * FROM outbox_emails WHERE lower(to_address) = lower($1) AND ($2::text IS NULL OR template = $2) ORDER BY id`,
    [to, template ?? null],
  );
  return rows;
}

/** The first link in a text body that starts with the given prefix. */
export function linkIn(text: string, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}[^\\s"<>]*`).exec(text);
  if (!match) throw new Error(`no link starting with ${prefix} in:\n${text}`);
  return match[0];
}

/** Path and query of an absolute link, for app.inject. */
export function pathOf(link: string): string {
  const u = new URL(link);
  return `${u.pathname}${u.search}`;
}

/** The id of the account of an email (sign-up's answer names no account). */
export async function userIdOf(db: Db, email: string): Promise<number> {
  const { rows } = await db.query<{ id: number }>('SELECT id FROM users WHERE lower(email) = lower($1)', [email]);
  if (!rows[0]) throw new Error(`no account for ${email}`);
  return Number(rows[0].id);
}

/** Signs up through the API and follows the emailed confirmation link. */
export async function confirmedUser(
  app: Injector,
  db: Db,
  overrides: Partial<SignUpBody['user']> = {},
): Promise<{ email: string; password: string; id: number }> {
  const body = signUpBody(overrides);
  const res = await call(app, { method: 'POST', url: '/api/v2/users', payload: body });
  expect(res.statusCode).toBe(201);
  const [mail] = await emailsTo(db, body.user.email, 'confirm_email');
  const confirm = await call(app, { method: 'GET', url: pathOf(linkIn(mail!.text_body, 'http')) });
  expect(confirm.headers.location).toMatch(/confirmed=ok/);
  return { email: body.user.email, password: body.user.password, id: await userIdOf(db, body.user.email) };
}

export async function signIn(
  app: Injector,
  email: string,
  password: string,
  ip?: string,
): Promise<LightMyRequestResponse> {
  return call(app, { method: 'POST', url: '/user_token', payload: { auth: { email, password } }, ip });
}

/** Signs up, confirms and signs in; answers the JWT. */
export async function signedInUser(app: Injector, db: Db, overrides: Partial<SignUpBody['user']> = {}) {
  const user = await confirmedUser(app, db, overrides);
  const res = await signIn(app, user.email, user.password);
  expect(res.statusCode).toBe(200);
  return { ...user, jwt: res.json().jwt as string };
}
