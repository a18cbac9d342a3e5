import type { Queryable } from '../../db/pool.js';

/** Redeemed ALTCHA challenges (migration 003): a signature can be inserted once. */
export function createAltchaRepository(db: Queryable) {
  return {
    /** Records the signature as used; false when it already was (a replay). */
    async insertUsed(signature: string, expiresAt: Date, tx: Queryable = db): Promise<boolean> {
      const { rowCount } = await tx.query(
        `INSERT INTO altcha_used_challenges (signature, expires_at) VALUES ($1, $2)
         ON CONFLICT (signature) DO NOTHING`,
        [signature, expiresAt],
      );
      return rowCount === 1;
    },
    /** Drops rows whose challenge has expired: those can no longer be replayed anyway. */
    async deleteExpired(now: Date, tx: Queryable = db): Promise<number> {
      const { rowCount } = await tx.query('DELETE FROM altcha_used_challenges WHERE expires_at < $1', [now]);
      return rowCount ?? 0;
    },
  };
}
export type AltchaRepository = ReturnType<typeof createAltchaRepository>;
