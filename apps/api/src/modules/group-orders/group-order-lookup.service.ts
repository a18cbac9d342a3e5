import type { Queryable } from '../../db/pool.js';
import { lend } from '../../lib/lend.js';
import { createGroupOrdersRepository } from './group-orders.repository.js';

// A group order found by its reference (id or share token), as the group-orders module lends
// it to the group-order documents (meal labels, the order sheet). The SQL stays in
// group-orders.repository.ts (.dependency-cruiser.cjs, api-no-foreign-repository).

export function groupOrderLookupFrom(db: Queryable) {
  return lend(createGroupOrdersRepository(db), ['findByRef', 'findByCateringOrder']);
}
export type GroupOrderLookup = ReturnType<typeof groupOrderLookupFrom>;
