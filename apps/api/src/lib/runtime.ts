import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/env.js';
import { ensureAppDatabase, lockDataDir, startEmbeddedPostgres, type EmbeddedServer } from '../db/embedded.js';
import { migrate } from '../db/migrate.js';
import { createPool, type Db } from '../db/pool.js';

export interface Database {
  db: Db;
  url: string;
  embedded?: EmbeddedServer;
  close(): Promise<void>;
}

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/**
 * Opens the database the configuration names: DATABASE_URL, or the embedded PostgreSQL
 * server with its cluster under DATA_DIR/postgres (locked against a second start), as the app's
 * own role (not a superuser) with the password kept in DATA_DIR/postgres-credentials.json.
 * Migrates it before returning.
 */
export async function openDatabase(
  config: Config,
  log: Log,
  options: { onLost?: (message: string) => void } = {},
): Promise<Database> {
  let url = config.databaseUrl;
  let embedded: EmbeddedServer | undefined;
  let unlock = () => {};
  if (!url) {
    unlock = lockDataDir(config.dataDir);
    try {
      embedded = await startEmbeddedPostgres(path.join(config.dataDir, 'postgres'), {
        onLog: (line) => {
          if (/FATAL|PANIC|ERROR|orphaned|unexpectedly|is back/.test(line))
            log.warn({ postgres: line.trim() }, 'embedded postgres');
        },
        onLost: options.onLost,
      });
    } catch (err) {
      unlock();
      throw err;
    }
    try {
      // the app's own role and database; the superuser is used for nothing else (decision 028)
      url = await ensureAppDatabase(embedded);
    } catch (err) {
      await embedded.stop().catch(() => undefined);
      unlock();
      throw err;
    }
  }
  const db = createPool(url, { max: config.databasePoolSize, logger: log });
  try {
    const { applied } = await migrate(db);
    if (applied.length) log.info({ applied }, 'database migrated');
  } catch (err) {
    await db.end().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    unlock();
    throw err;
  }
  return {
    db,
    url,
    embedded,
    async close() {
      await db.end().catch(() => undefined);
      await embedded?.stop().catch(() => undefined);
      unlock();
    },
  };
}
