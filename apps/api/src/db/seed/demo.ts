// First start: load the demo catalogue and the demo accounts once (ARCHITECTURE.md, "One
// command to run"). catalogue_loads remembers that it happened; an advisory lock keeps two
// processes starting together from both loading.
import crypto from 'node:crypto';
import { demoAccounts, demoRestaurantTeam } from '../../lib/demo-accounts.js';
import { newPasswordProblems } from '../../lib/password-policy.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { withTransaction, type Db, type Queryable } from '../pool.js';
import { demoOptions } from './generator.js';
import { loadCatalogue } from './loader.js';

const DEMO_LOCK_KEY = 727_002; // 727_001 is the migration lock

interface Log {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

/** Where the demo accounts live: an office tower on King St W, Toronto. */
export const demoAddress = {
  address1: '100 King St W',
  city: 'Toronto',
  province: 'ON',
  zip: 'M5X 1A9',
  country: 'CA',
  latitude: 43.6487,
  longitude: -79.3817,
  phone: '416-555-0142',
} as const;

/** The demo accounts' password hashes; their passwords obey the rules of any new password (decision 029). */
async function demoPasswordHashes(): Promise<string[]> {
  for (const a of demoAccounts) {
    const problems = newPasswordProblems(a.password, { email: a.email });
    if (problems.length)
      throw new Error(`The demo password of ${a.email} breaks the password rules: ${problems.join(' ')}`);
  }
  return Promise.all(demoAccounts.map((a) => hashPassword(a.password)));
}

/** A confirmed demo account at the demo address, unless its email exists; its id when created. */
export async function insertDemoUser(
  db: Queryable,
  account: { email: string; firstName: string; lastName: string; companyName: string },
  passwordHash: string,
  role: 'customer' | 'staff',
): Promise<number | undefined> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO users (email, password_hash, role, first_name, last_name, company_name, phone,
                        address1, city, province, zip, country, latitude, longitude, confirmed_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, now())
     ON CONFLICT ((lower(email))) DO NOTHING RETURNING id::int AS id`,
    [
      account.email,
      passwordHash,
      role,
      account.firstName,
      account.lastName,
      account.companyName,
      demoAddress.phone,
      demoAddress.address1,
      demoAddress.city,
      demoAddress.province,
      demoAddress.zip,
      demoAddress.country,
      demoAddress.latitude,
      demoAddress.longitude,
    ],
  );
  return rows[0]?.id;
}

/** Creates the confirmed demo accounts that do not exist yet; returns how many were created. */
export async function insertDemoAccounts(db: Queryable, hashes?: string[]): Promise<number> {
  hashes ??= await demoPasswordHashes();
  let created = 0;
  for (const [i, account] of demoAccounts.entries()) {
    if ((await insertDemoUser(db, account, hashes[i]!, account.role)) !== undefined) created++;
  }
  return created;
}

/**
 * Loads the demo catalogue and the demo accounts when no catalogue was ever loaded, in one
 * transaction. Later starts (and a second process racing this one) load nothing.
 */
export async function ensureDemoData(db: Db, log: Log): Promise<{ loaded: boolean; summary: Record<string, number> }> {
  // cheap check first, so a normal start neither waits for the lock nor hashes passwords
  const { rowCount } = await db.query('SELECT 1 FROM catalogue_loads LIMIT 1');
  if (rowCount) return { loaded: false, summary: {} };
  const hashes = await demoPasswordHashes();
  return withTransaction(db, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [DEMO_LOCK_KEY]);
    const loads = await client.query('SELECT 1 FROM catalogue_loads LIMIT 1');
    if (loads.rowCount) return { loaded: false, summary: {} };
    const chefs = await client.query('SELECT 1 FROM chefs LIMIT 1');
    if (chefs.rowCount) {
      // someone filled the catalogue by hand: never mix the demo into it
      log.warn({}, 'catalogue has chefs but no recorded load; demo catalogue not loaded');
      return { loaded: false, summary: {} };
    }
    const summary = await loadCatalogue(client, { ...demoOptions, kind: 'demo' });
    const accounts = await insertDemoAccounts(client, hashes);
    return { loaded: true, summary: { ...summary, demo_accounts: accounts } };
  });
}

/**
 * Production never keeps the demo staff account's published password (docs/decisions/028): when
 * the account exists and still accepts it (loaded just now by SEED_DEMO=true, or by an older
 * version), it gets a random password, its sessions are revoked, and the new password is
 * returned for the caller to print once. Null when there was nothing to change.
 */
export function replaceDemoStaffPassword(db: Db): Promise<{ email: string; password: string } | null> {
  return replacePublishedPassword(
    db,
    demoAccounts.find((a) => a.role === 'staff')!,
  );
}

/** The same for the demo restaurant team (issue 19): its published password would answer two restaurants' orders. */
export function replaceDemoTeamPassword(db: Db): Promise<{ email: string; password: string } | null> {
  return replacePublishedPassword(db, demoRestaurantTeam);
}

async function replacePublishedPassword(
  db: Db,
  staff: { email: string; password: string },
): Promise<{ email: string; password: string } | null> {
  const { rows } = await db.query<{ id: number; password_hash: string }>(
    'SELECT id, password_hash FROM users WHERE lower(email) = lower($1)',
    [staff.email],
  );
  const row = rows[0];
  if (!row || !(await verifyPassword(row.password_hash, staff.password))) return null;
  const password = crypto.randomBytes(18).toString('base64url');
  const passwordHash = await hashPassword(password);
  const changed = await withTransaction(db, async (client) => {
    // only if nobody changed it meanwhile (two instances starting together: one of them prints)
    const { rowCount } = await client.query(
      'UPDATE users SET password_hash = $2 WHERE id = $1 AND password_hash = $3',
      [row.id, passwordHash, row.password_hash],
    );
    if (rowCount)
      await client.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL', [row.id]);
    return Boolean(rowCount);
  });
  return changed ? { email: staff.email, password } : null;
}
