import type { Queryable } from '../../db/pool.js';

export type TokenPurpose = 'confirm_email' | 'reset_password';

// One-time tokens (email confirmation, password reset). Only the sha256 of a token is stored.
export function createUserTokensRepository(db: Queryable) {
  return {
    async insert(
      token: { tokenHash: string; userId: number; purpose: TokenPurpose; createdAt: Date; expiresAt: Date },
      tx: Queryable = db,
    ): Promise<void> {
      await tx.query(
        `INSERT INTO user_tokens (token_hash, user_id, purpose, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)`,
        [token.tokenHash, token.userId, token.purpose, token.createdAt, token.expiresAt],
      );
    },

    /**
     * Uses a token once: marks it used if it exists, has this purpose, is unused and not
     * expired, all in one statement so two clicks on the same link cannot both win.
     * Answers the token's user id, or undefined.
     */
    async consume(
      tokenHash: string,
      purpose: TokenPurpose,
      now: Date,
      tx: Queryable = db,
    ): Promise<number | undefined> {
      const { rows } = await tx.query<{ user_id: number }>(
        `UPDATE user_tokens SET used_at = $3
         WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3
         RETURNING user_id`,
        [tokenHash, purpose, now],
      );
      return rows[0]?.user_id;
    },

    /** Retires a user's other open tokens of a purpose (an older reset link stops working). */
    async expireAllForUser(userId: number, purpose: TokenPurpose, now: Date, tx: Queryable = db): Promise<void> {
      await tx.query('UPDATE user_tokens SET used_at = $3 WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL', [
        userId,
        purpose,
        now,
      ]);
    },
  };
}
export type UserTokensRepository = ReturnType<typeof createUserTokensRepository>;
