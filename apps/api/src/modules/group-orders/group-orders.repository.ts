import type { Queryable } from '../../db/pool.js';

// The only SQL on group_orders (migration 005); the group-order site (a later issue) extends it.
export function createGroupOrdersRepository(db: Queryable) {
  return {
    async insert(input: { creatorId: number; presetId: number; chefId: number; deliveryParams: object; now: Date }, tx: Queryable = db): Promise<string> {
      const { rows } = await tx.query<{ uuid: string }>(
        `INSERT INTO group_orders (creator_id, preset_id, chef_id, delivery_params, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING uuid`,
        [input.creatorId, input.presetId, input.chefId, JSON.stringify(input.deliveryParams), input.now],
      );
      return rows[0]!.uuid;
    },
  };
}
export type GroupOrdersRepository = ReturnType<typeof createGroupOrdersRepository>;
