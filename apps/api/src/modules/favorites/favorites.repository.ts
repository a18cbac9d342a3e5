import type { Queryable } from '../../db/pool.js';

// The only SQL on favorites (migration 005).
export function createFavoritesRepository(db: Queryable) {
  return {
    async insert(userId: number, presetId: number, now: Date, tx: Queryable = db): Promise<void> {
      await tx.query('INSERT INTO favorites (user_id, preset_id, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [userId, presetId, now]);
    },
    async delete(userId: number, presetId: number, tx: Queryable = db): Promise<void> {
      await tx.query('DELETE FROM favorites WHERE user_id = $1 AND preset_id = $2', [userId, presetId]);
    },
    async exists(userId: number, presetId: number, tx: Queryable = db): Promise<boolean> {
      const { rowCount } = await tx.query('SELECT 1 FROM favorites WHERE user_id = $1 AND preset_id = $2', [userId, presetId]);
      return rowCount === 1;
    },
  };
}
export type FavoritesRepository = ReturnType<typeof createFavoritesRepository>;
