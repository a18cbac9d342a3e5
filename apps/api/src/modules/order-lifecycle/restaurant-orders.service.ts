import type {
  OpsEscalationsResponse,
  PartnerOrder,
  PartnerOrderAction,
  PartnerOrderDetail,
  PartnerOrdersResponse,
  PartnerPrepList,
  PartnerRequest,
  PartnerStats,
} from '@caterway/contracts';
import { statusLabel, wireStatus } from '@caterway/domain';
import type { Db } from '../../db/pool.js';
import { notFound } from '../../lib/errors.js';
import { displayDateTime } from '../orders/orders.email.js';
import {
  createRestaurantOrdersRepository,
  type RestaurantOrderRow,
  type RestaurantOrdersView,
} from './restaurant-orders.repository.js';
import { createRestaurantRequestsRepository, type RestaurantRequestRow } from './restaurant-requests.repository.js';

export { PARTNER_EVENTS_CHANNEL } from './restaurant-requests.repository.js';

// The orders a restaurant's portal lists and opens (issue 19 part 1): each with the request that
// wants this restaurant's answer and the buttons it can press. The answers themselves are the
// lifecycle service's (restaurantAnswer): they move the order.

function toRequest(r: RestaurantRequestRow): PartnerRequest {
  return {
    id: r.id,
    kind: r.kind,
    received_at: r.created_at.toISOString(),
    answer: r.answer,
    answered_at: r.answered_at?.toISOString() ?? null,
    answered_by: r.answered_by_name,
    decline_reason: r.decline_reason,
    decline_note: r.decline_note,
    summary: r.summary,
  };
}

function actionsOf(r: RestaurantRequestRow): PartnerOrderAction[] {
  if (r.answer !== null) return [];
  return r.kind === 'new_order' || r.kind === 'add_on' ? ['accept', 'decline'] : ['acknowledge'];
}

function toOrder(o: RestaurantOrderRow): PartnerOrder {
  const status = wireStatus(o.status);
  return {
    id: o.id,
    order_number: o.order_number,
    status,
    status_label: statusLabel(status),
    delivery_at: o.delivery_at.toISOString(),
    display_delivery_date_time: displayDateTime(o.delivery_at, o.time_zone),
    time_zone: o.time_zone,
    order_type: o.receiving_method,
    portions: o.portions,
    preset_name: o.preset_name,
    customer: { name: `${o.first_name} ${o.last_name}`.trim(), company_name: o.company_name },
    items_total_cents: o.items_total_cents,
    request: toRequest(o.request),
    actions: actionsOf(o.request),
  };
}

/** Quantities added up by name, the largest first (then by name). */
function addUp(entries: { name: string; quantity: number }[]): { name: string; quantity: number }[] {
  const totals = new Map<string, number>();
  for (const e of entries) totals.set(e.name, (totals.get(e.name) ?? 0) + e.quantity);
  return [...totals]
    .map(([name, quantity]) => ({ name, quantity }))
    .sort((a, b) => b.quantity - a.quantity || a.name.localeCompare(b.name));
}

const dayFormat = (timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
const timeFormat = (timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, hour: 'numeric', minute: '2-digit' });

