import type { Queryable } from '../../db/pool.js';

// The only SQL on favorites (migration 005).
export function createFavoritesRepository(db: Queryable) {
  return {
    async insert(userId: number, presetId: number, now: Date, tx: Queryable = db): Promise<void> {
      await tx.query(
        'INSERT INTO favorites (user_id, preset_id, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
        [userId, presetId, now],
      );
    },
    async delete(userId: number, presetId: number, tx: Queryable = db): Promise<void> {
      await tx.query('DELETE FROM favorites WHERE user_id = $1 AND preset_id = $2', [userId, presetId]);
    },
    /** The user's favourite presets, newest first (a user keeps a handful). */
    async presetIdsOf(userId: number, tx: Queryable = db): Promise<number[]> {
      const { rows } = await tx.query<{ preset_id: number }>(
        'SELECT preset_id FROM favorites WHERE user_id = $1 ORDER BY created_at DESC, preset_id',
        [userId],
      );
      return rows.map((r) => r.preset_id);
    },
    async exists(userId: number, presetId: number, tx: Queryable = db): Promise<boolean> {
      const { rowCount } = await tx.query('SELECT 1 FROM favorites WHERE user_id = $1 AND preset_id = $2', [
        userId,
        presetId,
      ]);
      return rowCount === 1;
    },
  };
}
export type FavoritesRepository = ReturnType<typeof createFavoritesRepository>;
