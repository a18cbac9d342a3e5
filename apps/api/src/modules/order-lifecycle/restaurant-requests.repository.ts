import type { RecordedDeclineReason, PartnerAnswer, PartnerRequestKind, PartnerStats } from '@caterway/contracts';
import type { OrderActor } from '@caterway/domain';
import type { Queryable } from '../../db/pool.js';
import type { SqlPart } from '../../db/sql-parts.js';
import { enqueue, enqueuePart, type EnqueueInput } from '../../lib/jobs.js';

// What reached a restaurant about an order and wants its answer (restaurant_requests, migration
// 039, decision 048): written in the transaction that changes the order, one row per restaurant
// of the order, and announced on the `partner_events` channel (NOTIFY is delivered at commit, so
// a listener never hears of a change that rolled back). The restaurants of an order are its lead
// chef and every chef of its preset.

export const PARTNER_EVENTS_CHANNEL = 'partner_events';

/** The restaurants of the order aliased `o` that still exist (a chef may have been removed since). */
const CHEFS_OF = (o: string) =>
  `SELECT DISTINCT ch.id FROM unnest(array_append(${o}.chef_ids, ${o}.chef_id)) AS c(id) JOIN chefs ch ON ch.id = c.id`;

/** Announces each inserted or answered request to the portal's listeners (the restaurant's id). */
const ANNOUNCE = (relation: string) => `SELECT pg_notify('${PARTNER_EVENTS_CHANNEL}', chef_id::text) FROM ${relation}`;

export type AnsweredVia = 'portal' | 'email' | 'operations' | 'system' | 'auto';

export interface RestaurantRequestRow {
  id: number;
  catering_order_id: number;
  chef_id: number;
  kind: PartnerRequestKind;
  summary: string;
  created_at: Date;
  answer: PartnerAnswer | null;
  answered_at: Date | null;
  answered_by_user_id: number | null;
  answered_by_name: string | null;
  answered_via: AnsweredVia | null;
  decline_reason: RecordedDeclineReason | null;
  decline_note: string;
}

export const REQUEST_COLUMNS = `r.id::int AS id, r.catering_order_id::int AS catering_order_id, r.chef_id::int AS chef_id,
  r.kind, r.summary, r.created_at, r.answer, r.answered_at, r.answered_by_user_id::int AS answered_by_user_id,
  CASE WHEN r.answered_via = 'operations' THEN 'Caterway operations'
       ELSE NULLIF(trim(concat_ws(' ', u.first_name, u.last_name)), '') END AS answered_by_name,
  r.answered_via, r.decline_reason, r.decline_note`;

/**
 * The paid order's new-order requests (an add-on's when it has a parent) and the job that emails
 * them, as parts of the payment's statement (decision 017): `guard` is the relation of the order
 * just paid, and nothing is written when it has no row.
 */
export function reachRestaurantsParts(orderId: number, now: Date): SqlPart[] {
  return [newOrderRequestsPart(now), enqueuePart(notifyRestaurantsJob(orderId, now))];
}

function newOrderRequestsPart(now: Date): SqlPart {
  return {
    sql: (param, guard) => {
      const at = param(now);
      // the announcement rides in the INSERT's SELECT: a part is one statement
      return `INSERT INTO restaurant_requests (catering_order_id, chef_id, kind, created_at)
              SELECT g.id, c.id, CASE WHEN g.parent_order_id IS NULL THEN 'new_order' ELSE 'add_on' END, ${at}::timestamptz
                FROM ${guard} g, LATERAL (${CHEFS_OF('g')}) c,
                     LATERAL (SELECT pg_notify('${PARTNER_EVENTS_CHANNEL}', c.id::text)) n`;
    },
  };
}

/** Opens a request of this kind to every restaurant of the order (an edit, a cancellation, a payment). */
async function open(
  tx: Queryable,
  input: { orderId: number; kind: PartnerRequestKind; summary?: string; now: Date; exceptChef?: number | null },
): Promise<void> {
  await tx.query(
    `WITH opened AS (
       INSERT INTO restaurant_requests (catering_order_id, chef_id, kind, summary, created_at)
       SELECT o.id, c.id, $2, $3, $4 FROM catering_orders o, LATERAL (${CHEFS_OF('o')}) c
        WHERE o.id = $1 AND c.id IS DISTINCT FROM $5::bigint
       RETURNING chef_id)
     ${ANNOUNCE('opened')}`,
    [input.orderId, input.kind, input.summary ?? '', input.now, input.exceptChef ?? null],
  );
  await enqueue(tx, notifyRestaurantsJob(input.orderId, input.now));
}

