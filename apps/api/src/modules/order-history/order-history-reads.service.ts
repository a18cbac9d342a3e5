import type { Queryable } from '../../db/pool.js';
import { lend } from '../../lib/lend.js';
import { createOrderHistoryRepository } from './order-history.repository.js';

// A placed order as a document shows it (its items, its chef, the saved method it was paid
// with), as the order-history module lends it to the invoices and the group-order documents.
// `q` is the pool or the caller's transaction. The SQL stays in order-history.repository.ts
// (.dependency-cruiser.cjs, api-no-foreign-repository).

export function orderHistoryReadsFrom(q: Queryable) {
  return lend(createOrderHistoryRepository(q), ['findById', 'findItemsOf', 'findChef', 'findSavedMethod']);
}
export type OrderHistoryReads = ReturnType<typeof orderHistoryReadsFrom>;
