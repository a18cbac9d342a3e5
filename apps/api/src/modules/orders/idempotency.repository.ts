import { prepared, type Queryable } from '../../db/pool.js';
import { parameters, standalone, type ReadPart, type SqlPart } from '../../db/sql-parts.js';
import { AppError } from '../../lib/errors.js';

// The SQL of Idempotency-Key (idempotency.ts says the semantics): one row per user and key,
// 'in_progress' while the first request runs, then 'done' with the stored answer. A key left
// 'in_progress' by a crashed process is taken over after STALE_SECONDS.

const STALE_SECONDS = 120;

export interface StoredResponse {
  status: number;
  body: unknown;
}

export class IdempotentReplay extends Error {
  constructor(readonly response: StoredResponse) {
    super('replay');
  }
}

/** Stores the answer of a key, as a part of the statement that did the work (db/sql-parts.ts). */
export function finishPart(input: { userId: number; key: string; response: StoredResponse }): SqlPart {
  return {
    sql: (
      p,
      guard,
    ) => `UPDATE idempotency_keys SET status = 'done', response_status = ${p(input.response.status)}::int, response_body = ${p(JSON.stringify(input.response.body))}::jsonb
      WHERE user_id = ${p(input.userId)}::bigint AND key = ${p(input.key)}::text AND EXISTS (SELECT 1 FROM ${guard})`,
  };
}

export function createIdempotencyRepository(db: Queryable) {
  return {
    /**
     * Takes the key for this request, or throws: IdempotentReplay with the stored answer,
     * 409 while the first request runs, 422 for a different request under the same key.
     * `read`: a row the work needs first, read in the same statement as a new key's insert
     * (undefined when there is no such row, or when the key was not new).
     */
    async begin(
      input: { userId: number; key: string; endpoint: string; hash: string; now: Date },
      read?: ReadPart,
    ): Promise<{ row?: Record<string, unknown> }> {
      const { values, param } = parameters([input.userId, input.key, input.endpoint, input.hash, input.now]);
      const claim = `INSERT INTO idempotency_keys (user_id, key, endpoint, request_hash, status, created_at)
           VALUES ($1, $2, $3, $4, 'in_progress', $5) ON CONFLICT (user_id, key) DO NOTHING`;
      if (read) {
        const { rows } = await db.query<{ idempotency_claimed: boolean; idempotency_found: boolean | null }>(
          prepared(
            `WITH claim AS (${claim} RETURNING 1)
             SELECT EXISTS (SELECT 1 FROM claim) AS idempotency_claimed, r.*
               FROM (SELECT 1) one LEFT JOIN (SELECT true AS idempotency_found, x.* FROM (${read(param)}) x) r ON true`,
            values,
          ),
        );
        const { idempotency_claimed: claimed, idempotency_found: found, ...row } = rows[0]!;
        if (claimed) return { row: found ? row : undefined };
      } else {
        const inserted = await db.query(prepared(claim, values));
        if (inserted.rowCount === 1) return {};
      }
      const { rows } = await db.query<{
        endpoint: string;
        request_hash: string;
        status: string;
        response_status: number | null;
        response_body: unknown;
        created_at: Date;
      }>(
        'SELECT endpoint, request_hash, status, response_status, response_body, created_at FROM idempotency_keys WHERE user_id = $1 AND key = $2',
        [input.userId, input.key],
      );
      const row = rows[0];
      if (!row) return this.begin(input, read); // released between our insert and read: try again
      if (row.endpoint !== input.endpoint || row.request_hash !== input.hash) {
        throw new AppError('validation', 'This Idempotency-Key was already used with a different request.', {
          messages: ['This Idempotency-Key was already used with a different request.'],
        });
      }
      if (row.status === 'done')
        throw new IdempotentReplay({ status: row.response_status ?? 200, body: row.response_body });
      // a crashed first request: take the key over
      const taken = await db.query(
        `UPDATE idempotency_keys SET created_at = $3 WHERE user_id = $1 AND key = $2 AND status = 'in_progress'
            AND created_at < $3::timestamptz - make_interval(secs => $4)`,
        [input.userId, input.key, input.now, STALE_SECONDS],
      );
      if (taken.rowCount === 1) return {};
      throw new AppError(
        'conflict',
        'A request with this Idempotency-Key is still being processed. Please retry in a moment.',
      );
    },

    async finish(input: { userId: number; key: string; response: StoredResponse }): Promise<void> {
      const { text, values } = standalone(finishPart(input));
      await db.query(text, values);
    },

    /** At the start of the only process on a database (embedded): keys left by a crashed run. */
    async releaseAllInProgress(): Promise<number> {
      return (await db.query(`DELETE FROM idempotency_keys WHERE status = 'in_progress'`)).rowCount ?? 0;
    },

    async release(input: { userId: number; key: string }): Promise<void> {
      await db.query(`DELETE FROM idempotency_keys WHERE user_id = $1 AND key = $2 AND status = 'in_progress'`, [
        input.userId,
        input.key,
      ]);
    },
  };
}
export type IdempotencyRepository = ReturnType<typeof createIdempotencyRepository>;