export const NOTIFY_RESTAURANTS = 'notify_restaurants';
export const REMIND_RESTAURANT = 'remind_restaurant';
export const ESCALATE_REQUEST = 'escalate_restaurant_request';
export const EXPIRE_REQUEST = 'expire_restaurant_request';

/**
 * The job that emails an order's restaurants what reached them (and starts each request's
 * ladder), queued in the transaction that opened the requests: it runs once they are committed.
 */
export function notifyRestaurantsJob(orderId: number, now: Date): EnqueueInput {
  return {
    kind: NOTIFY_RESTAURANTS,
    dedupeKey: `${orderId}:${now.getTime()}`,
    payload: { order_id: orderId },
    runAt: now,
  };
}

/** What a cancellation notice says happened. */
function endedBy(event: string, actor: OrderActor): string {
  if (event === 'parent_cancelled') return 'Cancelled with the order it was added to';
  const who =
    actor === 'customer'
      ? 'the customer'
      : actor === 'restaurant'
        ? 'another restaurant of the order'
        : actor === 'staff'
          ? 'Caterway operations'
          : 'Caterway';
  return `${event === 'decline' ? 'Declined' : 'Cancelled'} by ${who}`;
}

/**
 * Closes the order's waiting requests of these kinds with `answer` (accepted by operations,
 * withdrawn when the order moved on). Answers the restaurants that had accepted before, for the
 * caller to tell them.
 */
async function closeWaiting(
  tx: Queryable,
  input: {
    orderId: number;
    kinds: readonly PartnerRequestKind[];
    answer: 'accepted' | 'withdrawn';
    via: AnsweredVia;
    userId: number | null;
    now: Date;
  },
): Promise<void> {
  await tx.query(
    `WITH closed AS (
       UPDATE restaurant_requests SET answer = $3, answered_at = $4, answered_via = $5, answered_by_user_id = $6
        WHERE catering_order_id = $1 AND answer IS NULL AND kind = ANY($2::text[])
       RETURNING chef_id)
     ${ANNOUNCE('closed')}`,
    [input.orderId, input.kinds, input.answer, input.now, input.via, input.userId],
  );
}

const TO_ACCEPT: readonly PartnerRequestKind[] = ['new_order', 'add_on'];
const ALL_KINDS: readonly PartnerRequestKind[] = ['new_order', 'add_on', 'edit', 'cancellation', 'reconfirmation'];

export const RECONFIRM_ORDER = 'reconfirm_order';
const DAY_MS = 86_400_000;

/**
 * The day before the delivery the restaurants reconfirm an accepted order (issue 19 part 1): the
 * job is queued at acceptance, and moved by an edit of the delivery time. An order delivered
 * within the day of its acceptance needs none (it was just confirmed).
 */
async function scheduleReconfirmation(tx: Queryable, orderId: number, now: Date): Promise<void> {
  const { rows } = await tx.query<{ delivery_at: Date }>('SELECT delivery_at FROM catering_orders WHERE id = $1', [
    orderId,
  ]);
  const delivery = rows[0]?.delivery_at;
  if (!delivery) return;
  const at = new Date(delivery.getTime() - DAY_MS);
  if (at.getTime() <= now.getTime()) return;
  await enqueue(tx, {
    kind: RECONFIRM_ORDER,
    dedupeKey: String(orderId),
    payload: { order_id: orderId },
    runAt: at,
    onConflict: 'reschedule',
  });
}

/**
 * Keeps the restaurants' requests in step with a move of the order (applyOrderEvent and
 * recordOrderNote call it in their transaction): paid reaches them; accepted by operations
 * answers for them; declined or cancelled withdraws what waits and tells every restaurant of
 * the order; an edit supersedes an edit not yet acknowledged.
 */
