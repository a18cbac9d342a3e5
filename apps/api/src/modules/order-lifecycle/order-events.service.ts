import type { Queryable } from '../../db/pool.js';
import { lend } from '../../lib/lend.js';
import { applyOrderEvent, recordOrderNote } from './lifecycle.repository.js';
import { createOpsRepository } from './ops.repository.js';

// An order's status moves (the state machine of packages/domain) and its audit trail, as the
// order-lifecycle module lends them to the modules that change a placed order (order edits,
// the payment lifecycle). Each call runs in the caller's transaction `tx`, which holds the
// order's row lock. The SQL stays in this module's repositories (.dependency-cruiser.cjs,
// api-no-foreign-repository).

export function orderEventsFrom(db: Queryable) {
  return {
    /** Moves the order by the event (404 unknown order, 409 when the machine refuses) and records it. */
    applyEvent: applyOrderEvent,
    /** Records an edit or a payment change without moving the status (an actor's note). */
    recordNote: recordOrderNote,
    ...lend(createOpsRepository(db), ['note', 'markCaptured', 'markPaymentFailed']),
  };
}
export type OrderEvents = ReturnType<typeof orderEventsFrom>;
