import { api } from '../../../lib/api-client';
import type { FinalizedOrder } from './types';

// POST api/v2/catering_orders/{id}/finalize {purchase_id, payment_method_id, save_card} with an
// Idempotency-Key header (issue 4 item 7): one key per payment attempt, the same key when that
// attempt is retried, so the server never charges twice.
export interface FinalizeInput {
  orderId: number;
  purchaseId: string;
  paymentMethodId: string;
  saveCard: boolean;
  /** bank debit: the confirmed setup intent, so a saved account can be kept */
  stripeSetupIntentId?: string;
  idempotencyKey: string;
}

export const finalizeCateringOrder = ({ orderId, idempotencyKey, ...body }: FinalizeInput) =>
  api
    .post<{ cateringOrder: FinalizedOrder }>(`/api/v2/catering_orders/${orderId}/finalize`, body, {
      headers: { 'Idempotency-Key': idempotencyKey },
    })
    .then((b) => b.cateringOrder);
