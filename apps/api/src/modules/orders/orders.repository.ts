import type { TaxLine } from '@caterway/domain';
import { prepared, type Queryable } from '../../db/pool.js';
import { parameters, type ReadPart, type SqlPart } from '../../db/sql-parts.js';
import { hasInvoiceColumn } from '../invoices/invoices.sql-parts.js';
import {
  type OrderDisplayContext,
  type OrderItemRow,
  type OrderRow,
  type PaymentStatus,
  type PreparedOrder,
  type StoredTaxLine,
} from './orders.types.js';

// the stored shapes and their readings moved to orders.types.ts; kept importable from here for this module
export { paymentClaimHeld, STALE_PAYMENT_CLAIM_SECONDS, taxLinesOf, totalsOf } from './orders.types.js';
export type { OrderItemRow, OrderRow, PaymentStatus, StoredTaxLine } from './orders.types.js';

// The only SQL on catering orders, their items and the payment claim.

const storedTaxLines = (lines: TaxLine[]): StoredTaxLine[] =>
  lines.map((l) => ({
    name: l.name,
    rate_percent: l.ratePercent,
    cents: l.cents,
    jurisdiction: l.jurisdiction ?? null,
  }));

function orderValues(o: PreparedOrder, isEft: boolean): unknown[] {
  const p = o.payload;
  const delivery = p.receiving_method === 'delivery';
  return [
    o.preset.id, // $1
    o.preset.name,
    o.lead.id,
    o.chefs.map((c) => c.id),
    p.receiving_method, // $5
    delivery ? (p.delivery_address ?? '') : '',
    delivery ? (p.delivery_suite_address ?? '') : '',
    delivery ? (p.delivery_instruction ?? '') : '',
    delivery ? '' : (p.pickup_instruction ?? ''),
    o.latitude, // $10
    o.longitude,
    o.distanceKm,
    p.first_name,
    p.last_name,
    p.company_name, // $15
    p.phone_number,
    p.email,
    p.serving_style,
    p.num_cutlery,
    o.deliveryAt, // $20
    o.timeZone,
    o.orderProcessingAt,
    o.totals.subtotalCents,
    o.totals.deliveryFeeCents,
    o.totals.cutleryCents, // $25
    o.totals.taxCents,
    o.totals.totalCents,
    o.taxName,
    o.taxRate,
    o.currency, // $30
    isEft,
    JSON.stringify(p),
    JSON.stringify(storedTaxLines(o.totals.taxLines)), // $33
    o.place.country,
    o.place.region, // $35
    o.place.locality ?? null,
    o.totals.tipCents,
    o.tipPercent, // $38
    o.corporate.po_number,
    o.corporate.cost_centre, // $40
    o.corporate.onsite_contact_name,
    o.corporate.onsite_contact_phone, // $42
  ];
}

/**
 * OrderRow's columns, named: the finalize's statements are prepared (db/pool.ts), and a prepared
 * statement's `SELECT *` breaks when a migration adds a column. The compiler keeps the list and
 * OrderRow together (a field of OrderRow missing here fails the build).
 */
const ORDER_COLUMN_NAMES = [
  'id',
  'order_number',
  'purchase_id',
  'user_id',
  'preset_id',
  'preset_name',
  'chef_id',
  'chef_ids',
  'status',
  'receiving_method',
  'delivery_address',
  'delivery_suite_address',
  'delivery_instruction',
  'pickup_instruction',
  'first_name',
  'last_name',
  'company_name',
  'phone_number',
  'email',
  'serving_style',
  'num_cutlery',
  'delivery_at',
  'time_zone',
  'order_processing_at',
  'subtotal_cents',
  'delivery_fee_cents',
  'cutlery_cents',
  'tax_cents',
  'total_cents',
  'tax_name',
  'tax_rate',
  'tax_lines',
  'place_country',
  'place_region',
  'place_locality',
  'tip_cents',
  'tip_percent',
  'po_number',
  'cost_centre',
  'onsite_contact_name',
  'onsite_contact_phone',
  'currency',
  'is_eft',
  'request_payload',
  'payment_status',
  'payment_attempts',
  'payment_started_at',
  'payment_intent_id',
  'payment_method_id',
  'payment_error',
  'paid_at',
  'editable',
  'created_at',
  'processing',
  'authorized_cents',
  'captured_cents',
  'refunded_cents',
  'parent_order_id',
  'accepted_at',
  'delivery_ready_at',
  'delivered_at',
  'canceled_at',
  'edit_version',
  'attention_kind',
  'attention_reason',
  'attention_at',
] as const satisfies readonly (keyof OrderRow)[];
const everyOrderRowField: Exclude<keyof OrderRow, (typeof ORDER_COLUMN_NAMES)[number]> extends never ? true : never =
  true;
