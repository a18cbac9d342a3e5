import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { installQueueSchema } from '../lib/jobs.js';
import type { Db } from './pool.js';

const defaultDir = path.join(import.meta.dirname, 'migrations');
const LOCK_KEY = 727_001; // advisory lock so several instances never migrate at once
const QUEUE_MIGRATION = '036_graphile_worker_queue.sql';

export interface MigrationResult {
  applied: string[];
  /** applied migrations recorded before checksums existed, whose checksum was recorded now */
  backfilled: string[];
}

/** sha256 of a migration file's bytes, hex */
export function migrationChecksum(contents: Buffer | string): string {
  return createHash('sha256').update(contents).digest('hex');
}

/** An applied migration whose file no longer matches what was applied: the runner refuses to go on. */
export class MigrationEditedError extends Error {
  constructor(readonly file: string) {
    super(
      `Migration ${file} was edited after it was applied (its sha256 differs from the one recorded in ` +
        `schema_migrations). Restore the file as it was and put the change in a new migration.`,
    );
    this.name = 'MigrationEditedError';
  }
}

/**
 * Applies every migrations/NNN_name.sql not yet recorded, each in its own transaction, recording
 * the sha256 of its file. Before applying anything it checks the files of the applied ones against
 * their recorded checksums and throws MigrationEditedError, naming the file, when one was edited;
 * an applied migration recorded before checksums existed gets the checksum of its file as it is
 * now (the column is added here, idempotently).
 * stopBefore (tests of a migration's data step): only the files sorting before that name.
 * dir (tests of the runner): another folder of migrations.
 */
export async function migrate(db: Db, options: { stopBefore?: string; dir?: string } = {}): Promise<MigrationResult> {
  const dir = options.dir ?? defaultDir;
  const files = fs
    .readdirSync(dir)
    .filter((f) => /^\d{3}_[a-z0-9_]+\.sql$/.test(f))
    .sort();
  const contents = new Map(files.map((f) => [f, fs.readFileSync(path.join(dir, f))]));
  const client = await db.connect();
  const applied: string[] = [];
  const backfilled: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    await client.query('ALTER TABLE schema_migrations ADD COLUMN IF NOT EXISTS checksum text');
    const { rows } = await client.query<{ version: string; checksum: string | null }>(
      'SELECT version, checksum FROM schema_migrations',
    );
    const done = new Set(rows.map((r) => r.version));
    for (const row of rows) {
      const file = contents.get(row.version);
      if (!file) continue; // a migration of another branch or a removed file: nothing to compare
      const checksum = migrationChecksum(file);
      if (row.checksum === null) {
        await client.query('UPDATE schema_migrations SET checksum = $2 WHERE version = $1 AND checksum IS NULL', [
          row.version,
          checksum,
        ]);
        backfilled.push(row.version);
      } else if (row.checksum !== checksum) {
        throw new MigrationEditedError(row.version);
      }
    }
    // the job queue's own schema (graphile_worker, decision 038), which migration 036 builds on
    if (files.some((f) => f >= QUEUE_MIGRATION)) {
      await installQueueSchema(db, { error: (_obj, msg) => console.error(msg) });
    }
    for (const file of files) {
      if (done.has(file) || (options.stopBefore !== undefined && file >= options.stopBefore)) continue;
      const sql = contents.get(file)!;
      await client.query('BEGIN');
      try {
        await client.query(sql.toString('utf8'));
        await client.query('INSERT INTO schema_migrations (version, checksum) VALUES ($1, $2)', [
          file,
          migrationChecksum(sql),
        ]);
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
  return { applied, backfilled: backfilled.sort() };
}
