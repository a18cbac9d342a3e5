import { shownGroupStatus, type GroupOrderStatus } from '@caterway/domain';
import { conflict, notFound } from '../../lib/errors.js';
import type { AuthUser } from '../auth/auth.guard.js';
import type { GroupOrderLookup } from '../group-orders/group-order-lookup.service.js';
import type { GroupOrderView } from '../group-orders/group-orders.types.js';
import type { InvoicesService } from '../invoices/invoices.service.js';
import type { OrderHistoryReads } from '../order-history/order-history-reads.service.js';
import { displayDateTime } from '../orders/orders.email.js';
import type { DocumentsPdfPool } from '../pdf-documents.js';
import { mealsOfLine } from './meal-labels.js';

// The two documents of a group order (issue 6 items 4, 5), both drawn from its combined order
// (the catering order made at the cut-off, one line per member's meal whose serving details carry
// the member's name and dietary needs):
// - the invoice (GET api/v2/group_order_invoices/{ref}.pdf): the creator's, the combined order's
//   catering invoice (invoices module), each meal with whom it is for;
// - the label sheet (GET api/v2/group_orders/{ref}/labels.pdf): the creator's or staff's (the
//   restaurant's copy), once ordering closed at the cut-off; one label per meal.
// Anyone else, or an unknown ref, gets 404 'Group order not found' (no hint that it exists).

export const groupDocumentMessages = {
  notFound: 'Group order not found',
  invoiceNotFound: 'Invoice not found',
  labelsBeforeCutoff: 'Meal labels are ready once ordering closes at the cut-off.',
  noMeals: 'This group order has no meals to label.',
  unpaid: 'Meal labels are ready once the group order is paid.',
  notGroupOrder: 'This order is not a group order: it has no meal labels.',
} as const;

/** The statuses in which the kitchen still has meals to pack (the combined order is live). */
const LABEL_STATUSES: readonly GroupOrderStatus[] = ['waiting_for_delivery', 'delivery_ready', 'delivered'];

export interface GroupOrderDocumentsDeps {
  groupOrders: GroupOrderLookup;
  history: Pick<OrderHistoryReads, 'findItemsOf' | 'findById' | 'findChef'>;
  invoices: Pick<InvoicesService, 'invoicePdf'>;
  /** renders the documents off the event loop (lib/pdf/pdf-pool.ts) */
  pdf: DocumentsPdfPool;
}

export function createGroupOrderDocumentsService(deps: GroupOrderDocumentsDeps) {
  async function visibleGroup(ref: string, user: AuthUser, staffMay: boolean): Promise<GroupOrderView> {
    const group = await deps.groupOrders.findByRef(ref);
    if (!group || !(group.creator_id === user.id || (staffMay && user.role === 'staff')))
      throw notFound(groupDocumentMessages.notFound);
    return group;
  }
  const statusOf = (g: GroupOrderView) => shownGroupStatus(g.status, g.catering_status);

  /** One label per meal of the group's combined order, once ordering closed and it was paid. */
  async function labelSheet(group: GroupOrderView) {
    const status = statusOf(group);
    if (group.catering_order_id === null) {
      throw conflict(
        status === 'canceled' || status === 'declined'
          ? groupDocumentMessages.noMeals
          : groupDocumentMessages.labelsBeforeCutoff,
      );
    }
    if (!LABEL_STATUSES.includes(status)) throw conflict(groupDocumentMessages.noMeals);
    // an unplaced combined order (its authorisation failed at the cut-off) is not cooked yet
    if (group.catering_status === 'draft') throw conflict(groupDocumentMessages.unpaid);
    const orderId = group.catering_order_id;
    const [order, items] = await Promise.all([
      deps.history.findById(orderId),
      deps.history.findItemsOf([orderId]).then((m) => m.get(orderId) ?? []),
    ]);
    if (!order) throw notFound(groupDocumentMessages.notFound);
    const chef = await deps.history.findChef(order.chef_id);
    return deps.pdf.render('labels', {
      orderNumber: order.order_number,
      groupName: group.name,
      restaurant: chef?.business_name ?? group.chef_name,
      deliveryOn: displayDateTime(order.delivery_at, order.time_zone),
      company: group.company_name,
      labels: items.flatMap(mealsOfLine),
    });
  }

  return {
    /**
     * The invoice of the combined order (creator only): the catering invoice, whose lines say
     * whose meal each is (invoices module), once delivery-ready or delivered or once issued.
     */
    async invoice(ref: string, user: AuthUser) {
      const group = await visibleGroup(ref, user, false);
      if (group.catering_order_id === null || group.catering_status === null || group.catering_status === 'draft')
        throw notFound(groupDocumentMessages.invoiceNotFound);
      // the combined order is the creator's catering order
      return deps.invoices.invoicePdf(group.creator_id, group.catering_order_id);
    },

    /** The restaurant's label sheet: one label per meal (creator or staff, after the cut-off). */
    async labels(ref: string, user: AuthUser) {
      return labelSheet(await visibleGroup(ref, user, true));
    },

    /**
     * The same sheet for a restaurant's portal, by the combined order's id (the partner module
     * checked that the restaurant was asked about the order): 404 when it is no group order's.
     */
    async labelsOfOrder(orderId: number) {
      const group = await deps.groupOrders.findByCateringOrder(orderId);
      if (!group) throw notFound(groupDocumentMessages.notGroupOrder);
      return labelSheet(group);
    },
  };
}
