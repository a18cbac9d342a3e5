import type { Queryable } from '../../db/pool.js';

/** The readiness probe's question to the database: does it answer a query? Throws when not. */
export async function databaseAnswers(db: Queryable): Promise<void> {
  await db.query('SELECT 1');
}