export async function followOrderEvent(
  tx: Queryable,
  input: {
    orderId: number;
    /** a status move (OrderEvent) or a note (edit, payment_voided, ...) */
    event: string;
    actor: OrderActor;
    actorUserId: number | null;
    /** the restaurant that moved the order (its own answer is already recorded), if one did */
    restaurantId?: number | null;
    note: string;
    now: Date;
  },
): Promise<void> {
  const { orderId, actorUserId: userId, now } = input;
  const via: AnsweredVia = input.actor === 'staff' ? 'operations' : 'system';
  switch (input.event) {
    case 'pay': {
      const { rows } = await tx.query<{ parent: boolean }>(
        'SELECT parent_order_id IS NOT NULL AS parent FROM catering_orders WHERE id = $1',
        [orderId],
      );
      await open(tx, { orderId, kind: rows[0]?.parent ? 'add_on' : 'new_order', now });
      return;
    }
    case 'accept':
      // a restaurant's own acceptance was recorded before the order moved; this answers for
      // the rest (operations accepting from the console)
      await closeWaiting(tx, { orderId, kinds: TO_ACCEPT, answer: 'accepted', via, userId, now });
      await scheduleReconfirmation(tx, orderId, now);
      return;
    case 'decline':
    case 'cancel':
    case 'parent_cancelled':
      await closeWaiting(tx, { orderId, kinds: ALL_KINDS, answer: 'withdrawn', via, userId, now });
      await open(tx, {
        orderId,
        kind: 'cancellation',
        summary: endedBy(input.event, input.actor),
        now,
        exceptChef: input.restaurantId,
      });
      return;
    case 'edit':
      await closeWaiting(tx, { orderId, kinds: ['edit'], answer: 'withdrawn', via: 'system', userId: null, now });
      await open(tx, { orderId, kind: 'edit', summary: input.note, now });
      // the delivery time may have moved (an edit of a New order has no reconfirmation yet)
      await scheduleReconfirmation(tx, orderId, now);
      return;
    default:
  }
}

/** A request with its order and restaurant, as its email, reminder or escalation tells them. */
export interface RequestToNotify {
  id: number;
  chef_id: number;
  kind: PartnerRequestKind;
  summary: string;
  created_at: Date;
  order_id: number;
  order_number: string;
  status: string;
  delivery_at: Date;
  time_zone: string;
  receiving_method: 'delivery' | 'pickup';
  delivery_address: string;
  company_name: string;
  restaurant_name: string;
  portions: number;
  items_total_cents: number;
  /** where its emails go: the restaurant's notification addresses, else its owners and managers */
  recipients: string[];
  auto_accept: 'off' | 'under' | 'all';
  auto_accept_max_cents: number | null;
  /** a group order's combined order (its final list): how many people chose a meal; null otherwise */
  group_people: number | null;
}

const TO_NOTIFY_SELECT = (relation: string, extra = '') => `
  SELECT c.id::int AS id${extra}, c.chef_id::int AS chef_id, c.kind, c.summary, c.created_at,
         o.id::int AS order_id, o.order_number, o.status, o.delivery_at, o.time_zone, o.receiving_method,
         o.delivery_address, o.company_name, ch.business_name AS restaurant_name,
         COALESCE(rs.auto_accept, 'off') AS auto_accept, rs.auto_accept_max_cents,
         COALESCE(share.portions, 0)::int AS portions, COALESCE(share.total, 0)::int AS items_total_cents,
         CASE WHEN o.group_order_uuid IS NULL THEN NULL
              ELSE (SELECT count(*)::int FROM group_order_choices g WHERE g.group_order_uuid = o.group_order_uuid) END AS group_people,
         CASE WHEN cardinality(rs.notification_emails) > 0 THEN rs.notification_emails
              ELSE ARRAY(SELECT u.email FROM restaurant_members m JOIN users u ON u.id = m.user_id
                          WHERE m.chef_id = c.chef_id AND m.role IN ('owner', 'manager') ORDER BY m.role, u.id) END AS recipients
    FROM ${relation} c
    JOIN catering_orders o ON o.id = c.catering_order_id
    JOIN chefs ch ON ch.id = c.chef_id
    LEFT JOIN restaurant_settings rs ON rs.chef_id = c.chef_id
    LEFT JOIN LATERAL (
      SELECT sum(i.quantity) AS portions, sum(i.line_subtotal_cents) AS total FROM catering_order_items i
       WHERE i.catering_order_id = o.id AND COALESCE(i.chef_id, o.chef_id) = c.chef_id) share ON true`;

