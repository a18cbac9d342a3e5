import type { Queryable } from '../../db/pool.js';
import { lend } from '../../lib/lend.js';
import { createOrdersRepository } from './orders.repository.js';

// The catering-order rows as the orders module lends them to the modules that act on a placed
// order outside the checkout: the payment lifecycle (a new authorisation holds the order), the
// invoices (read and lock the order they document) and the group-order cut-off (places the
// group's order and records its payment). The SQL stays in orders.repository.ts; those modules
// call this object (.dependency-cruiser.cjs, api-no-foreign-repository). Writes take the
// caller's transaction, which holds the order's row lock (lockForUpdate).

export function orderRecordsFrom(db: Queryable) {
  return lend(createOrdersRepository(db), [
    'findById',
    'lockForUpdate',
    'setPlacedPayment',
    'insert',
    'linkGroupOrder',
    'claimPayment',
    'releasePayment',
    'markPaid',
    'markPaymentFailed',
  ]);
}
export type OrderRecords = ReturnType<typeof orderRecordsFrom>;
