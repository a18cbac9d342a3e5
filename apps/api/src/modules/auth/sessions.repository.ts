import { prepared, type Queryable } from '../../db/pool.js';

export interface SessionRow {
  id: string;
  user_id: number;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
}

/** A session with what the auth guard needs to know about its user. */
export interface SessionWithUser extends SessionRow {
  role: 'customer' | 'staff';
  confirmed_at: Date | null;
}

const COLUMNS = 's.id, s.user_id, s.created_at, s.last_seen_at, s.expires_at, s.revoked_at';

export function createSessionsRepository(db: Queryable) {
  return {
    async insert(
      session: { userId: number; createdAt: Date; expiresAt: Date; userAgent: string; ip: string },
      tx: Queryable = db,
    ): Promise<SessionRow> {
      const { rows } = await tx.query<SessionRow>(
        `INSERT INTO sessions AS s (user_id, created_at, last_seen_at, expires_at, user_agent, ip)
         VALUES ($1, $2, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
        [session.userId, session.createdAt, session.expiresAt, session.userAgent.slice(0, 500), session.ip],
      );
      return rows[0]!;
    },

    /** Every authenticated request: a prepared statement (db/pool.ts). */
    async findWithUser(id: string, tx: Queryable = db): Promise<SessionWithUser | undefined> {
      const { rows } = await tx.query<SessionWithUser>(
        prepared(
          `SELECT ${COLUMNS}, u.role, u.confirmed_at FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id = $1`,
          [id],
        ),
      );
      return rows[0];
    },

    async updateLastSeen(id: string, at: Date, tx: Queryable = db): Promise<void> {
      await tx.query('UPDATE sessions SET last_seen_at = GREATEST(last_seen_at, $2) WHERE id = $1', [id, at]);
    },

    async revoke(id: string, at: Date, tx: Queryable = db): Promise<void> {
      await tx.query('UPDATE sessions SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL', [id, at]);
    },

    async revokeAllForUser(userId: number, at: Date, tx: Queryable = db): Promise<number> {
      const res = await tx.query('UPDATE sessions SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL', [
        userId,
        at,
      ]);
      return res.rowCount ?? 0;
    },

    /** Signs a user out everywhere but the given session (a password change from that session). */
    async revokeOthersForUser(userId: number, keepId: string, at: Date, tx: Queryable = db): Promise<number> {
      const res = await tx.query(
        'UPDATE sessions SET revoked_at = $3 WHERE user_id = $1 AND id <> $2 AND revoked_at IS NULL',
        [userId, keepId, at],
      );
      return res.rowCount ?? 0;
    },

    /** Drops a user's sessions that ended before `before`; they can never be used again. */
    async deleteEndedForUser(userId: number, before: Date, tx: Queryable = db): Promise<void> {
      await tx.query('DELETE FROM sessions WHERE user_id = $1 AND (expires_at < $2 OR revoked_at < $2)', [
        userId,
        before,
      ]);
    },
  };
}
export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
