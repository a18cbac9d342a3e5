import { isDatabaseUnavailable } from '../db/pool.js';

type Log = { warn(obj: object, msg: string): void };

/**
 * Runs a small cleanup write now; if the database is unreachable, retries it in the background
 * until the database is back (bounded), so a request that died with the database does not leave
 * its claim (idempotency key, payment claim) blocking the client's retry (docs/decisions/013).
 */
export async function retryUntilDatabase(
  task: () => Promise<unknown>,
  log: Log | undefined,
  what: string,
  options = { everyMs: 250, forMs: 120_000 },
): Promise<void> {
  try {
    await task();
    return;
  } catch (err) {
    if (!isDatabaseUnavailable(err)) {
      log?.warn({ err: { message: (err as Error).message } }, `${what} failed`);
      return;
    }
  }
  const giveUpAt = Date.now() + options.forMs;
  const again = () => {
    task().catch((err: unknown) => {
      if (isDatabaseUnavailable(err) && Date.now() < giveUpAt) setTimeout(again, options.everyMs).unref();
      else log?.warn({ err: { message: (err as Error).message } }, `${what} failed`);
    });
  };
  setTimeout(again, options.everyMs).unref();
}
