import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

// int8 (bigint ids, counts) come back as JS numbers: our ids and cent amounts stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number.parseFloat(v));
// dates stay as yyyy-MM-dd strings; they are calendar days, not instants
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

export type Db = pg.Pool;
export type Queryable = pg.Pool | pg.PoolClient;

export function createPool(
  connectionString: string,
  options: { max?: number; logger?: Pick<FastifyBaseLogger, 'error' | 'warn'> } = {},
): Db {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client whose server went away emits 'error' on the pool; without a
  // listener Node would crash the process. Requests meanwhile fail with 503.
  const lost = (err: Error) => {
    options.logger?.warn(
      { err: { message: err.message, code: (err as { code?: string }).code } },
      'database connection lost',
    );
  };
  pool.on('error', lost);
  // A checked-out client (inside a transaction, between two queries) has no pool listener: its
  // 'error' would crash the process when the server dies. Its next query fails instead (503).
  pool.on('connect', (client) => client.on('error', lost));
  return pool;
}

const statementNames = new Map<string, string>();

/**
 * The statement as a named prepared statement (docs/decisions/021): PostgreSQL parses and plans
 * it once per connection, then reuses it (after five runs a generic plan when it is as good),
 * instead of on every call. For the fixed statements of hot paths (the checkout finalize, the
 * catalogue and search reads: decisions 021, 022), where planning cost as much as running. Its
 * answer must name its columns: a prepared statement's result type is fixed, so with a final
 * `SELECT *` or `RETURNING *` a migration adding a column would fail it on every open connection
 * ("cached plan must not change result type"; a `*` inside a CTE is harmless).
 */
export function prepared(text: string, values: unknown[]): pg.QueryConfig {
  let name = statementNames.get(text);
  if (name === undefined) {
    // named by its text: pg refuses one name for two texts on a connection
    name = `s_${crypto.createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
    statementNames.set(text, name);
  }
  return { name, text, values };
}

/** Runs fn inside a transaction on one client; rolls back on any error. */
/** What runs once a transaction of withTransaction commits, by its client. */
const commitHooks = new WeakMap<object, (() => void)[]>();

/**
 * Runs `fn` once the work done on `tx` is committed: after the COMMIT of the withTransaction
 * that `tx` is the client of, never after a rollback; at once when `tx` is not in one (its
 * statements have already committed). `fn` must not throw; it is not awaited.
 */
export function afterCommit(tx: Queryable, fn: () => void): void {
  const hooks = commitHooks.get(tx);
  if (hooks) hooks.push(fn);
  else fn();
}

export async function withTransaction<T>(db: Db, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await db.connect();
  const hooks: (() => void)[] = [];
  try {
    await client.query('BEGIN');
    commitHooks.set(client, hooks);
    const result = await fn(client);
    await client.query('COMMIT');
    commitHooks.delete(client);
    for (const hook of hooks) {
      try {
        hook();
      } catch {
        // committed: a hook's failure is its own to report, never the transaction's
      }
    }
    return result;
  } catch (err) {
    commitHooks.delete(client);
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

const unavailableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
  '53300',
]);

/** True for errors that mean "the database is not reachable right now" rather than a bad query. */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { code?: string; message?: string };
  if (e.code && unavailableCodes.has(e.code)) return true;
  const msg = e.message ?? '';
  return /Connection terminated|timeout exceeded when trying to connect|connect ECONNREFUSED|Client has encountered a connection error/.test(
    msg,
  );
}

/** The same server URL pointing at another database. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
