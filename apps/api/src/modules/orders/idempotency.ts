import crypto from 'node:crypto';
import { prepared, type Queryable } from '../../db/pool.js';
import { isDatabaseUnavailable } from '../../db/pool.js';
import { parameters, standalone, type ReadPart, type SqlPart } from '../../db/sql-parts.js';
import { AppError } from '../../lib/errors.js';
import { retryUntilDatabase } from '../../lib/retry-until-database.js';

// Idempotency-Key for requests that move money (ordering-payments §4 Checkout; issue 4 item 7).
// Semantics follow Stripe's:
// - the first request with a key runs and its answer is stored (2xx and 4xx, except 409);
// - the same key with the same body answers the stored result; while the first still runs, 409;
// - the same key with another body (or another endpoint) is refused with 422;
// - a 5xx or 409 answer is not stored, so the client may retry with the same key.
// Keys are per user. A key left 'in_progress' by a crashed process is taken over after STALE.

const STALE_SECONDS = 120;
const KEY = /^[\x21-\x7e]{1,255}$/;

export interface StoredResponse {
  status: number;
  body: unknown;
}

export class IdempotentReplay extends Error {
  constructor(readonly response: StoredResponse) {
    super('replay');
  }
}

/** Canonical JSON (sorted keys) hashed: the same body in any key order is the same request. */
export function requestHash(value: unknown): string {
  const canonical = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(canonical);
    if (v && typeof v === 'object')
      return Object.fromEntries(
        Object.keys(v)
          .sort()
          .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
      );
    return v;
  };
  return crypto
    .createHash('sha256')
    .update(JSON.stringify(canonical(value)))
    .digest('hex');
}

export function parseIdempotencyKey(header: string | string[] | undefined): string {
  const key = Array.isArray(header) ? header[0] : header;
  if (!key) throw new AppError('bad_request', 'The Idempotency-Key header is required.');
  if (!KEY.test(key))
    throw new AppError('bad_request', 'The Idempotency-Key header must be 1 to 255 visible characters.');
  return key;
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

/**
 * Runs fn under the key: stores its answer (or its 4xx error) and replays it to later requests.
 * AppErrors come back as { status, body } so a replay answers the same status and body.
 * `read` (optional): a row fn needs first, read with the key's claim in one round trip; fn gets
 * it as `read.row` (undefined: not found, or not read, e.g. a stale key taken over).
 */
export async function withIdempotency(
  repo: IdempotencyRepository,
  input: { userId: number; key: string; endpoint: string; hash: string; now: Date },
  fn: (
    answerPart: (response: StoredResponse) => SqlPart,
    read: { row?: Record<string, unknown> },
  ) => Promise<StoredResponse & { stored?: boolean }>,
  read?: ReadPart,
): Promise<StoredResponse> {
  let alongside: { row?: Record<string, unknown> };
  try {
    alongside = await repo.begin(input, read);
  } catch (err) {
    if (err instanceof IdempotentReplay) return err.response;
    // the insert may have committed with its answer lost: do not leave the key taken
    if (isDatabaseUnavailable(err))
      await retryUntilDatabase(
        () => repo.release({ userId: input.userId, key: input.key }),
        undefined,
        'releasing an idempotency key',
      );
    throw err;
  }
  let response: StoredResponse;
  try {
    // fn may store its answer with its own last write (finishPart): then stored is true
    const { stored, ...answer } = await fn(
      (r) => finishPart({ userId: input.userId, key: input.key, response: r }),
      alongside,
    );
    if (stored) return answer;
    response = answer;
  } catch (err) {
    if (err instanceof AppError && err.status < 500 && err.status !== 409) {
      const body = err.messages ? { error: err.message, messages: err.messages } : { error: err.message };
      await repo.finish({ userId: input.userId, key: input.key, response: { status: err.status, body } });
    } else {
      // the database may be what failed: the key is released as soon as it is back
      await retryUntilDatabase(
        () => repo.release({ userId: input.userId, key: input.key }),
        undefined,
        'releasing an idempotency key',
      );
    }
    throw err;
  }
  try {
    await repo.finish({ userId: input.userId, key: input.key, response });
  } catch (err) {
    // done, but the answer could not be stored: store it once the database is back, so the
    // client's retry gets this answer (it sees 503 now) instead of 409 until the key goes stale
    if (isDatabaseUnavailable(err))
      await retryUntilDatabase(
        () => repo.finish({ userId: input.userId, key: input.key, response }),
        undefined,
        'storing an idempotent answer',
      );
    throw err;
  }
  return response;
}
