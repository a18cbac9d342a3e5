import { formatCents, groupTransition, processingInstant } from '@caterway/domain';
import { withTransaction, type Db, type Queryable } from '../../db/pool.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import type { JobHandlers, JobRow } from '../../lib/jobs.js';
import type { Mailer } from '../../ports/email.js';
import type { Geocoder } from '../../ports/geocoder.js';
import { PaymentDeclinedError, PaymentRequestError, type PaymentProvider } from '../../ports/payments.js';
import { createCapacityService } from '../capacity/capacity.service.js';
import { reachRestaurantsParts, scheduleProcessing } from '../order-lifecycle/lifecycle.service.js';
import { createOrderCatalogueReads } from '../orders/order-catalogue.service.js';
import type { PreparedLine, PreparedOrder } from '../orders/order-checks.js';
import { orderRecordsFrom } from '../orders/order-records.service.js';
import { displayDateTime } from '../orders/orders.email.js';
import type { OrderRow } from '../orders/orders.types.js';
import { paymentMethodsServiceFrom } from '../payment-methods/payment-methods.service.js';
import { groupEmail } from './group-orders.email.js';
import { createGroupOrdersRepository, type GroupOrderRow, type MemberRow } from './group-orders.repository.js';
import { GROUP_ORDER_CUTOFF, groupTaxes, groupTotals, shareUrl, type GroupLinks } from './group-orders.service.js';

// The cut-off (issue 6 item 4; docs/decisions/010-group-orders.md). One job per group order
// (jobs.ts, dedupe key group:{uuid}) runs this in ONE transaction holding the group row's lock:
// - already closed or cancelled: nothing to do (a second runner, a retry after success);
// - nobody chose: canceled, the creator is told;
// - otherwise the members' choices become one catering order (group_order_uuid set, one line per
//   meal whose serving details carry the member's name and dietary needs), priced here from the
//   menus, authorised on the creator's default saved payment method with a provider
//   idempotency key derived from the uuid (a retry after a crash replays the same
//   authorisation), paid (draft → New) and queued for processing; the group order is
//   waiting_for_delivery.
// A crash anywhere before COMMIT leaves nothing behind (the order, its lines and the group's
// status roll back together); the job is retried. Emails go out after COMMIT.
// Without a usable method, or when the authorisation is declined, the combined order still
// closes ordering but stays unplaced (draft, payment failed, the message kept): staff do not see
// it, the creator is emailed and the dashboard offers Pay (POST .../payment), which authorises it
// on a method the creator picks.

export interface GroupCutoffDeps {
  db: Db;
  payments: PaymentProvider;
  mailer: Mailer;
  clock: Clock;
  /** places the delivery address for its taxes (the place of supply) */
  geocoder: Pick<Geocoder, 'placeAt'>;
  links: GroupLinks;
  publicUrl: string;
  log: { error(obj: object, msg?: string): void; info?(obj: object, msg?: string): void };
  /** tests: runs inside the transaction after the combined order is written (a crash there) */
  afterOrderWritten?: (tx: Queryable) => Promise<void>;
  /** tests: runs inside the transaction after the provider authorised the amount */
  afterAuthorised?: (tx: Queryable) => Promise<void>;
}

export type CutoffOutcome =
  | { kind: 'skipped'; reason: string }
  | { kind: 'canceled'; uuid: string }
  | { kind: 'ordered'; uuid: string; orderId: number; paid: boolean; paymentError: string | null };

type Authorisation =
  | { ok: true; intentId: string; methodId: string; status: 'authorized' | 'processing' | 'captured' }
  | { ok: false; message: string; methodId: string | null };

/** how long a claimed payment holds its place (the orders module's claim) */
const PAYMENT_CLAIM_SECONDS = 120;

export const cutoffMessages = {
  noMethod:
    'No saved payment method: add one on the Payment Methods page, then pay for the group order from its dashboard.',
  unplaced: 'The payment of this group order could not be authorised.',
} as const;

