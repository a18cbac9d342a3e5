import fs from 'node:fs';
import path from 'node:path';
import { installQueueSchema } from '../lib/jobs.js';
import type { Db } from './pool.js';

const migrationsDir = path.join(import.meta.dirname, 'migrations');
const LOCK_KEY = 727_001; // advisory lock so several instances never migrate at once
const QUEUE_MIGRATION = '036_graphile_worker_queue.sql';

export interface MigrationResult {
  applied: string[];
}

/**
 * Applies every migrations/NNN_name.sql not yet recorded, each in its own transaction.
 * stopBefore (tests of a migration's data step): only the files sorting before that name.
 */
export async function migrate(db: Db, options: { stopBefore?: string } = {}): Promise<MigrationResult> {
  const files = fs
    .readdirSync(migrationsDir)
    .filter((f) => /^\d{3}_[a-z0-9_]+\.sql$/.test(f))
    .filter((f) => options.stopBefore === undefined || f < options.stopBefore)
    .sort();
  const client = await db.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const { rows } = await client.query<{ version: string }>('SELECT version FROM schema_migrations');
    const done = new Set(rows.map((r) => r.version));
    // the job queue's own schema (graphile_worker, decision 038), which migration 036 builds on
    if (files.some((f) => f >= QUEUE_MIGRATION)) {
      await installQueueSchema(db, { error: (_obj, msg) => console.error(msg) });
    }
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = fs.readFileSync(path.join(migrationsDir, file), 'utf8');
      await client.query('BEGIN');
      try {
        await client.query(sql);
        await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [file]);
        await client.query('COMMIT');
        applied.push(file);
      } catch (err) {
        await client.query('ROLLBACK');
        throw new Error(`Migration ${file} failed: ${(err as Error).message}`);
      }
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]).catch(() => undefined);
    client.release();
  }
  return { applied };
}
