import type { Queryable } from '../../db/pool.js';
import { lend } from '../../lib/lend.js';
import { createPaymentLifecycleRepository } from './payment-lifecycle.repository.js';

// The operations flag on an order's payment (migration 027), as the payment-lifecycle module
// lends it to the order edits: a new method that holds the order again resolves a payment
// flag. Writes run in the caller's transaction (.dependency-cruiser.cjs, api-no-foreign-repository).

export function paymentFlagsFrom(db: Queryable) {
  return lend(createPaymentLifecycleRepository(db), ['flag', 'clearPaymentFlag']);
}
export type PaymentFlags = ReturnType<typeof paymentFlagsFrom>;
