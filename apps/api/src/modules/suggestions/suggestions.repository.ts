import type { Queryable } from '../../db/pool.js';

// The only SQL on menu_suggestions (migration 005).
export function createSuggestionsRepository(db: Queryable) {
  return {
    async insert(
      input: { presetId: number; email: string; requestMessage: string; suggestion: object; now: Date },
      tx: Queryable = db,
    ): Promise<number> {
      const { rows } = await tx.query<{ id: number }>(
        `INSERT INTO menu_suggestions (preset_id, email, request_message, suggestion, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [input.presetId, input.email, input.requestMessage, JSON.stringify(input.suggestion), input.now],
      );
      return rows[0]!.id;
    },
    async setSuggestion(id: number, suggestion: object, tx: Queryable = db): Promise<void> {
      await tx.query('UPDATE menu_suggestions SET suggestion = $2 WHERE id = $1', [id, JSON.stringify(suggestion)]);
    },
  };
}
export type SuggestionsRepository = ReturnType<typeof createSuggestionsRepository>;
