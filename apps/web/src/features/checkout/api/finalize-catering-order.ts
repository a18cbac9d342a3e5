import type { FinalizeOrderBody } from '@caterway/contracts';
import { ordersClient } from '@caterway/contracts/client';
import { connect } from '../../../api/clients';
import type { Camelize } from '../../../types/catalogue';

// POST api/v2/catering_orders/{id}/finalize {purchase_id, payment_method_id, save_card} with an
// Idempotency-Key header (issue 4 item 7): one key per payment attempt, the same key when that
// attempt is retried, so the server never charges twice.

const orders = connect(ordersClient);

export type FinalizeInput = Camelize<FinalizeOrderBody> & { orderId: number; idempotencyKey: string };

export const finalizeCateringOrder = ({ orderId, idempotencyKey, ...body }: FinalizeInput) =>
  orders.finalize(
    orderId,
    {
      purchase_id: body.purchaseId,
      payment_method_id: body.paymentMethodId,
      save_card: body.saveCard,
      stripe_setup_intent_id: body.stripeSetupIntentId,
    },
    idempotencyKey,
  );
