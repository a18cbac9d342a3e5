import type { Queryable } from '../../db/pool.js';

// "86 an item" (issue 19 part 3; decision 053): the only SQL that writes menus.unavailable_until
// and menu_items.unavailable_until (migration 042) and order_messages (migration 044). Every
// write is made in the caller's transaction, which also records it in the audit log and, for an
// 86, bumps the restaurant's catalogue version (catalogue-changes record(..., { catalogue: true })).
//
// An unavailable_until is read as text (to_json(...) #>> '{}'): an ISO instant, 'infinity' (until
// turned back on) or null, so 'infinity' never becomes a JavaScript Infinity.

const UNTIL = (column: string) => `to_json(${column}) #>> '{}'`;

export interface SoldOutOptionRow {
  id: number;
  name: string;
  price_cents: number;
  unavailable_until: string | null;
}

export interface SoldOutDishRow extends SoldOutOptionRow {
  category_name: string;
  options: SoldOutOptionRow[];
}

export interface SoldOutTargetRow {
  kind: 'dish' | 'option';
  id: number;
  /** the dish (the option's dish) */
  menu_id: number;
  name: string;
  dish_name: string;
  price_cents: number;
  unavailable_until: string | null;
}

export interface AffectedOrderRow {
  order_id: number;
  order_number: string;
  first_name: string;
  last_name: string;
  company_name: string;
  email: string;
  phone_number: string;
  delivery_at: Date;
  time_zone: string;
  answer: string | null;
  group_order_id: number | null;
  group_order_name: string | null;
  quantity: number;
  messages_sent: number;
}

export interface AffectedGroupOrderRow {
  group_order_id: number;
  uuid: string;
  name: string;
  first_name: string;
  last_name: string;
  company_name: string;
  email: string;
  phone: string;
  delivery_at: Date | null;
  time_zone: string;
  quantity: number;
  messages_sent: number;
}

/** An order a restaurant may message: one it was asked about. */
export interface MessageableOrderRow {
  id: number;
  order_number: string;
  first_name: string;
  email: string;
  delivery_at: Date;
  time_zone: string;
  group_order_uuid: string | null;
}

export interface MessageableGroupOrderRow {
  id: number;
  uuid: string;
  name: string;
  first_name: string;
  email: string;
  delivery_at: Date | null;
  time_zone: string;
  catering_order_id: number | null;
}

export interface OrderMessageRow {
  id: number;
  kind: 'substitute' | 'note';
  body: string;
  subject: string;
  restaurant_name: string;
  author_name: string | null;
  created_at: Date;
}

/** A restaurant's orders statuses that are over, or never placed: an 86 affects none of them. */
const NOT_AFFECTED = `('draft', 'Delivered', 'customer_paid', 'declined', 'Canceled', 'cancelled')`;

const MESSAGE_COLUMNS = `om.id::int AS id, om.kind, om.body, om.subject, c.business_name AS restaurant_name,
  nullif(trim(u.first_name || ' ' || u.last_name), '') AS author_name, om.created_at`;

