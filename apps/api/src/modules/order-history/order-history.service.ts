import type { AddonOrder, OrderHistoryEntry, OrderHistoryResponse } from '@caterway/contracts';
import { invoiceAvailable, isUpcoming, statusLabel } from '@caterway/domain';
import type { Clock } from '../../lib/clock.js';
import { notFound } from '../../lib/errors.js';
import type { PaymentProvider } from '../../ports/payments.js';
import { displayDateTime } from '../orders/orders.email.js';
import type { OrderItemRow, OrderRow } from '../orders/orders.repository.js';
import { orderRuleView, purchaseItemsOf } from '../orders/order-view.js';
import type { PdfPool } from '../../lib/pdf/pdf-pool.js';
import type { InvoiceData } from './invoice.pdf.js';
import type { HistoryRow, OrderHistoryRepository } from './order-history.repository.js';

// My Orders, add-on lists and invoices (browse-account-orders §2, §3, §7; issue 5 items 2, 3, 6).
// Every rule field comes from packages/domain at this server's clock.

export interface OrderHistoryServiceDeps {
  history: OrderHistoryRepository;
  payments: Pick<PaymentProvider, 'retrievePaymentMethod'>;
  clock: Clock;
  marketplace: { name: string; supportEmail: string; publicUrl: string };
  /** the user's group orders as entries of kind Group Order (group-orders module) */
  groupEntries?: (userId: number, now: Date) => Promise<{ entry: OrderHistoryEntry; upcoming: boolean; deliveryAt: Date }[]>;
  /** renders the invoice off the event loop (lib/pdf/pdf-pool.ts); only invoice() needs it */
  pdf?: PdfPool;
}

/** Where Caterway itself is, for the invoice's letterhead. */
const MARKETPLACE_ADDRESS = ['100 King St W, Suite 5600', 'Toronto, ON M5X 1A9, Canada'];

const BRANDS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover', jcb: 'JCB', diners: 'Diners Club', unionpay: 'UnionPay' };
const brandName = (brand: string) => BRANDS[brand.toLowerCase()] ?? (brand ? brand[0]!.toUpperCase() + brand.slice(1) : 'Card');