export function createRestaurantOrdersService(deps: { db: Db }) {
  const orders = createRestaurantOrdersRepository(deps.db);
  const requests = createRestaurantRequestsRepository(deps.db);
  return {
    /** GET api/v2/partner/restaurants/{chefId}/orders?view */
    async list(chefId: number, view: RestaurantOrdersView): Promise<PartnerOrdersResponse> {
      const [rows, waiting] = await Promise.all([orders.list(chefId, view), requests.waitingCount(chefId)]);
      return { orders: rows.map(toOrder), waiting_count: waiting };
    },

    /** GET api/v2/partner/restaurants/{chefId}/stats: the last 90 days' answers and deliveries */
    async stats(chefId: number, now: Date): Promise<PartnerStats> {
      const days = 90;
      const since = new Date(now.getTime() - days * 86_400_000);
      const [s, d] = await Promise.all([requests.stats(chefId, since), requests.deliveries(chefId, since)]);
      const answered = s.accepted + s.declined;
      const rate = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 1000 : null);
      return {
        days,
        ...s,
        acceptance_rate: rate(s.accepted, answered),
        delivered: d.delivered,
        on_time_rate: rate(d.on_time, d.delivered),
      };
    },

    /** GET api/v2/ops/escalations: requests no one at the restaurant answered in time */
    async escalations(): Promise<OpsEscalationsResponse> {
      const rows = await requests.escalated();
      return {
        escalations: rows.map((r) => ({
          request_id: r.id,
          kind: r.kind,
          order_id: r.order_id,
          order_number: r.order_number,
          restaurant: { id: r.chef_id, name: r.restaurant_name },
          contacts: r.recipients,
          display_delivery_date_time: displayDateTime(r.delivery_at, r.time_zone),
          received_at: r.created_at.toISOString(),
          company_name: r.company_name,
          portions: r.portions,
          items_total_cents: r.items_total_cents,
        })),
      };
    },

    /** GET api/v2/partner/restaurants/{chefId}/prep-list?date: the day's accepted orders, their dishes added up */
    async prepList(chefId: number, date: string, zone: string): Promise<PartnerPrepList> {
      const placed = await orders.prepOrders(chefId, date);
      const lines = placed.flatMap((o) => o.items);
      const dishes = [...new Set(lines.map((l) => l.menu_name))].map((name) => {
        const of = lines.filter((l) => l.menu_name === name);
        return {
          name,
          quantity: of.reduce((n, l) => n + l.quantity, 0),
          options: addUp(of.flatMap((l) => l.menu_items.filter((m) => m.quantity > 0))),
        };
      });
      dishes.sort((a, b) => b.quantity - a.quantity || a.name.localeCompare(b.name));
      // noon of the day: the same calendar day in every zone of the continent
      const noon = new Date(`${date}T12:00:00Z`);
      return {
        date,
        display_date: dayFormat(zone).format(noon),
        dishes,
        orders: placed.map((o) => ({
          id: o.id,
          order_number: o.order_number,
          time: timeFormat(o.time_zone).format(o.delivery_at),
          company_name: o.company_name,
          portions: o.items.reduce((n, l) => n + l.quantity, 0),
          serving_style: o.serving_style,
        })),
      };
    },

    /** The live inbox's event (requests repository inboxState). */
    inboxState: (chefId: number, since: number) => requests.inboxState(chefId, since),

    /** GET api/v2/partner/restaurants/{chefId}/orders/{orderId}: 404 for an order this restaurant was never asked about */
    async detail(chefId: number, orderId: number): Promise<PartnerOrderDetail> {
      const [row, items, history] = await Promise.all([
        orders.detail(chefId, orderId),
        orders.items(chefId, orderId),
        requests.ofOrder(chefId, orderId),
      ]);
      if (!row) throw notFound('Order not found');
      const delivery = row.receiving_method === 'delivery';
      return {
        ...toOrder(row),
        items: items.map((i) => ({
          name: i.menu_name,
          quantity: i.quantity,
          options: i.menu_items.filter((m) => m.quantity > 0).map((m) => ({ name: m.name, quantity: m.quantity })),
          note: i.special_instruction,
        })),
        delivery_address: delivery ? [row.delivery_suite_address, row.delivery_address].filter(Boolean).join(', ') : '',
        delivery_instructions: delivery ? row.delivery_instruction : row.pickup_instruction,
        serving_style: row.serving_style,
        cutlery: row.num_cutlery,
        contact: row.onsite_contact_name
          ? { name: row.onsite_contact_name, phone: row.onsite_contact_phone }
          : { name: `${row.first_name} ${row.last_name}`.trim(), phone: row.phone_number },
        requests: history.map(toRequest),
        group_order: row.group_order,
      };
    },
  };
}
export type RestaurantOrdersService = ReturnType<typeof createRestaurantOrdersService>;
