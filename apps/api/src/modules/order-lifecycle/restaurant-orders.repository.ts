import type { Queryable } from '../../db/pool.js';
import { REQUEST_COLUMNS, type RestaurantRequestRow } from './restaurant-requests.repository.js';

// The orders a restaurant was asked about, as its portal lists them (issue 19 part 1): the
// order, this restaurant's share of its food and the request that wants an answer (else the
// latest). A restaurant sees only orders it has a request about: every order placed since
// migration 039, and the older ones it backfilled.

export type RestaurantOrdersView = 'waiting' | 'upcoming' | 'past';

export interface RestaurantOrderRow {
  id: number;
  order_number: string;
  status: string;
  delivery_at: Date;
  time_zone: string;
  receiving_method: 'delivery' | 'pickup';
  preset_name: string;
  first_name: string;
  last_name: string;
  company_name: string;
  portions: number;
  items_total_cents: number;
  request: RestaurantRequestRow;
}

export interface RestaurantOrderDetailRow extends RestaurantOrderRow {
  delivery_address: string;
  delivery_suite_address: string;
  delivery_instruction: string;
  pickup_instruction: string;
  serving_style: string;
  num_cutlery: number;
  phone_number: string;
  onsite_contact_name: string;
  onsite_contact_phone: string;
  group_order: boolean;
}

export interface RestaurantOrderItemRow {
  menu_name: string;
  quantity: number;
  menu_items: { name: string; quantity: number }[];
  special_instruction: string;
}

const ENDED = `('Delivered', 'customer_paid', 'declined', 'Canceled')`;

const VIEW_FILTER: Record<RestaurantOrdersView, string> = {
  waiting: 'req.answer IS NULL',
  upcoming: `req.answer IS NOT NULL AND o.status NOT IN ${ENDED}`,
  past: `req.answer IS NOT NULL AND o.status IN ${ENDED}`,
};

// waiting: the soonest delivery first (what must be answered first); past: the latest first
const VIEW_ORDER: Record<RestaurantOrdersView, string> = {
  waiting: 'o.delivery_at, o.id',
  upcoming: 'o.delivery_at, o.id',
  past: 'o.delivery_at DESC, o.id DESC',
};

const LIST_LIMIT = 200;

/** The order aliased `o` as the restaurant $1 sees it: its request (a waiting one first) and its share of the food. */
const ORDER_FROM = (extraColumns = '') => `
  SELECT o.id::int AS id, o.order_number, o.status, o.delivery_at, o.time_zone, o.receiving_method, o.preset_name,
         o.first_name, o.last_name, o.company_name,
         COALESCE(share.portions, 0)::int AS portions, COALESCE(share.total, 0)::int AS items_total_cents,
         to_jsonb(req) AS request${extraColumns}
    FROM catering_orders o
    JOIN LATERAL (
      SELECT ${REQUEST_COLUMNS}
        FROM restaurant_requests r LEFT JOIN users u ON u.id = r.answered_by_user_id
       WHERE r.catering_order_id = o.id AND r.chef_id = $1
       ORDER BY (r.answer IS NULL) DESC, r.id DESC LIMIT 1) req ON true
    LEFT JOIN LATERAL (
      SELECT sum(i.quantity) AS portions, sum(i.line_subtotal_cents) AS total
        FROM catering_order_items i
       WHERE i.catering_order_id = o.id AND COALESCE(i.chef_id, o.chef_id) = $1) share ON true`;

/** A request as jsonb gives its instants as text: back to Dates like the rest of the row. */
function withDates<T extends { request: RestaurantRequestRow }>(row: T): T {
  const r = row.request as unknown as Record<string, unknown>;
  row.request = {
    ...(r as unknown as RestaurantRequestRow),
    created_at: new Date(r.created_at as string),
    answered_at: r.answered_at ? new Date(r.answered_at as string) : null,
  };
  return row;
}

/** Statuses of an order that is being made or was made: the day's prep list counts them. */
const COOKED = `('Accepted', 'CardSetup', 'SetupIntentCreated', 'ReadyToCapture', 'DeliveryReady', 'Delivered', 'customer_paid')`;

export interface PrepOrderRow {
  id: number;
  order_number: string;
  delivery_at: Date;
  time_zone: string;
  company_name: string;
  serving_style: string;
  items: RestaurantOrderItemRow[];
}

export function createRestaurantOrdersRepository(db: Queryable) {
  return {
    /** The accepted orders the restaurant delivers on a local day (the order's zone), with its lines. */
    async prepOrders(chefId: number, date: string): Promise<PrepOrderRow[]> {
      const { rows } = await db.query<PrepOrderRow>(
        `SELECT o.id::int AS id, o.order_number, o.delivery_at, o.time_zone, o.company_name, o.serving_style,
                COALESCE((SELECT json_agg(json_build_object('menu_name', i.menu_name, 'quantity', i.quantity,
                                   'menu_items', i.menu_items, 'special_instruction', i.special_instruction) ORDER BY i.position, i.id)
                            FROM catering_order_items i
                           WHERE i.catering_order_id = o.id AND COALESCE(i.chef_id, o.chef_id) = $1 AND i.quantity > 0), '[]') AS items
           FROM catering_orders o
          WHERE o.id IN (SELECT catering_order_id FROM restaurant_requests WHERE chef_id = $1)
            AND o.status IN ${COOKED}
            AND (o.delivery_at AT TIME ZONE o.time_zone)::date = $2::date
          ORDER BY o.delivery_at, o.id`,
        [chefId, date],
      );
      return rows;
    },

    /** One view of the restaurant's orders (at most 200). */
    async list(chefId: number, view: RestaurantOrdersView): Promise<RestaurantOrderRow[]> {
      const { rows } = await db.query<RestaurantOrderRow>(
        `${ORDER_FROM()}
          WHERE o.id IN (SELECT catering_order_id FROM restaurant_requests WHERE chef_id = $1)
            AND ${VIEW_FILTER[view]}
          ORDER BY ${VIEW_ORDER[view]} LIMIT ${LIST_LIMIT}`,
        [chefId],
      );
      return rows.map(withDates);
    },

    /** One order as the kitchen needs it; undefined when this restaurant was never asked about it. */
    async detail(chefId: number, orderId: number): Promise<RestaurantOrderDetailRow | undefined> {
      const { rows } = await db.query<RestaurantOrderDetailRow>(
        `${ORDER_FROM(`, o.delivery_address, o.delivery_suite_address, o.delivery_instruction, o.pickup_instruction,
                  o.serving_style, o.num_cutlery, o.phone_number, o.onsite_contact_name, o.onsite_contact_phone,
                  EXISTS (SELECT 1 FROM group_orders g WHERE g.catering_order_id = o.id) AS group_order`)}
          WHERE o.id = $2`,
        [chefId, orderId],
      );
      return rows[0] && withDates(rows[0]);
    },

    /** The restaurant's lines of the order, in the customer's order. */
    async items(chefId: number, orderId: number): Promise<RestaurantOrderItemRow[]> {
      const { rows } = await db.query<RestaurantOrderItemRow>(
        `SELECT i.menu_name, i.quantity, i.menu_items, i.special_instruction
           FROM catering_order_items i JOIN catering_orders o ON o.id = i.catering_order_id
          WHERE i.catering_order_id = $2 AND COALESCE(i.chef_id, o.chef_id) = $1 AND i.quantity > 0
          ORDER BY i.position, i.id`,
        [chefId, orderId],
      );
      return rows;
    },
  };
}
export type RestaurantOrdersRepository = ReturnType<typeof createRestaurantOrdersRepository>;