export function createOrderHistoryService(deps: OrderHistoryServiceDeps) {
  const { history, clock } = deps;

  async function ownOrder(id: number, userId: number): Promise<OrderRow> {
    const order = await history.findById(id);
    // another user's order and a draft answer 404 exactly like an unknown id
    if (!order || order.user_id !== userId || order.status === 'draft') throw notFound('Order not found');
    return order;
  }

  function entry(row: HistoryRow, now: Date): OrderHistoryEntry {
    return {
      id: row.id,
      name: row.restaurant_name,
      created_at: row.created_at.toISOString(),
      display_delivery_date_time: displayDateTime(row.delivery_at, row.time_zone),
      status: row.status,
      order_number: row.order_number,
      order_type: 'Catering Order',
      total_amount: row.total_cents,
      delivery_date_time: row.delivery_at.toISOString(),
      order_processing_at: row.order_processing_at.toISOString(),
      display_processing_date_time: displayDateTime(row.order_processing_at, row.time_zone),
      time_zone: row.time_zone,
      preset_id: row.preset_id,
      preset_name: row.preset_name,
      preset_slug: row.preset_slug,
      parent_order_id: row.parent_order_id,
      addon_orders_count: row.addon_orders_count,
      ...orderRuleView(row, row, now),
    };
  }

  function addonOf(order: OrderRow, items: OrderItemRow[]): AddonOrder {
    return {
      id: order.id,
      parent_order_id: order.parent_order_id!,
      order_number: order.order_number,
      status: order.status,
      status_label: statusLabel(order.status),
      created_at: order.created_at.toISOString(),
      items_total: order.subtotal_cents,
      delivery_fee: order.delivery_fee_cents,
      num_cutlery: order.num_cutlery,
      cutlery_cents: order.cutlery_cents,
      sales_tax: order.tax_cents,
      total_price: order.total_cents,
      tax_name: order.tax_name,
      tax_rate: Number(order.tax_rate),
      purchase_items: purchaseItemsOf(items),
      invoice_available: invoiceAvailable(order.status),
    };
  }

  async function paymentLine(order: OrderRow): Promise<string> {
    const fallback = order.is_eft ? 'Pre-authorized bank debit' : 'Card';
    if (!order.payment_method_id) return fallback;
    let method: { type: 'card' | 'acss_debit'; brand: string; last4: string } | undefined;
    const saved = await history.findSavedMethod(order.user_id, order.payment_method_id);
    if (saved) method = { type: saved.payment_type, brand: saved.brand, last4: saved.last4 };
    else {
      try {
        const pm = await deps.payments.retrievePaymentMethod(order.payment_method_id);
        method = { type: pm.type, brand: pm.brand, last4: pm.last4 };
      } catch {
        // the provider may have forgotten a detached method; the invoice still says how it was paid
        return fallback;
      }
    }
    if (method.type === 'acss_debit') return `Pre-authorized bank debit (${method.brand || 'bank account'} ending in ${method.last4})`;
    return `${brandName(method.brand)} ending in ${method.last4}`;
  }

  const day = (instant: Date, zone: string) =>
    new Intl.DateTimeFormat('en-US', { timeZone: zone, month: 'long', day: 'numeric', year: 'numeric' }).format(instant);

  return {
    /** GET api/v2/order_history: upcoming and past split at the server's clock (§4 isUpcoming). */
    async list(userId: number): Promise<OrderHistoryResponse> {
      const now = clock.now();
      const rows = await history.findPlacedByUser(userId);
      const upcoming: OrderHistoryEntry[] = [];
      const past: OrderHistoryEntry[] = [];
      const all: { entry: OrderHistoryEntry; upcoming: boolean; deliveryAt: Date }[] = rows.map((row) => ({
        entry: entry(row, now),
        upcoming: isUpcoming({ status: row.status, deliveryAt: row.delivery_at }, now),
        deliveryAt: row.delivery_at,
      }));
      if (deps.groupEntries) all.push(...(await deps.groupEntries(userId, now)));
      all.sort((a, b) => a.deliveryAt.getTime() - b.deliveryAt.getTime());
      for (const e of all) (e.upcoming ? upcoming : past).push(e.entry);
      // the next delivery first; the most recent past order first
      past.reverse();
      return { upcoming, past };
    },

    /** GET api/v2/catering_orders/{id}/addon_orders: the owner's only, else 404. */
    async addons(userId: number, parentId: number): Promise<{ addon_orders: AddonOrder[] }> {
      const parent = await ownOrder(parentId, userId);
      const addons = (await history.findPlacedAddons(parent.id)).filter((a) => a.user_id === userId);
      const items = await history.findItemsOf(addons.map((a) => a.id));
      return { addon_orders: addons.map((a) => addonOf(a, items.get(a.id) ?? [])) };
    },

    /** The invoice data of an order that has one (delivery-ready or delivered), else 404. */
    async invoiceData(userId: number, id: number): Promise<InvoiceData> {
      const order = await ownOrder(id, userId);
      if (!invoiceAvailable(order.status)) throw notFound('Invoice not found');
      const [items, chef, payment] = await Promise.all([
        history.findItemsOf([order.id]).then((m) => m.get(order.id) ?? []),
        history.findChef(order.chef_id),
        paymentLine(order),
      ]);
      const delivery = order.receiving_method === 'delivery';
      const issued = order.delivered_at ?? order.delivery_ready_at ?? clock.now();
      const { marketplace } = deps;
      return {
        orderNumber: order.order_number,
        orderId: order.id,
        issuedOn: day(issued, order.time_zone),
        deliveryOn: displayDateTime(order.delivery_at, order.time_zone),
        receivingMethod: order.receiving_method,
        status: statusLabel(order.status),
        marketplace: { name: marketplace.name, lines: [...MARKETPLACE_ADDRESS, marketplace.publicUrl, marketplace.supportEmail] },
        restaurant: {
          name: chef?.business_name ?? order.preset_name,
          lines: chef ? [[chef.address1, chef.address2].filter(Boolean).join(', '), `${chef.city}, ${chef.province} ${chef.zip}`, chef.country === 'CA' ? 'Canada' : 'United States'] : [],
        },
        customer: {
          name: `${order.first_name} ${order.last_name}`.trim(),
          company: order.company_name,
          phone: order.phone_number,
          email: order.email,
          addressLines: delivery ? [order.delivery_suite_address, order.delivery_address].filter(Boolean) : ['Pickup at the restaurant'],
          instructions: delivery ? order.delivery_instruction : order.pickup_instruction,
        },
        presetName: order.preset_name,
        servingStyle: order.serving_style,
        lines: items.map((i) => ({
          name: i.menu_name,
          quantity: i.quantity,
          unitCents: i.unit_price_cents,
          amountCents: i.unit_price_cents * i.quantity,
          options: i.menu_items.filter((m) => m.quantity > 0).map((m) => ({ name: m.name, quantity: m.quantity, unitCents: m.price_cents, amountCents: m.price_cents * m.quantity })),
          note: i.special_instruction,
        })),
        subtotalCents: order.subtotal_cents,
        deliveryFeeCents: order.delivery_fee_cents,
        cutlery: { count: order.num_cutlery, cents: order.cutlery_cents },
        tax: { name: order.tax_name, ratePercent: Number(order.tax_rate), cents: order.tax_cents },
        totalCents: order.total_cents,
        refundedCents: order.refunded_cents,
        currency: order.currency,
        payment,
      };
    },

    /** GET api/v2/catering_order_invoices/{id}.pdf: rendered in the PDF worker pool */
    async invoice(userId: number, id: number): Promise<Buffer> {
      if (!deps.pdf) throw new Error('no PDF pool');
      return deps.pdf.render('invoice', await this.invoiceData(userId, id));
    },
  };
}
export type OrderHistoryService = ReturnType<typeof createOrderHistoryService>;