void everyOrderRowField;
const ORDER_COLUMNS = ORDER_COLUMN_NAMES.join(', ');

const SETS = `preset_id = $1, preset_name = $2, chef_id = $3, chef_ids = $4, receiving_method = $5, delivery_address = $6,
  delivery_suite_address = $7, delivery_instruction = $8, pickup_instruction = $9, latitude = $10, longitude = $11,
  distance_km = $12, first_name = $13, last_name = $14, company_name = $15, phone_number = $16, email = $17,
  serving_style = $18, num_cutlery = $19, delivery_at = $20, time_zone = $21, order_processing_at = $22,
  subtotal_cents = $23, delivery_fee_cents = $24, cutlery_cents = $25, tax_cents = $26, total_cents = $27,
  tax_name = $28, tax_rate = $29, currency = $30, is_eft = $31, request_payload = $32, tax_lines = $33,
  place_country = $34, place_region = $35, place_locality = $36, tip_cents = $37, tip_percent = $38,
  po_number = $39, cost_centre = $40, onsite_contact_name = $41, onsite_contact_phone = $42`;

export function createOrdersRepository(db: Queryable) {
  async function replaceItems(orderId: number, o: PreparedOrder, tx: Queryable): Promise<void> {
    await tx.query('DELETE FROM catering_order_items WHERE catering_order_id = $1', [orderId]);
    if (!o.lines.length) return;
    await tx.query(
      `INSERT INTO catering_order_items (catering_order_id, position, line_key, menu_id, chef_id, menu_name, quantity,
         unit_price_cents, menu_items_mapping, menu_items, special_instruction, serving_details, line_subtotal_cents)
       SELECT $1, r.position, r.line_key, r.menu_id, r.chef_id, r.menu_name, r.quantity, r.unit_price_cents,
              r.menu_items_mapping, r.menu_items, r.special_instruction, r.serving_details, r.line_subtotal_cents
         FROM json_to_recordset($2::json) AS r(position int, line_key text, menu_id bigint, chef_id bigint, menu_name text,
              quantity int, unit_price_cents int, menu_items_mapping jsonb, menu_items jsonb, special_instruction text,
              serving_details jsonb, line_subtotal_cents int)`,
      [
        orderId,
        JSON.stringify(
          o.lines.map((l, position) => ({
            position,
            line_key: l.lineKey,
            menu_id: l.menuId,
            chef_id: l.chefId,
            menu_name: l.menuName,
            quantity: l.quantity,
            unit_price_cents: l.unitPriceCents,
            menu_items_mapping: l.menuItemsMapping,
            menu_items: l.menuItems,
            special_instruction: l.specialInstruction,
            serving_details: l.servingDetails,
            line_subtotal_cents: l.lineSubtotalCents,
          })),
        ),
      ],
    );
  }

  return {
    /** A draft order with its items; the order number comes from the sequence, in the year of `now`. */
    async insert(
      input: { userId: number; purchaseId: string; order: PreparedOrder; isEft: boolean; now: Date },
      tx: Queryable = db,
    ): Promise<OrderRow> {
      const values = orderValues(input.order, input.isEft);
      const { rows } = await tx.query<OrderRow>(
        `INSERT INTO catering_orders (order_number, purchase_id, user_id, status, created_at, updated_at,
           preset_id, preset_name, chef_id, chef_ids, receiving_method, delivery_address, delivery_suite_address,
           delivery_instruction, pickup_instruction, latitude, longitude, distance_km, first_name, last_name, company_name,
           phone_number, email, serving_style, num_cutlery, delivery_at, time_zone, order_processing_at, subtotal_cents,
           delivery_fee_cents, cutlery_cents, tax_cents, total_cents, tax_name, tax_rate, currency, is_eft, request_payload,
           tax_lines, place_country, place_region, place_locality, tip_cents, tip_percent,
           po_number, cost_centre, onsite_contact_name, onsite_contact_phone)
         VALUES ('CW-' || $43 || '-' || lpad(nextval('catering_order_number_seq')::text, 6, '0'), $44, $45, 'draft', $46, $46,
           $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24,
           $25, $26, $27, $28, $29, $30, $31, $32, $33, $34, $35, $36, $37, $38, $39, $40, $41, $42)
         RETURNING *`,
        [...values, String(input.now.getUTCFullYear()), input.purchaseId, input.userId, input.now],
      );
      const row = rows[0]!;
      await replaceItems(row.id, input.order, tx);
      return row;
    },

    /** Rewrites an unpaid order (or one waiting for 3-D Secure); undefined when it is no longer unpaid (a finalize got there first). */
    async update(
      id: number,
      input: { order: PreparedOrder; isEft: boolean; now: Date },
      tx: Queryable = db,
    ): Promise<OrderRow | undefined> {
      const { rows } = await tx.query<OrderRow>(
        `UPDATE catering_orders SET ${SETS}, updated_at = $44
          WHERE id = $43 AND status = 'draft' AND payment_status IN ('unpaid', 'failed', 'requires_action') RETURNING *`,
        [...orderValues(input.order, input.isEft), id, input.now],
      );
      if (rows[0]) await replaceItems(id, input.order, tx);
      return rows[0];
    },

    /**
     * Rewrites a placed order after a customer's edit (prices, lines, times; the payment method
     * and the money columns stay), counting the edit. Caller holds the row lock.
     */
    async rewritePlaced(
      id: number,
      input: { order: PreparedOrder; isEft: boolean; now: Date },
      tx: Queryable = db,
    ): Promise<OrderRow> {
      const { rows } = await tx.query<OrderRow>(
        `UPDATE catering_orders SET ${SETS}, edit_version = edit_version + 1, updated_at = $44 WHERE id = $43 RETURNING *`,
        [...orderValues(input.order, input.isEft), id, input.now],
      );
      await replaceItems(id, input.order, tx);
      return rows[0]!;
    },

    /**
     * A draft add-on order of the parent (ordering-payments §2 Add-on order page): same owner,
     * preset, delivery details and zone as the parent, no lines and nothing to pay yet. Its PO
     * number and cost centre start as the parent's (the add-on checkout may change them), and its
     * on-site contact is the parent's: it is delivered with it.
     */
    async insertAddOn(
      input: { parent: OrderRow; purchaseId: string; now: Date },
      tx: Queryable = db,
    ): Promise<OrderRow> {
      const p = input.parent;
      const payload = { ...p.request_payload, preset_items: [] };
      const { rows } = await tx.query<OrderRow>(
        `INSERT INTO catering_orders (order_number, purchase_id, user_id, status, created_at, updated_at, parent_order_id,
           preset_id, preset_name, chef_id, chef_ids, receiving_method, delivery_address, delivery_suite_address,
           delivery_instruction, pickup_instruction, latitude, longitude, distance_km, first_name, last_name, company_name,
           phone_number, email, serving_style, num_cutlery, delivery_at, time_zone, order_processing_at, subtotal_cents,
           delivery_fee_cents, cutlery_cents, tax_cents, total_cents, tax_name, tax_rate, currency, is_eft, request_payload,
           tax_lines, place_country, place_region, place_locality, po_number, cost_centre, onsite_contact_name, onsite_contact_phone)
         SELECT 'CW-' || $2 || '-' || lpad(nextval('catering_order_number_seq')::text, 6, '0'), $3, user_id, 'draft', $4, $4, id,
           preset_id, preset_name, chef_id, chef_ids, receiving_method, delivery_address, delivery_suite_address,
           delivery_instruction, pickup_instruction, latitude, longitude, distance_km, first_name, last_name, company_name,
           phone_number, email, serving_style, 0, delivery_at, time_zone, delivery_at - interval '1 hour', 0,
           0, 0, 0, 0, tax_name, tax_rate, currency, false, $5,
           '[]', place_country, place_region, place_locality, po_number, cost_centre, onsite_contact_name, onsite_contact_phone
           FROM catering_orders WHERE id = $1
         RETURNING *`,
        [p.id, String(input.now.getUTCFullYear()), input.purchaseId, input.now, JSON.stringify(payload)],
      );
      return rows[0]!;
    },

    /** A declined authorisation on a draft: the provider's message and the method tried (caller's transaction). */
    async markPaymentFailed(
      id: number,
      input: { message: string; paymentMethodId: string | null; now: Date },
      tx: Queryable = db,
    ): Promise<OrderRow> {
      const { rows } = await tx.query<OrderRow>(
        `UPDATE catering_orders SET payment_status = 'failed', payment_error = $2, payment_method_id = COALESCE($3, payment_method_id), updated_at = $4
          WHERE id = $1 RETURNING *`,
        [id, input.message, input.paymentMethodId, input.now],
      );
      return rows[0]!;
    },

    /** Marks the combined order of a group order as that group's (group_order_uuid). */
    async linkGroupOrder(id: number, groupUuid: string, tx: Queryable = db): Promise<void> {
      await tx.query('UPDATE catering_orders SET group_order_uuid = $2 WHERE id = $1', [id, groupUuid]);
    },

    /** The user's unpaid add-on draft of a parent, if one is open (Add Addon Order twice reuses it). */
    async findOpenAddOn(parentId: number, userId: number, tx: Queryable = db): Promise<OrderRow | undefined> {
      const { rows } = await tx.query<OrderRow>(
        `SELECT * FROM catering_orders WHERE parent_order_id = $1 AND user_id = $2 AND status = 'draft'
            AND payment_status IN ('unpaid', 'failed') ORDER BY id DESC LIMIT 1`,
        [parentId, userId],
      );
      return rows[0];
    },

    async findByPurchaseId(purchaseId: string, tx: Queryable = db): Promise<OrderRow | undefined> {
      const { rows } = await tx.query<OrderRow>('SELECT * FROM catering_orders WHERE purchase_id = $1', [purchaseId]);
      return rows[0];
    },

    /** Locks a placed order for an edit or a payment change (inside the caller's transaction). */
    async lockForUpdate(id: number, tx: Queryable): Promise<OrderRow | undefined> {
      const { rows } = await tx.query<OrderRow>('SELECT * FROM catering_orders WHERE id = $1 FOR UPDATE', [id]);
      return rows[0];
    },

    /** Takes the payment claim of a placed order (edits and payment changes); false when another holds it. */
    async claimPlacedPayment(id: number, now: Date, staleSeconds: number, tx: Queryable): Promise<boolean> {
      const { rowCount } = await tx.query(
        `UPDATE catering_orders SET payment_status = 'authorizing', payment_started_at = $2
          WHERE id = $1 AND (payment_status <> 'authorizing' OR payment_started_at < $2::timestamptz - make_interval(secs => $3))`,
        [id, now, staleSeconds],
      );
      return rowCount === 1;
    },

    /** Records where the payment of a placed order stands after an edit or a payment change (releases the claim). */
    async setPlacedPayment(
      id: number,
      input: {
        paymentStatus: PaymentStatus;
        paymentIntentId: string | null;
        paymentMethodId: string | null;
        isEft: boolean;
        authorizedCents: number;
        refundedCents: number;
        error: string | null;
        now: Date;
      },
      tx: Queryable = db,
    ): Promise<OrderRow> {
      const { rows } = await tx.query<OrderRow>(
        `UPDATE catering_orders SET payment_status = $2, payment_intent_id = $3, payment_method_id = $4, is_eft = $5,
                authorized_cents = $6, refunded_cents = $7, payment_error = $8, updated_at = $9
          WHERE id = $1 RETURNING *`,
        [
          id,
          input.paymentStatus,
          input.paymentIntentId,
          input.paymentMethodId,
          input.isEft,
          input.authorizedCents,
          input.refundedCents,
          input.error,
          input.now,
        ],
      );
      return rows[0]!;
    },

    /** findById as a part of another module's statement (db/sql-parts.ts ReadPart): its row is an OrderRow. */
    byIdPart(id: number): ReadPart {
      return (p) => `SELECT ${ORDER_COLUMNS} FROM catering_orders WHERE id = ${p(id)}`;
    },

    async findById(id: number, tx: Queryable = db): Promise<OrderRow | undefined> {
      const { rows } = await tx.query<OrderRow>(
        prepared(`SELECT ${ORDER_COLUMNS} FROM catering_orders WHERE id = $1`, [id]),
      );
      return rows[0];
    },

    /** The order's preset slug, restaurant name, add-on limit and placed add-on count (order-view.ts). */
    async findDisplayContext(id: number, tx: Queryable = db): Promise<OrderDisplayContext> {
      const { rows } = await tx.query<OrderDisplayContext>(
        `SELECT p.slug AS preset_slug, COALESCE(c.business_name, o.preset_name) AS restaurant_name,
                COALESCE(c.addon_maximum_items_qty, 0) AS addon_limit,
                (SELECT count(*)::int FROM catering_orders a WHERE a.parent_order_id = o.id AND a.status <> 'draft' AND a.paid_at IS NOT NULL) AS addon_orders_count,
                ${hasInvoiceColumn('o')}
           FROM catering_orders o LEFT JOIN presets p ON p.id = o.preset_id LEFT JOIN chefs c ON c.id = o.chef_id
          WHERE o.id = $1`,
        [id],
      );
      return (
        rows[0] ?? { preset_slug: null, restaurant_name: '', addon_limit: 0, addon_orders_count: 0, has_invoice: false }
      );
    },

    async findItems(orderId: number, tx: Queryable = db): Promise<OrderItemRow[]> {
      const { rows } = await tx.query<OrderItemRow>(
        `SELECT id, position, line_key, menu_id, chef_id, menu_name, quantity, unit_price_cents, menu_items_mapping, menu_items,
                special_instruction, serving_details, line_subtotal_cents
           FROM catering_order_items WHERE catering_order_id = $1 ORDER BY position, id`,
        [orderId],
      );
      return rows;
    },

    /**
     * The payment claim: exactly one finalize at a time moves an order to 'authorizing'. A claim
     * left behind by a crashed process (older than staleSeconds) may be taken over; it keeps its
     * attempt number so the provider's idempotency key, and so the authorisation, stay the same.
     */
    async claimPayment(
      id: number,
      now: Date,
      staleSeconds: number,
      tx: Queryable = db,
      /** another module's condition on the row (catering_orders), e.g. the capacity module's "no limit applies" */
      unless = 'true',
    ): Promise<OrderRow | undefined> {
      const { rows } = await tx.query<OrderRow>(
        prepared(
          `UPDATE catering_orders
              SET payment_attempts = CASE WHEN payment_status = 'authorizing' THEN payment_attempts ELSE payment_attempts + 1 END,
                  payment_status = 'authorizing', payment_started_at = $2, updated_at = $2
            WHERE id = $1 AND status = 'draft' AND (payment_status IN ('unpaid', 'failed', 'requires_action')
                  OR (payment_status = 'authorizing' AND payment_started_at < $2::timestamptz - make_interval(secs => $3)))
              AND ${unless}
            RETURNING ${ORDER_COLUMNS}`,
          [id, now, staleSeconds],
        ),
      );
      return rows[0];
    },

    /**
     * The state machine's 'pay' (draft -> New), logged in order_events like every later move.
     * `with`: writes of other modules that belong to the payment (its processing job, the
     * confirmation's outbox row, the idempotent answer), done in the same statement: atomic,
     * one round trip and one commit (decision 017). Undefined (nothing written) when the order is
     * no longer a draft: an add-on cancelled with its parent while it was being paid (decision 026).
     */
    async markPaid(
      id: number,
      input: {
        paymentStatus: PaymentStatus;
        paymentIntentId: string | null;
        paymentMethodId: string;
        now: Date;
        with?: SqlPart[];
      },
      tx: Queryable = db,
    ): Promise<OrderRow | undefined> {
      const { values, param } = parameters([
        id,
        input.paymentStatus,
        input.paymentIntentId,
        input.paymentMethodId,
        input.now,
      ]);
      const parts = (input.with ?? []).map((part, i) => `, part${i} AS (${part.sql(param, 'paid')})`).join('');
      const { rows } = await tx.query<OrderRow>(
        prepared(
          `WITH paid AS (
           UPDATE catering_orders SET status = 'New', payment_status = $2, payment_intent_id = $3, payment_method_id = $4,
                  payment_error = NULL, paid_at = $5, updated_at = $5,
                  authorized_cents = CASE WHEN $2 = 'authorized' THEN total_cents ELSE 0 END,
                  captured_cents = CASE WHEN $2 = 'captured' THEN total_cents ELSE 0 END
            WHERE id = $1 AND status = 'draft' RETURNING ${ORDER_COLUMNS}),
         logged AS (
           INSERT INTO order_events (catering_order_id, event, from_status, to_status, actor_kind, actor_user_id, created_at)
           SELECT id, 'pay', 'draft', 'New', 'customer', user_id, $5 FROM paid)${parts}
         SELECT ${ORDER_COLUMNS} FROM paid`,
          values,
        ),
      );
      return rows[0];
    },

    /** Releases the claim: 'failed' with the provider's message after a decline, 'unpaid' after an outage. */
    /**
     * A finalize that failed with an unknown outcome (database or provider unreachable): the claim
     * is open to the next request at once, keeping its attempt number, so the retry sends the
     * provider the same idempotency key and cannot charge twice.
     */
    async reopenPaymentClaim(id: number, tx: Queryable = db): Promise<void> {
      await tx.query(
        `UPDATE catering_orders SET payment_started_at = '-infinity' WHERE id = $1 AND payment_status = 'authorizing'`,
        [id],
      );
    },

    /** At the start of the only process on a database (embedded): claims left by a crashed run. */
    async reopenAllPaymentClaims(): Promise<number> {
      return (
        (
          await db.query(
            `UPDATE catering_orders SET payment_started_at = '-infinity' WHERE payment_status = 'authorizing'`,
          )
        ).rowCount ?? 0
      );
    },

    /**
     * The card's bank asks for 3-D Secure: the claim is released with the intent kept, so the
     * next finalize (after the browser completed it) picks the same intent up.
     */
    async awaitAuthentication(
      id: number,
      input: { paymentIntentId: string; paymentMethodId: string; now: Date },
      tx: Queryable = db,
    ): Promise<void> {
      await tx.query(
        `UPDATE catering_orders SET payment_status = 'requires_action', payment_intent_id = $2, payment_method_id = $3, payment_error = NULL, updated_at = $4
          WHERE id = $1 AND payment_status = 'authorizing'`,
        [id, input.paymentIntentId, input.paymentMethodId, input.now],
      );
    },

    async releasePayment(
      id: number,
      input: { status: 'failed' | 'unpaid'; error: string | null; paymentMethodId: string; now: Date },
      tx: Queryable = db,
    ): Promise<void> {
      await tx.query(
        `UPDATE catering_orders SET payment_status = $2, payment_error = COALESCE($3, payment_error), payment_method_id = $4, updated_at = $5
          WHERE id = $1 AND payment_status = 'authorizing'`,
        [id, input.status, input.error, input.paymentMethodId, input.now],
      );
    },
  };
}
export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
