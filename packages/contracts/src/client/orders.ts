import type { CreditNoteList } from '../invoices.js';
import type { CancelledOrderResponse } from '../ops.js';
import type { AddonOrder, AddonOrdersResponse, OrderHistoryResponse } from '../order-history.js';
import type {
  AddOnOrderResponse,
  CateringOrderDetail,
  CateringOrderDetailResponse,
  CheckoutOrder,
  CheckoutOrderResponse,
  CreateCateringOrderBody,
  FinalizedOrderResponse,
  FinalizeOrderBody,
  UpdateAddOnOrderBody,
  UpdateCateringOrderBody,
  UpdateOrderPaymentMethodBody,
} from '../orders.js';
import type { CallOptions, Transport } from './transport.js';

// Catering orders (ordering-payments §4, §7; browse-account-orders §4, §7): the checkout's draft,
// its payment (finalize), a placed order read, edited, paid another way, cancelled or added to,
// My Orders' history, and an order's documents: the invoice and its credit notes (decision 034),
// which are files.

const base = '/api/v2/catering_orders';

/** Query keys of the user's orders: invalidating `all` refreshes the history and every detail. */
export const orderKeys = {
  all: ['orders'] as const,
  history: () => [...orderKeys.all, 'history'] as const,
  /** one order as My Orders' detail, the edit page and the add-on page read it */
  detail: (id: number) => [...orderKeys.all, 'detail', id] as const,
  addOns: (id: number) => [...orderKeys.all, 'add-ons', id] as const,
  creditNotes: (id: number) => [...orderKeys.all, 'credit-notes', id] as const,
};

export function ordersClient(send: Transport) {
  const order = (r: CheckoutOrderResponse): CheckoutOrder => r.catering_order;
  return {
    // ---- checkout: the server reprices every cart it is sent
    /** POST api/v2/catering_orders -> 201: the draft order */
    create: (body: CreateCateringOrderBody, o?: CallOptions) =>
      send<CheckoutOrderResponse>('POST', base, { ...o, body }).then(order),
    /** PUT api/v2/catering_orders/{id}: the draft on each submit, or a placed order's edit */
    update: (id: number, body: UpdateCateringOrderBody, o?: CallOptions) =>
      send<CheckoutOrderResponse>('PUT', `${base}/${id}`, { ...o, body }).then(order),
    /** POST .../finalize with one Idempotency-Key per payment attempt (the same key when it is retried) */
    finalize: (id: number, body: FinalizeOrderBody, idempotencyKey: string, o?: CallOptions) =>
      send<FinalizedOrderResponse>('POST', `${base}/${id}/finalize`, {
        ...o,
        body,
        headers: { ...o?.headers, 'Idempotency-Key': idempotencyKey },
      }).then((r) => r.catering_order),

    // ---- a placed order
    /** GET api/v2/catering_orders/{id}: 404 'Order not found' for an unknown id or another user's order */
    get: (id: number, o?: CallOptions) =>
      send<CateringOrderDetailResponse>('GET', `${base}/${id}`, o).then((r): CateringOrderDetail => r.catering_order),
    /** PUT .../payment_method: Update Payment Method (402 with the provider's message on a decline) */
    changePaymentMethod: (id: number, body: UpdateOrderPaymentMethodBody, o?: CallOptions) =>
      send<CheckoutOrderResponse>('PUT', `${base}/${id}/payment_method`, { ...o, body }).then(order),
    /** DELETE api/v2/catering_orders/{id}: voids or refunds the payment */
    cancel: (id: number, o?: CallOptions) => send<CancelledOrderResponse>('DELETE', `${base}/${id}`, o),
    /** POST .../add_on_order -> 201: the add-on draft ({ id, preset_id }) */
    createAddOn: (parentId: number, o?: CallOptions) =>
      send<AddOnOrderResponse>('POST', `${base}/${parentId}/add_on_order`, o),
    /** PUT api/v2/catering_orders/{purchase id}/update_addon_order: the add-on checkout's submit */
    updateAddOn: (purchaseId: string, body: UpdateAddOnOrderBody, o?: CallOptions) =>
      send<CheckoutOrderResponse>('PUT', `${base}/${encodeURIComponent(purchaseId)}/update_addon_order`, {
        ...o,
        body,
      }).then(order),

    // ---- My Orders
    /** GET api/v2/order_history: upcoming and past, split at the server's clock */
    history: (o?: CallOptions) => send<OrderHistoryResponse>('GET', '/api/v2/order_history', o),
    /** GET .../addon_orders */
    addOns: (id: number, o?: CallOptions) =>
      send<AddonOrdersResponse>('GET', `${base}/${id}/addon_orders`, o).then((r): AddonOrder[] => r.addon_orders),
    /** GET .../credit_notes: the invoice number and the credit notes, oldest first */
    creditNotes: (id: number, o?: CallOptions) => send<CreditNoteList>('GET', `${base}/${id}/credit_notes`, o),
    /** GET api/v2/catering_order_invoices/{id}.pdf */
    invoicePdf: (id: number, o?: CallOptions) =>
      send<Blob>('GET', `/api/v2/catering_order_invoices/${id}.pdf`, { ...o, answer: 'blob' }),
    /** GET .../credit_notes/{number}.pdf (a credit note's pdf_url) */
    creditNotePdf: (id: number, number: string, o?: CallOptions) =>
      send<Blob>('GET', `${base}/${id}/credit_notes/${encodeURIComponent(number)}.pdf`, { ...o, answer: 'blob' }),
  };
}

export type OrdersClient = ReturnType<typeof ordersClient>;
