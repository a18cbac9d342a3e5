import crypto from 'node:crypto';
import { isDatabaseUnavailable } from '../../db/pool.js';
import type { ReadPart, SqlPart } from '../../db/sql-parts.js';
import { AppError } from '../../lib/errors.js';
import { retryUntilDatabase } from '../../lib/retry-until-database.js';
import {
  finishPart,
  IdempotentReplay,
  type IdempotencyRepository,
  type StoredResponse,
} from './idempotency.repository.js';

// Idempotency-Key for requests that move money (ordering-payments §4 Checkout; issue 4 item 7).
// Semantics follow Stripe's:
// - the first request with a key runs and its answer is stored (2xx and 4xx, except 409);
// - the same key with the same body answers the stored result; while the first still runs, 409;
// - the same key with another body (or another endpoint) is refused with 422;
// - a 5xx or 409 answer is not stored, so the client may retry with the same key.
// Keys are per user. A key left 'in_progress' by a crashed process is taken over after a while
// (idempotency.repository.ts, which holds the SQL of the keys).

const KEY = /^[\x21-\x7e]{1,255}$/;

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