export function createSoldOutRepository(db: Queryable) {
  /** order_messages matching `where` (on alias om), oldest first, with the restaurant and the author. */
  async function messages(where: string, params: unknown[]): Promise<OrderMessageRow[]> {
    const { rows } = await db.query<OrderMessageRow>(
      `SELECT ${MESSAGE_COLUMNS}
         FROM order_messages om JOIN chefs c ON c.id = om.chef_id LEFT JOIN users u ON u.id = om.author_user_id
        WHERE ${where}
        ORDER BY om.id`,
      params,
    );
    return rows;
  }

  return {
    /** The restaurant's live dishes with their options, by category in menu_categories' order. */
    async menu(chefId: number): Promise<SoldOutDishRow[]> {
      const { rows } = await db.query<SoldOutDishRow>(
        `SELECT m.id::int AS id, m.name, m.category_name, m.price_cents, ${UNTIL('m.unavailable_until')} AS unavailable_until,
                COALESCE((SELECT json_agg(json_build_object('id', mi.id, 'name', mi.name, 'price_cents', mi.price_cents,
                                   'unavailable_until', mi.unavailable_until) ORDER BY mi.position, mi.id)
                            FROM menu_items mi WHERE mi.menu_id = m.id AND NOT mi.is_deleted), '[]') AS options
           FROM menus m
           LEFT JOIN menu_categories mc ON mc.chef_id = m.chef_id AND mc.name = m.category_name
          WHERE m.chef_id = $1 AND NOT m.is_deleted
          ORDER BY mc.position NULLS LAST, m.category_name, m.position, m.id`,
        [chefId],
      );
      return rows;
    },

    /** A dish or option of the restaurant, locked for its change; undefined when it is not on its menu. */
    async lockTarget(
      chefId: number,
      target: { menuId: number } | { menuItemId: number },
      tx: Queryable,
    ): Promise<SoldOutTargetRow | undefined> {
      if ('menuId' in target) {
        const { rows } = await tx.query<SoldOutTargetRow>(
          `SELECT 'dish' AS kind, m.id::int AS id, m.id::int AS menu_id, m.name, m.name AS dish_name, m.price_cents,
                  ${UNTIL('m.unavailable_until')} AS unavailable_until
             FROM menus m WHERE m.id = $1 AND m.chef_id = $2 AND NOT m.is_deleted FOR UPDATE`,
          [target.menuId, chefId],
        );
        return rows[0];
      }
      const { rows } = await tx.query<SoldOutTargetRow>(
        `SELECT 'option' AS kind, mi.id::int AS id, m.id::int AS menu_id, mi.name, m.name AS dish_name, mi.price_cents,
                ${UNTIL('mi.unavailable_until')} AS unavailable_until
           FROM menu_items mi JOIN menus m ON m.id = mi.menu_id
          WHERE mi.id = $1 AND m.chef_id = $2 AND NOT m.is_deleted AND NOT mi.is_deleted
            FOR UPDATE OF mi`,
        [target.menuItemId, chefId],
      );
      return rows[0];
    },

    /** Sets an 86 (an ISO instant or 'infinity') or ends it (null). */
    async setUnavailableUntil(
      target: Pick<SoldOutTargetRow, 'kind' | 'id'>,
      until: string | null,
      tx: Queryable,
    ): Promise<string | null> {
      const { rows } = await tx.query<{ unavailable_until: string | null }>(
        target.kind === 'dish'
          ? `UPDATE menus SET unavailable_until = $2::timestamptz, updated_at = now() WHERE id = $1
             RETURNING ${UNTIL('unavailable_until')} AS unavailable_until`
          : `UPDATE menu_items SET unavailable_until = $2::timestamptz WHERE id = $1
             RETURNING ${UNTIL('unavailable_until')} AS unavailable_until`,
        [target.id, until],
      );
      return rows[0]!.unavailable_until;
    },

    /** The name of a dish (or option, with its dish) of the restaurant; undefined when not on its menu. */
    async subjectOf(chefId: number, target: { menuId?: number; menuItemId?: number }): Promise<string | undefined> {
      const { rows } = await db.query<{ name: string; dish_name: string }>(
        target.menuItemId !== undefined
          ? `SELECT mi.name, m.name AS dish_name FROM menu_items mi JOIN menus m ON m.id = mi.menu_id
              WHERE mi.id = $1 AND m.chef_id = $2`
          : `SELECT m.name, NULL AS dish_name FROM menus m WHERE m.id = $1 AND m.chef_id = $2`,
        [target.menuItemId ?? target.menuId, chefId],
      );
      const row = rows[0];
      return row && (row.dish_name ? `${row.name} (${row.dish_name})` : row.name);
    },

    /**
     * The restaurant's orders still to be delivered after `now`, waiting for its answer or accepted,
     * whose lines hold the dish (its quantity) or the option (the option's quantity).
     */
    async affectedOrders(
      chefId: number,
      target: { menuId: number } | { menuItemId: number },
      now: Date,
    ): Promise<AffectedOrderRow[]> {
      const dish = 'menuId' in target;
      const { rows } = await db.query<AffectedOrderRow>(
        `SELECT o.id::int AS order_id, o.order_number, o.first_name, o.last_name, o.company_name, o.email, o.phone_number,
                o.delivery_at, o.time_zone, req.answer, g.id::int AS group_order_id, g.name AS group_order_name,
                held.quantity::int AS quantity,
                (SELECT count(*) FROM order_messages om WHERE om.catering_order_id = o.id AND om.chef_id = $1)::int AS messages_sent
           FROM catering_orders o
           JOIN LATERAL (SELECT r.answer FROM restaurant_requests r
                          WHERE r.catering_order_id = o.id AND r.chef_id = $1
                          ORDER BY (r.answer IS NULL) DESC, r.id DESC LIMIT 1) req ON true
           JOIN LATERAL (SELECT ${
             dish
               ? `sum(i.quantity) AS quantity FROM catering_order_items i
                   WHERE i.catering_order_id = o.id AND i.menu_id = $2
                     AND (i.quantity > 0 OR i.menu_items_mapping <> '{}'::jsonb)`
               : `sum((i.menu_items_mapping ->> $2::text)::int) AS quantity FROM catering_order_items i
                   WHERE i.catering_order_id = o.id AND (i.menu_items_mapping ->> $2::text)::int > 0`
           }) held ON held.quantity IS NOT NULL
           LEFT JOIN group_orders g ON g.uuid = o.group_order_uuid
          WHERE o.id IN (SELECT catering_order_id FROM restaurant_requests WHERE chef_id = $1)
            AND o.delivery_at > $3 AND o.status NOT IN ${NOT_AFFECTED}
            AND (req.answer IS NULL OR req.answer IN ('accepted', 'acknowledged'))
          ORDER BY o.delivery_at, o.id
          LIMIT 200`,
        [chefId, dish ? target.menuId : target.menuItemId, now],
      );
      return rows;
    },

    /** The restaurant's open group orders (taking choices) in which members chose the dish. */
    async affectedGroupOrders(chefId: number, menuId: number, now: Date): Promise<AffectedGroupOrderRow[]> {
      const { rows } = await db.query<AffectedGroupOrderRow>(
        `SELECT g.id::int AS group_order_id, g.uuid, g.name, u.first_name, u.last_name, g.company_name, u.email,
                COALESCE(nullif(g.delivery_phone_number, ''), u.phone, '') AS phone, g.delivery_at, g.time_zone,
                count(*)::int AS quantity,
                (SELECT count(*) FROM order_messages om WHERE om.group_order_uuid = g.uuid AND om.chef_id = $1)::int AS messages_sent
           FROM group_orders g
           JOIN users u ON u.id = g.creator_id
           JOIN group_order_choices ch ON ch.group_order_uuid = g.uuid AND ch.menu_id = $2
          WHERE g.chef_id = $1 AND g.status = 'accepting' AND g.catering_order_id IS NULL
            AND (g.cutoff_at IS NULL OR g.cutoff_at > $3)
          GROUP BY g.id, g.uuid, u.first_name, u.last_name, u.email, u.phone
          ORDER BY g.delivery_at NULLS LAST, g.id
          LIMIT 200`,
        [chefId, menuId, now],
      );
      return rows;
    },

    /** An order the restaurant was asked about, to message its customer; undefined otherwise. */
    async messageableOrder(chefId: number, orderId: number): Promise<MessageableOrderRow | undefined> {
      const { rows } = await db.query<MessageableOrderRow>(
        `SELECT o.id::int AS id, o.order_number, o.first_name, o.email, o.delivery_at, o.time_zone, o.group_order_uuid
           FROM catering_orders o
          WHERE o.id = $2 AND o.status <> 'draft'
            AND EXISTS (SELECT 1 FROM restaurant_requests r WHERE r.catering_order_id = o.id AND r.chef_id = $1)`,
        [chefId, orderId],
      );
      return rows[0];
    },

    /** A group order of the restaurant (by its id), to message its organiser; undefined otherwise. */
    async messageableGroupOrder(chefId: number, groupOrderId: number): Promise<MessageableGroupOrderRow | undefined> {
      const { rows } = await db.query<MessageableGroupOrderRow>(
        `SELECT g.id::int AS id, g.uuid, g.name, u.first_name, u.email, g.delivery_at, g.time_zone,
                g.catering_order_id::int AS catering_order_id
           FROM group_orders g JOIN users u ON u.id = g.creator_id
          WHERE g.id = $2 AND g.chef_id = $1 AND g.status NOT IN ('created', 'canceled')`,
        [chefId, groupOrderId],
      );
      return rows[0];
    },

    async insertMessage(
      message: {
        chefId: number;
        orderId: number | null;
        groupOrderUuid: string | null;
        authorUserId: number;
        kind: 'substitute' | 'note';
        body: string;
        menuId: number | null;
        menuItemId: number | null;
        subject: string;
        now: Date;
      },
      tx: Queryable,
    ): Promise<OrderMessageRow> {
      const { rows } = await tx.query<OrderMessageRow>(
        `WITH om AS (
           INSERT INTO order_messages (chef_id, catering_order_id, group_order_uuid, author_user_id, kind, body, menu_id,
                                       menu_item_id, subject, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING *)
         SELECT ${MESSAGE_COLUMNS}
           FROM om JOIN chefs c ON c.id = om.chef_id LEFT JOIN users u ON u.id = om.author_user_id`,
        [
          message.chefId,
          message.orderId,
          message.groupOrderUuid,
          message.authorUserId,
          message.kind,
          message.body,
          message.menuId,
          message.menuItemId,
          message.subject,
          message.now,
        ],
      );
      return rows[0]!;
    },

    /** The messages of an order as a restaurant sees them: its own, oldest first. */
    messagesOfRestaurant: (chefId: number, orderId: number) =>
      messages(
        `om.chef_id = $1 AND (om.catering_order_id = $2
           OR om.group_order_uuid = (SELECT group_order_uuid FROM catering_orders WHERE id = $2))`,
        [chefId, orderId],
      ),

    /** The messages of a group order as its organiser sees them (its combined order's too), oldest first. */
    messagesOfGroupOrder: (uuid: string) =>
      messages(
        `om.group_order_uuid = $1 OR om.catering_order_id = (SELECT catering_order_id FROM group_orders WHERE uuid = $1)`,
        [uuid],
      ),

    /**
     * The messages of an order as its customer sees them: every restaurant's, those sent to its
     * group order before it was placed too, oldest first.
     */
    messagesOfOrder: (orderId: number) =>
      messages(
        `om.catering_order_id = $1 OR om.group_order_uuid = (SELECT group_order_uuid FROM catering_orders WHERE id = $1)`,
        [orderId],
      ),
  };
}
export type SoldOutRepository = ReturnType<typeof createSoldOutRepository>;