/** restaurant_requests as the portal reads and answers them. */
export function createRestaurantRequestsRepository(db: Queryable) {
  return {
    /** A restaurant's requests about an order, oldest first. */
    async ofOrder(chefId: number, orderId: number, tx: Queryable = db): Promise<RestaurantRequestRow[]> {
      const { rows } = await tx.query<RestaurantRequestRow>(
        `SELECT ${REQUEST_COLUMNS} FROM restaurant_requests r LEFT JOIN users u ON u.id = r.answered_by_user_id
          WHERE r.chef_id = $1 AND r.catering_order_id = $2 ORDER BY r.id`,
        [chefId, orderId],
      );
      return rows;
    },

    /**
     * Records a restaurant's answer to its waiting request, in the caller's transaction (which
     * holds the order's lock). Undefined when the request is not this restaurant's, not about
     * this order, or already answered.
     */
    async answer(
      tx: Queryable,
      input: {
        requestId: number;
        chefId: number;
        orderId: number;
        answer: 'accepted' | 'declined' | 'acknowledged';
        kinds: readonly PartnerRequestKind[];
        reason?: RecordedDeclineReason;
        note?: string;
        userId: number | null;
        via: AnsweredVia;
        now: Date;
      },
    ): Promise<RestaurantRequestRow | undefined> {
      const { rows } = await tx.query<RestaurantRequestRow>(
        `WITH answered AS (
           UPDATE restaurant_requests SET answer = $4, answered_at = $5, answered_via = $6, answered_by_user_id = $7,
                  decline_reason = $8, decline_note = $9
            WHERE id = $1 AND chef_id = $2 AND catering_order_id = $3 AND answer IS NULL AND kind = ANY($10::text[])
           RETURNING *)
         SELECT r.id::int AS id, r.catering_order_id::int AS catering_order_id, r.chef_id::int AS chef_id, r.kind,
                r.summary, r.created_at, r.answer, r.answered_at, r.answered_by_user_id::int AS answered_by_user_id,
                NULL AS answered_by_name, r.answered_via, r.decline_reason, r.decline_note
           FROM answered r, LATERAL (SELECT pg_notify('${PARTNER_EVENTS_CHANNEL}', r.chef_id::text)) n`,
        [
          input.requestId,
          input.chefId,
          input.orderId,
          input.answer,
          input.now,
          input.via,
          input.userId,
          input.reason ?? null,
          input.note ?? '',
          input.kinds,
        ],
      );
      return rows[0];
    },

    /** How many of the order's restaurants have still to accept it (multi-restaurant orders). */
    async stillToAccept(tx: Queryable, orderId: number): Promise<number> {
      const { rows } = await tx.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM restaurant_requests
          WHERE catering_order_id = $1 AND answer IS NULL AND kind IN ('new_order', 'add_on')`,
        [orderId],
      );
      return rows[0]!.n;
    },

    /**
     * Marks the order's waiting requests not yet emailed as emailed and answers them with what
     * their email needs (inside the caller's transaction: a second run finds none).
     */
    async claimToNotify(tx: Queryable, orderId: number, now: Date): Promise<RequestToNotify[]> {
      const { rows } = await tx.query<RequestToNotify>(
        `WITH claimed AS (
           UPDATE restaurant_requests SET notified_at = $2
            WHERE catering_order_id = $1 AND notified_at IS NULL AND answer IS NULL
           RETURNING id, catering_order_id, chef_id, kind, summary, created_at)
         ${TO_NOTIFY_SELECT('claimed')}`,
        [orderId, now],
      );
      return rows;
    },

    /** A request still waiting, with what its reminder or escalation needs; undefined once answered. */
    async waiting(tx: Queryable, requestId: number): Promise<RequestToNotify | undefined> {
      const { rows } = await tx.query<RequestToNotify>(
        `WITH claimed AS (
           SELECT id, catering_order_id, chef_id, kind, summary, created_at FROM restaurant_requests WHERE id = $1 AND answer IS NULL FOR UPDATE)
         ${TO_NOTIFY_SELECT('claimed')}`,
        [requestId],
      );
      return rows[0];
    },

    async markStep(tx: Queryable, requestId: number, step: 'reminded_at' | 'escalated_at', now: Date): Promise<void> {
      await tx.query(`UPDATE restaurant_requests SET ${step} = $2 WHERE id = $1`, [requestId, now]);
    },

    /** A request with its order and restaurant, whatever its answer (an email link's page). */
    async withOrder(requestId: number): Promise<(RequestToNotify & { answer: PartnerAnswer | null }) | undefined> {
      const { rows } = await db.query<RequestToNotify & { answer: PartnerAnswer | null }>(
        `WITH claimed AS (
           SELECT id, catering_order_id, chef_id, kind, summary, created_at, answer FROM restaurant_requests WHERE id = $1)
         ${TO_NOTIFY_SELECT('claimed', ', c.answer')}`,
        [requestId],
      );
      return rows[0];
    },

    /** Requests escalated to operations and still waiting, the oldest first (the console's queue). */
    async escalated(): Promise<RequestToNotify[]> {
      const { rows } = await db.query<RequestToNotify>(
        `WITH claimed AS (
           SELECT id, catering_order_id, chef_id, kind, summary, created_at FROM restaurant_requests
            WHERE answer IS NULL AND escalated_at IS NOT NULL)
         ${TO_NOTIFY_SELECT('claimed')} ORDER BY o.delivery_at, c.id`,
      );
      return rows;
    },

    /**
     * The restaurant's inbox in short (its live stream's event): what waits, the latest request,
     * and the waiting requests that arrived after `since` (a request id).
     */
    async inboxState(
      chefId: number,
      since: number,
    ): Promise<{ waiting_count: number; latest_request_id: number; new_request_ids: number[] }> {
      const { rows } = await db.query<{ waiting_count: number; latest_request_id: number; new_request_ids: number[] }>(
        `SELECT count(*) FILTER (WHERE answer IS NULL)::int AS waiting_count,
                COALESCE(max(id), 0)::int AS latest_request_id,
                COALESCE(array_agg(id::int ORDER BY id) FILTER (WHERE answer IS NULL AND id > $2), '{}') AS new_request_ids
           FROM restaurant_requests WHERE chef_id = $1`,
        [chefId, since],
      );
      return rows[0]!;
    },

    /** The restaurant's answers to new orders and add-ons that arrived in the last `days` days. */
    async stats(chefId: number, since: Date): Promise<Omit<PartnerStats, 'days' | 'acceptance_rate'>> {
      const { rows } = await db.query<Omit<PartnerStats, 'days' | 'acceptance_rate'>>(
        `SELECT count(*)::int AS requests,
                count(*) FILTER (WHERE answer = 'accepted')::int AS accepted,
                count(*) FILTER (WHERE answer = 'declined')::int AS declined,
                count(*) FILTER (WHERE answer = 'accepted' AND answered_via = 'auto')::int AS auto_accepted,
                round((percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM answered_at - created_at) / 60)
                  FILTER (WHERE answer = 'accepted' AND answered_via IN ('portal', 'email')))::numeric, 1)::float8
                  AS median_minutes_to_accept
           FROM restaurant_requests
          WHERE chef_id = $1 AND kind IN ('new_order', 'add_on') AND created_at >= $2`,
        [chefId, since],
      );
      return rows[0]!;
    },

    /**
     * The restaurant's deliveries due since `since`: how many were marked delivered, and how many
     * of those within 15 minutes of their delivery time (the on-time record).
     */
    async deliveries(chefId: number, since: Date): Promise<{ delivered: number; on_time: number }> {
      const { rows } = await db.query<{ delivered: number; on_time: number }>(
        `SELECT count(*)::int AS delivered,
                count(*) FILTER (WHERE d.at <= o.delivery_at + interval '15 minutes')::int AS on_time
           FROM catering_orders o
           JOIN LATERAL (SELECT min(e.created_at) AS at FROM order_events e
                          WHERE e.catering_order_id = o.id AND e.event = 'mark_delivered') d ON d.at IS NOT NULL
          WHERE (o.chef_id = $1 OR $1 = ANY (o.chef_ids)) AND o.delivery_at >= $2`,
        [chefId, since],
      );
      return rows[0]!;
    },

    /**
     * RECONFIRM_ORDER: asks the order's restaurants to reconfirm it, once, if it is still going
     * ahead and not yet delivered. False when there was nothing to ask.
     */
    async openReconfirmation(tx: Queryable, orderId: number, now: Date): Promise<boolean> {
      const { rows } = await tx.query<{ due: boolean }>(
        `SELECT status IN ('Accepted', 'CardSetup', 'SetupIntentCreated', 'ReadyToCapture') AND delivery_at > $2
                AND NOT EXISTS (SELECT 1 FROM restaurant_requests r WHERE r.catering_order_id = o.id
                                   AND r.kind = 'reconfirmation' AND r.answer IS NULL) AS due
           FROM catering_orders o WHERE id = $1 FOR UPDATE`,
        [orderId, now],
      );
      if (!rows[0]?.due) return false;
      await open(tx, { orderId, kind: 'reconfirmation', summary: 'Please confirm you are ready for this order', now });
      return true;
    },

    /** The restaurant's requests waiting for an answer (the tab title's count). */
    async waitingCount(chefId: number): Promise<number> {
      const { rows } = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM restaurant_requests WHERE chef_id = $1 AND answer IS NULL',
        [chefId],
      );
      return rows[0]!.n;
    },
  };
}
export type RestaurantRequestsRepository = ReturnType<typeof createRestaurantRequestsRepository>;