export function createGroupCutoff(deps: GroupCutoffDeps) {
  const { db, clock } = deps;
  const repo = createGroupOrdersRepository(db);
  const catalogue = createOrderCatalogueReads(db);
  const orders = orderRecordsFrom(db);
  const paymentMethods = paymentMethodsServiceFrom({ db, payments: deps.payments, clock });
  const capacity = createCapacityService({ db, staleSeconds: PAYMENT_CLAIM_SECONDS });

  /** The combined order as the orders module stores it: one line per member's meal. */
  async function prepare(
    g: GroupOrderRow,
    chosen: MemberRow[],
    creator: { email: string; first_name: string; last_name: string },
    tx: Queryable,
  ): Promise<PreparedOrder> {
    const chef = g.chef_id === null ? undefined : await catalogue.findChef(g.chef_id, tx);
    if (!chef) throw new Error(`group order ${g.uuid}: its chef no longer exists`);
    const preset = g.preset_id === null ? undefined : await catalogue.findPreset(g.preset_id, tx);
    const menus = new Map(
      (
        await catalogue.findMenus(
          chosen.map((m) => m.menu_id!),
          tx,
        )
      ).map((m) => [m.id, m]),
    );
    const lines: PreparedLine[] = chosen.map((m) => {
      const menu = menus.get(m.menu_id!);
      // priced from the menu now (the server's price); a meal deleted since keeps the price it was chosen at
      const price = menu && !menu.is_deleted ? menu.price_cents : m.price_cents!;
      return {
        lineKey: `member-${m.id}`,
        menuId: m.menu_id!,
        chefId: chef.id,
        menuName: menu?.name ?? m.menu_name ?? 'Meal',
        quantity: 1,
        unitPriceCents: price,
        menuItemsMapping: {},
        menuItems: [],
        specialInstruction: m.dietary_needs ? `For ${m.name}: ${m.dietary_needs}` : `For ${m.name}`,
        servingDetails: [
          { id: `member-${m.id}`, items: [{ user_name: m.name, quantity: 1, dietary_type: m.dietary_needs }] },
        ],
        lineSubtotalCents: price,
      };
    });
    const supply = await groupTaxes(deps.geocoder, g, chef, clock.now());
    // the details step refused addresses without taxes; a geocoder outage now: the job retries
    if (!supply.ok) throw new Error(`group order ${g.uuid}: no taxes for its address (${supply.message})`);
    const totals = groupTotals(
      g,
      chef,
      lines.map((l) => l.unitPriceCents),
      supply.taxes,
    );
    const [first, ...rest] = g.delivery_contact_person.trim().split(/\s+/);
    const deliveryAt = g.delivery_at!;
    return {
      // a preset deleted since: the order keeps the group's name (catering_orders.preset_id may be null)
      preset: preset ?? ({ id: null, name: g.name } as unknown as PreparedOrder['preset']),
      chefs: [chef],
      lead: chef,
      lines,
      totals,
      taxName: totals.taxName,
      taxRate: totals.taxRate,
      place: supply.place,
      tipPercent: null,
      // the group order's PO number and cost centre; its delivery contact is the order's own name and phone
      corporate: {
        po_number: g.po_number,
        cost_centre: g.cost_centre,
        onsite_contact_name: '',
        onsite_contact_phone: '',
      },
      currency: chef.country === 'US' ? 'usd' : 'cad',
      deliveryAt,
      timeZone: g.time_zone,
      orderProcessingAt: processingInstant(deliveryAt, chef.pre_order_notice_hours),
      latitude: g.latitude,
      longitude: g.longitude,
      distanceKm: null,
      payload: {
        preset_id: g.preset_id ?? 0,
        preset_name: g.name || preset?.name || '',
        num_cutlery: 0,
        serving_style: 'Individually Packaged',
        preset_items: lines.map((l) => ({
          id: l.lineKey,
          menu_id: l.menuId,
          quantity: 1,
          menu_items_mapping: {},
          special_instruction: l.specialInstruction,
          serving_details: l.servingDetails,
        })),
        receiving_method: 'delivery',
        first_name: first || creator.first_name,
        last_name: rest.join(' ') || (first ? '' : creator.last_name),
        company_name: g.company_name,
        phone_number: g.delivery_phone_number,
        email: creator.email,
        delivery_address: g.delivery_address,
        delivery_suite_address: g.delivery_suite_address,
        delivery_instruction: g.delivery_instruction,
        latitude: g.latitude ?? undefined,
        longitude: g.longitude ?? undefined,
        po_number: g.po_number,
        cost_centre: g.cost_centre,
      },
    };
  }

  /**
   * Authorises the order's total on a saved method of the creator (the default one unless
   * given). The key is derived from the group order and the attempt, so a retried job or a
   * double-clicked Pay replays the provider's answer instead of holding the money twice.
   */
  async function authorise(
    order: OrderRow,
    uuid: string,
    creatorId: number,
    attempt: number,
    methodId?: string,
  ): Promise<Authorisation> {
    const methods = await paymentMethods.list(creatorId);
    const method = methodId
      ? methods.find((m) => m.payment_method_id === methodId)
      : (methods.find((m) => m.is_default) ?? methods[0]);
    if (!method) {
      if (methodId) throw notFound('Payment method not found');
      return { ok: false, message: cutoffMessages.noMethod, methodId: null };
    }
    try {
      const customerId = await paymentMethods.ensureCustomer(creatorId);
      const intent = await deps.payments.createPaymentIntent({
        amountCents: order.total_cents,
        currency: order.currency,
        customerId,
        paymentMethodId: method.payment_method_id,
        type: method.payment_type,
        // only what a retry after a crash repeats: the order's id and number come from sequences
        // and change when the transaction rolls back, and a replayed key must carry the same request
        description: `Caterway group order ${uuid}`,
        metadata: { group_order_uuid: uuid },
        idempotencyKey: `group-order-${uuid}-authorise-${attempt}`,
      });
      const status =
        intent.status === 'requires_capture'
          ? 'authorized'
          : intent.status === 'processing'
            ? 'processing'
            : intent.status === 'succeeded'
              ? 'captured'
              : null;
      if (!status) return { ok: false, message: cutoffMessages.unplaced, methodId: method.payment_method_id };
      return { ok: true, intentId: intent.id, methodId: method.payment_method_id, status };
    } catch (err) {
      const unusable = err instanceof PaymentRequestError && err.code !== 'idempotency_error';
      if (
        err instanceof PaymentDeclinedError ||
        unusable ||
        (err instanceof AppError && err.code === 'payment_required')
      ) {
        return { ok: false, message: (err as Error).message, methodId: method.payment_method_id };
      }
      throw err; // an outage: the transaction rolls back and the job is retried
    }
  }

  /** Records the authorisation on the combined order (inside the caller's transaction). */
  async function settle(tx: Queryable, order: OrderRow, auth: Authorisation, now: Date): Promise<OrderRow> {
    if (auth.ok) {
      const paid = (await orders.markPaid(
        order.id,
        {
          paymentStatus: auth.status,
          paymentIntentId: auth.intentId,
          paymentMethodId: auth.methodId,
          now,
          with: reachRestaurantsParts(order.id, now),
        },
        tx,
      ))!; // a new draft
      await scheduleProcessing(tx, paid);
      return paid;
    }
    return orders.markPaymentFailed(order.id, { message: auth.message, paymentMethodId: auth.methodId, now }, tx);
  }

  async function send(email: Parameters<Mailer['send']>[0], context: object): Promise<void> {
    try {
      await deps.mailer.send(email);
    } catch (err) {
      deps.log.error({ err: { message: (err as Error).message }, ...context }, 'could not send a group-order email');
    }
  }

  async function emailCreator(uuid: string, outcome: CutoffOutcome): Promise<void> {
    const g = await repo.findByRef(uuid);
    if (!g) return;
    const dashboard = `${deps.links.siteUrl}/grouporder-dashboard/${g.creator_id}`;
    const title = g.name || 'Your group order';
    if (outcome.kind === 'canceled') {
      await send(
        groupEmail({
          to: g.creator_email,
          subject: `${title} was cancelled: nobody chose a meal`,
          template: 'group_order_cancelled_empty',
          greeting: `Hi ${g.creator_name},`,
          paragraphs: [
            `Ordering for ${title} closed ${displayDateTime(g.cutoff_at!, g.time_zone)} without any meal chosen, so the group order was cancelled. Nothing will be delivered or charged.`,
          ],
          link: { label: 'Open the dashboard', url: dashboard },
        }),
        { groupOrder: uuid },
      );
      return;
    }
    if (outcome.kind !== 'ordered') return;
    const members = (await repo.members(uuid)).filter((m) => m.menu_id !== null);
    const rows: [string, string][] = [
      ['Order', g.order_number ?? ''],
      ['Restaurant', g.chef_name],
      ['Delivery', displayDateTime(g.delivery_at!, g.time_zone)],
      ['Address', [g.delivery_address, g.delivery_suite_address].filter(Boolean).join(', ')],
      ...members.map((m): [string, string] => [
        m.name,
        `${m.menu_name ?? ''} ${formatCents(m.price_cents ?? 0)}${m.dietary_needs ? ` (${m.dietary_needs})` : ''}`,
      ]),
      ['Subtotal', formatCents(g.catering_subtotal_cents ?? 0)],
      ['Delivery fee', formatCents(g.catering_delivery_fee_cents ?? 0)],
      ['Tax', formatCents(g.catering_tax_cents ?? 0)],
      ['Total', formatCents(g.catering_total_cents ?? 0)],
    ];
    await send(
      groupEmail({
        to: g.creator_email,
        subject: outcome.paid
          ? `${title}: ordering closed, ${members.length} meals ordered`
          : `${title}: payment needed for ${members.length} meals`,
        template: outcome.paid ? 'group_order_summary' : 'group_order_payment_needed',
        greeting: `Hi ${g.creator_name},`,
        paragraphs: outcome.paid
          ? [
              `Ordering for ${title} is closed. Your team's meals are ordered as one order with the restaurant; the amount is held on your default payment method and charged when the order is processed.`,
            ]
          : [
              `Ordering for ${title} is closed, but we could not authorise the payment: ${outcome.paymentError ?? cutoffMessages.unplaced}`,
              'The order is not sent to the restaurant until it is paid. Pay for it from your group-order dashboard.',
            ],
        rows,
        link: { label: 'Open the dashboard', url: dashboard },
      }),
      { groupOrder: uuid },
    );
  }

  /** The cut-off of one group order; safe to run any number of times, concurrently. */
  async function run(uuid: string): Promise<CutoffOutcome> {
    const outcome = await withTransaction(db, async (tx): Promise<CutoffOutcome> => {
      const g = await repo.lock(uuid, tx);
      if (!g) return { kind: 'skipped', reason: 'gone' };
      const now = clock.now();
      if (!['created', 'detail_entered', 'accepting'].includes(g.status))
        return { kind: 'skipped', reason: `already ${g.status}` };
      if (!g.cutoff_at || g.cutoff_at.getTime() > now.getTime()) return { kind: 'skipped', reason: 'not due' };
      const chosen = (await repo.members(uuid, tx)).filter((m) => m.menu_id !== null && m.price_cents !== null);
      if (g.status !== 'accepting' || chosen.length === 0) {
        const closed = groupTransition(g.status, 'close_empty', 'system');
        if (!closed.ok) throw new Error(closed.message);
        await repo.setStatus(uuid, { status: closed.to, now, closed: true, canceled: true }, tx);
        return { kind: 'canceled', uuid };
      }
      const creator = (await repo.findCreator(g.creator_id, tx))!;
      const prepared = await prepare(g, chosen, creator, tx);
      const draft = await orders.insert(
        { userId: g.creator_id, purchaseId: `group-order-${uuid}`, order: prepared, isEft: false, now },
        tx,
      );
      await orders.linkGroupOrder(draft.id, uuid, tx);
      if (deps.afterOrderWritten) await deps.afterOrderWritten(tx);
      // the combined order must fit the restaurant's capacity (decision 055): counted under the
      // slot's lock like a checkout; when full it stays unplaced with the refusal as its message
      const full = await capacity.refusal(tx, draft.id, now);
      const auth: Authorisation = full
        ? { ok: false, message: full, methodId: null }
        : await authorise(draft, uuid, g.creator_id, 0);
      const order = await settle(tx, draft, auth, now);
      if (deps.afterAuthorised) await deps.afterAuthorised(tx);
      const closed = groupTransition(g.status, 'close_with_order', 'system');
      if (!closed.ok) throw new Error(closed.message);
      await repo.setStatus(uuid, { status: closed.to, now, closed: true, cateringOrderId: order.id }, tx);
      return { kind: 'ordered', uuid, orderId: order.id, paid: auth.ok, paymentError: auth.ok ? null : auth.message };
    });
    if (outcome.kind !== 'skipped') await emailCreator(uuid, outcome);
    return outcome;
  }

  return {
    run,

    jobHandlers(): JobHandlers {
      return {
        [GROUP_ORDER_CUTOFF]: async (job: JobRow) => {
          const uuid = typeof job.payload.uuid === 'string' ? job.payload.uuid : '';
          const outcome = await run(uuid);
          deps.log.info?.({ jobId: job.id, uuid, outcome: outcome.kind }, 'group order cut-off');
        },
      };
    },

    /**
     * POST api/v2/group_orders/{ref}/payment: the creator pays for a combined order whose
     * authorisation failed at the cut-off (on the given saved method, else the default one).
     */
    async pay(uuid: string, creatorId: number, methodId?: string): Promise<void> {
      const g = await repo.findByRef(uuid);
      if (!g || g.creator_id !== creatorId) throw notFound('Group order not found');
      if (!g.catering_order_id || g.catering_status !== 'draft') throw conflict('This group order has nothing to pay.');
      const claimed = await withTransaction(db, async (tx) => {
        // paying later is a checkout into the slot too: refused (409) while it is full
        await capacity.reserve(tx, g.catering_order_id!, clock.now());
        return orders.claimPayment(g.catering_order_id!, clock.now(), PAYMENT_CLAIM_SECONDS, tx);
      });
      if (!claimed) throw conflict('The payment of this order is already in progress.');
      let auth: Authorisation;
      try {
        auth = await authorise(claimed, uuid, creatorId, claimed.payment_attempts, methodId);
      } catch (err) {
        await orders.releasePayment(claimed.id, {
          status: 'failed',
          error: null,
          paymentMethodId: methodId ?? claimed.payment_method_id ?? '',
          now: clock.now(),
        });
        throw err;
      }
      await withTransaction(db, (tx) => settle(tx, claimed, auth, clock.now()));
      if (!auth.ok) throw new AppError('payment_required', auth.message);
      await emailCreator(uuid, { kind: 'ordered', uuid, orderId: claimed.id, paid: true, paymentError: null });
    },

    shareUrl: (token: string) => shareUrl(deps.links, token),
  };
}
export type GroupCutoff = ReturnType<typeof createGroupCutoff>;
