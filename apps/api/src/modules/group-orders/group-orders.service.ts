import crypto from 'node:crypto';
import type { z } from 'zod';
import type {
  createGroupOrderBodySchema,
  DashboardGroupOrder,
  DeliveryRefusal,
  GroupMember,
  GroupOrder,
  GroupOrderBudgetChangesResponse,
  GroupOrderDashboardResponse,
  GroupOrderDetail,
  groupOrderDetailsBodySchema,
  MemberChoice,
  OrderHistoryEntry,
} from '@caterway/contracts';
import {
  combinedTaxName,
  combinedTaxRate,
  computeTotals,
  DEFAULT_GROUP_CUTOFF_SECONDS,
  DEFAULT_GROUP_DELIVERY_SECONDS,
  calendarScheduleProblems,
  displayStatus,
  formatCents,
  groupCutoffInstant,
  groupDeliveryInstant,
  groupEditable,
  groupMessages,
  groupStatusLabel,
  groupTaxLabel,
  groupTransition,
  isDeliveryMinute,
  isGroupDeliverySeconds,
  invoiceAvailable,
  isUpcoming,
  localDateOf,
  messages,
  orderingOpen,
  parseCalendarDate,
  parseTimeOfDay,
  shownGroupStatus,
  soldOutLabel,
  type GroupOrderActor,
  type GroupOrderStatus,
  type TaxComponent,
} from '@caterway/domain';
import { withTransaction, type Db, type Queryable } from '../../db/pool.js';
import type { Clock } from '../../lib/clock.js';
import { deliveryRefusal } from '../../lib/delivery-refusal.js';
import { conflict, notFound, validationFailed } from '../../lib/errors.js';
import { enqueue } from '../../lib/jobs.js';
import type { Mailer } from '../../ports/email.js';
import type { Geocoder } from '../../ports/geocoder.js';
import type { AuthUser } from '../auth/auth.guard.js';
import { placeAddress, quoteDelivery } from '../orders/delivery-fee.js';
import type { OrderCatalogueReads } from '../orders/order-catalogue.service.js';
import { assertOrderablePreset } from '../orders/order-checks.js';
import { displayDateTime, localDateTime } from '../orders/orders.email.js';
import type { OrderChefRow } from '../orders/orders.types.js';
import { taxesOfSupply, type PlaceTaxes } from '../orders/place-of-supply.js';
import { groupEmail } from './group-orders.email.js';
import type {
  GroupDetailsInput,
  GroupOrderRow,
  GroupOrdersRepository,
  GroupOrderView,
  MemberRow,
} from './group-orders.repository.js';

/** The domain's rules read camelCase; rows are snake_case. */
const isOpen = (g: { status: GroupOrderStatus; cutoff_at: Date | null }, now: Date) =>
  orderingOpen({ status: g.status, cutoffAt: g.cutoff_at }, now);
const isEditable = (g: { status: GroupOrderStatus; cutoff_at: Date | null }, now: Date) =>
  groupEditable({ status: g.status, cutoffAt: g.cutoff_at }, now);

// The creator's and staff's side of group orders (issue 6 items 1, 2, 5): create with the
// account's defaults, complete and edit the details (created → detail_entered → accepting through
// the domain's machine), the dashboard, reminders, cancel, the My Orders detail and entries.
// Anyone but the creator (and staff where allowed) gets 404 exactly like an unknown group order.

export const groupOrderMessages = {
  oneChefOnly: 'A group order can be created only from a preset with exactly one chef.',
  notFound: 'Group order not found',
} as const;

export const GROUP_ORDER_CUTOFF = 'group_order_cutoff';

/** Queues the cut-off job at cutoff_at (or moves the queued one there): one job per group order. */
export async function scheduleCutoff(db: Queryable, group: { uuid: string; cutoff_at: Date | null }): Promise<void> {
  if (!group.cutoff_at) return;
  await enqueue(db, {
    kind: GROUP_ORDER_CUTOFF,
    dedupeKey: `group:${group.uuid}`,
    payload: { uuid: group.uuid },
    runAt: group.cutoff_at,
    onConflict: 'reschedule',
  });
}

/**
 * A member's choice as the organiser's dashboard and the member's page show it. A meal the
 * restaurant 86'd since it was chosen is flagged while ordering is open, by the rule and clock
 * that refuse choosing it (decision 053): the member may still choose another. After the cut-off
 * the choice was placed as it was, and is not flagged.
 */
export function memberChoiceOf(
  m: MemberRow,
  g: { status: GroupOrderStatus; cutoff_at: Date | null; time_zone: string },
  now: Date,
): MemberChoice | null {
  if (m.menu_id === null || m.price_cents === null || m.chosen_at === null) return null;
  const label = isOpen(g, now) ? soldOutLabel(m.menu_unavailable_until, now, g.time_zone) : null;
  return {
    menu_id: m.menu_id,
    menu_name: m.menu_name ?? '',
    price_cents: m.price_cents,
    chosen_at: m.chosen_at.toISOString(),
    sold_out: label !== null,
    sold_out_label: label,
  };
}

export function newShareToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export interface GroupLinks {
  /** base URL of the group-order site */
  siteUrl: string;
}

export const shareUrl = (links: GroupLinks, token: string) => `${links.siteUrl}/g/${token}`;
export const adminLink = (links: GroupLinks, uuid: string) => `${links.siteUrl}/group-orders/${uuid}`;

type ChefLike = Pick<
  OrderChefRow,
  | 'latitude'
  | 'longitude'
  | 'delivery_radius_km'
  | 'delivery_fee_ranges'
  | 'country'
  | 'province'
  | 'city'
  | 'time_zone'
>;

/**
 * The taxes of a group order: its delivery address's place of supply on its delivery date (the
 * chef's place and today's date until the details are entered). Null: the tax table has no
 * rate for the address, or the geocoder cannot place it (the details step refuses such an address).
 */
export async function groupTaxes(
  geocoder: Pick<Geocoder, 'placeAt'>,
  group: Pick<GroupOrderView, 'latitude' | 'longitude' | 'delivery_date'>,
  chef: ChefLike,
  now: Date,
): Promise<PlaceTaxes> {
  const point =
    group.latitude !== null && group.longitude !== null
      ? { latitude: group.latitude, longitude: group.longitude }
      : null;
  const date = group.delivery_date ?? localDateTime(now, chef.time_zone).date;
  return taxesOfSupply(geocoder, chef, point, date);
}

/** The picks priced by the domain's totals: delivery fee by distance from the chef, the place of supply's taxes. */
export function groupTotals(
  group: Pick<GroupOrderView, 'latitude' | 'longitude'>,
  chef: ChefLike | undefined,
  choicePrices: number[],
  taxes: readonly TaxComponent[],
) {
  const fee =
    chef && group.latitude !== null && group.longitude !== null
      ? quoteDelivery(chef, { latitude: group.latitude, longitude: group.longitude }).feeCents
      : 0;
  const totals = computeTotals({
    lines: choicePrices.map((p) => ({ unitPriceCents: p, quantity: 1, menuItems: [] })),
    receivingMethod: 'delivery',
    deliveryFeeCents: choicePrices.length ? fee : 0,
    cutleryCount: 0,
    taxes,
  });
  const taxName = combinedTaxName(taxes);
  const taxRate = combinedTaxRate(taxes);
  return { ...totals, taxLabel: groupTaxLabel(taxName, taxRate), taxRate, taxName };
}

/**
 * A group order's delivery against its restaurant, with the catering order's rules and messages
 * (issue 15): store hours, the notice (lead time, from now) and the horizon.
 */
export function groupScheduleProblems(
  chef: Pick<OrderChefRow, 'store_hours' | 'time_zone' | 'pre_order_notice_hours'> & {
    calendar?: OrderChefRow['calendar'];
  },
  deliveryAt: Date,
  now: Date,
): string[] {
  return calendarScheduleProblems(
    {
      delivery: deliveryAt,
      timeZone: chef.time_zone,
      stores: [{ storeHours: chef.store_hours, timeZone: chef.time_zone, calendar: chef.calendar }],
      noticeHours: chef.pre_order_notice_hours,
      now,
    },
    true,
  );
}

export interface GroupOrdersServiceDeps {
  db: Db;
  /** what the restaurant told the organiser (modules/sold-out, decision 053) */
  restaurantMessages: (uuid: string) => Promise<GroupOrderDetail['restaurant_messages']>;
  groupOrders: GroupOrdersRepository;
  catalogue: Pick<OrderCatalogueReads, 'findPreset' | 'findChefsOfPreset' | 'findChef'>;
  geocoder: Pick<Geocoder, 'geocode' | 'placeAt'>;
  mailer: Mailer;
  clock: Clock;
  links: GroupLinks;
  log: { error(obj: object, msg?: string): void };
}

type DetailsBody = z.output<typeof groupOrderDetailsBodySchema>;

export function createGroupOrdersService(deps: GroupOrdersServiceDeps) {
  const { groupOrders: repo, catalogue, clock, links } = deps;

  const actorOf = (user: AuthUser): GroupOrderActor & ('creator' | 'staff') =>
    user.role === 'staff' ? 'staff' : 'creator';

  /** The creator's (or, with allowStaff, staff's) group order; anyone else: 404 like an unknown one. */
  async function accessible(ref: string, user: AuthUser, allowStaff = true): Promise<GroupOrderView> {
    const group = await repo.findByRef(ref);
    if (!group) throw notFound(groupOrderMessages.notFound);
    const own = group.creator_id === user.id;
    if (!own && !(allowStaff && user.role === 'staff')) throw notFound(groupOrderMessages.notFound);
    return group;
  }

  async function send(email: Parameters<Mailer['send']>[0], context: object): Promise<boolean> {
    try {
      await deps.mailer.send(email);
      return true;
    } catch (err) {
      deps.log.error({ err: { message: (err as Error).message }, ...context }, 'could not send a group-order email');
      return false;
    }
  }

  function shownStatus(g: GroupOrderView): GroupOrderStatus {
    return shownGroupStatus(g.status, g.catering_status && g.catering_status !== 'draft' ? g.catering_status : null);
  }

  function view(g: GroupOrderView, now: Date): GroupOrder {
    const status = shownStatus(g);
    const paymentRequired = g.catering_status === 'draft';
    return {
      uuid: g.uuid,
      id: g.id,
      creator_id: g.creator_id,
      status,
      status_label: paymentRequired ? 'Payment needed' : groupStatusLabel(status),
      name: g.name,
      head_count: g.head_count,
      budget_cents: g.budget_cents,
      gap_days: g.gap_days,
      cutoff_time: g.cutoff_time,
      delivery_date: g.delivery_date,
      delivery_time: g.delivery_time,
      delivery_at: g.delivery_at?.toISOString() ?? null,
      cutoff_at: g.cutoff_at?.toISOString() ?? null,
      time_zone: g.time_zone,
      delivery_address: g.delivery_address,
      delivery_suite_address: g.delivery_suite_address,
      latitude: g.latitude,
      longitude: g.longitude,
      delivery_contact_person: g.delivery_contact_person,
      delivery_phone_number: g.delivery_phone_number,
      delivery_instruction: g.delivery_instruction,
      company_name: g.company_name,
      po_number: g.po_number,
      cost_centre: g.cost_centre,
      preset_id: g.preset_id,
      preset_name: g.preset_name,
      chef_id: g.chef_id,
      chef_name: g.chef_name,
      delivery_params: g.delivery_params,
      share_token: g.share_token,
      share_url: shareUrl(links, g.share_token),
      admin_link: adminLink(links, g.uuid),
      editable: isEditable(g, now),
      ordering_open: isOpen(g, now),
      joined_count: g.joined_count,
      chosen_count: g.chosen_count,
      catering_order_id: g.catering_order_id,
      order_number: g.order_number,
      payment_required: paymentRequired,
      payment_error: paymentRequired ? (g.catering_payment_error ?? 'The payment could not be authorised.') : null,
      created_at: g.created_at.toISOString(),
      server_now: now.toISOString(),
    };
  }

  function memberView(m: MemberRow, g: GroupOrderView, now: Date): GroupMember {
    return {
      id: m.id,
      name: m.name,
      email: m.email,
      dietary_needs: m.dietary_needs,
      joined_at: m.joined_at.toISOString(),
      choice: memberChoiceOf(m, g, now),
    };
  }

  /** The combined order's amounts once it exists, else the picks priced now. */
  async function totalsOf(g: GroupOrderView, members: MemberRow[]) {
    const chef = g.chef_id === null ? undefined : await catalogue.findChef(g.chef_id);
    const supply = chef ? await groupTaxes(deps.geocoder, g, chef, clock.now()) : null;
    const priced = groupTotals(
      g,
      chef,
      members.filter((m) => m.price_cents !== null).map((m) => m.price_cents!),
      supply?.ok ? supply.taxes : [],
    );
    if (g.catering_total_cents !== null) {
      return {
        subtotal_cents: g.catering_subtotal_cents!,
        delivery_fee_cents: g.catering_delivery_fee_cents!,
        tax_cents: g.catering_tax_cents!,
        tax_label:
          g.catering_tax_name !== null
            ? groupTaxLabel(g.catering_tax_name, Number(g.catering_tax_rate))
            : priced.taxLabel,
        total_cents: g.catering_total_cents,
      };
    }
    return {
      subtotal_cents: priced.subtotalCents,
      delivery_fee_cents: priced.deliveryFeeCents,
      tax_cents: priced.taxCents,
      tax_label: priced.taxLabel,
      total_cents: priced.totalCents,
    };
  }

  /**
   * The details as stored: instants computed in the chef's zone; the address placed (given
   * lat/lng, else geocoded) and within the chef's delivery area; the cut-off still ahead. A PO
   * number or cost centre the body leaves out is kept as stored (a client that predates them
   * cannot wipe them); '' clears it.
   */
  async function detailsFrom(
    body: DetailsBody,
    chef: OrderChefRow | undefined,
    now: Date,
    stored: Pick<GroupOrderRow, 'po_number' | 'cost_centre'>,
  ): Promise<GroupDetailsInput> {
    const timeZone = chef?.time_zone ?? 'America/Toronto';
    const problems: string[] = [];
    const date = parseCalendarDate(body.delivery_date) ? body.delivery_date : null;
    if (!date) problems.push(messages.invalidDate);
    const deliveryAt = date
      ? groupDeliveryInstant({ deliveryDate: date, deliverySeconds: body.delivery_time, timeZone })
      : null;
    // the contract refuses midnight already; no instant is never a delivery
    if (date && !deliveryAt) problems.push(messages.invalidTime);
    const cutoffAt = date
      ? groupCutoffInstant({ deliveryDate: date, gapDays: body.gap_days, cutoffSeconds: body.cutoff_time, timeZone })
      : null;
    if (cutoffAt && cutoffAt.getTime() <= now.getTime()) problems.push(groupMessages.cutoffPassed);
    let refusal: DeliveryRefusal | null = null;
    if (chef && deliveryAt) {
      const refused = groupScheduleProblems(chef, deliveryAt, now);
      problems.push(...refused);
      // why and the earliest time whose cut-off is still ahead (decision 072)
      if (refused.length)
        refusal = deliveryRefusal(
          {
            delivery: deliveryAt,
            timeZone,
            stores: [{ name: chef.business_name, storeHours: chef.store_hours, timeZone, calendar: chef.calendar }],
            noticeHours: chef.pre_order_notice_hours,
            now,
            newOrder: true,
          },
          (at) =>
            groupCutoffInstant({
              deliveryDate: localDateOf(at, timeZone),
              gapDays: body.gap_days,
              cutoffSeconds: body.cutoff_time,
              timeZone,
            })!.getTime() > now.getTime(),
        );
    }
    let latitude = body.latitude ?? null;
    let longitude = body.longitude ?? null;
    const placed = await placeAddress(deps.geocoder, {
      latitude: latitude ?? undefined,
      longitude: longitude ?? undefined,
      address: body.delivery_address,
    });
    if (!placed.ok) problems.push(placed.message);
    else {
      latitude = placed.point.latitude;
      longitude = placed.point.longitude;
      if (chef && !quoteDelivery(chef, placed.point).deliverable) problems.push(messages.notDeliverable);
      // the place of supply must have its taxes in the table (issue 17)
      if (chef && date) {
        const supply = await taxesOfSupply(deps.geocoder, chef, placed.point, date);
        if (!supply.ok) problems.push(supply.message);
      }
    }
    if (problems.length) throw validationFailed([...new Set(problems)], refusal ?? undefined);
    return {
      name: body.name,
      headCount: body.head_count,
      budgetCents: body.budget_cents,
      gapDays: body.gap_days,
      cutoffTime: body.cutoff_time,
      deliveryDate: date,
      deliveryTime: body.delivery_time,
      deliveryAt,
      cutoffAt,
      timeZone,
      deliveryAddress: body.delivery_address,
      deliverySuiteAddress: body.delivery_suite_address,
      latitude,
      longitude,
      contactPerson: body.delivery_contact_person,
      phone: body.delivery_phone_number,
      instruction: body.delivery_instruction,
      companyName: body.company_name,
      poNumber: body.po_number ?? stored.po_number,
      costCentre: body.cost_centre ?? stored.cost_centre,
    };
  }

  async function reload(uuid: string): Promise<GroupOrderView> {
    return (await repo.findByRef(uuid))!;
  }

  function displayAddress(g: GroupOrderRow): string {
    return [g.delivery_address, g.delivery_suite_address].filter((s) => s.trim()).join(', ');
  }

  return {
    view,
    shownStatus,

    /**
     * POST api/v2/group_orders (ordering-payments §4): a preset with exactly one chef; the
     * account's group-order defaults and the saved delivery params prefill the details.
     */
    async create(userId: number, body: z.output<typeof createGroupOrderBodySchema>): Promise<{ uuid: string }> {
      const preset = assertOrderablePreset(await catalogue.findPreset(body.preset_id), userId);
      const chefs = await catalogue.findChefsOfPreset(preset.id);
      if (chefs.length !== 1) throw validationFailed([groupOrderMessages.oneChefOnly]);
      const chef = chefs[0]!;
      const creator = await repo.findCreator(userId);
      if (!creator) throw notFound(groupOrderMessages.notFound);
      const now = clock.now();
      const params = body.delivery_params;
      const timeZone = chef.time_zone;
      const paramsDate = params.delivery_date && parseCalendarDate(params.delivery_date) ? params.delivery_date : null;
      const paramsMinutes = params.delivery_time ? parseTimeOfDay(params.delivery_time) : null;
      // the account's delivery time is the default; a time picked in the storefront wins. Midnight
      // is neither (isDeliveryMinute, issue 17 part 5): the storefront's old '12:00 AM' slot meant the
      // end of the date, and would land at its start
      const accountTime = isGroupDeliverySeconds(creator.go_delivery_seconds ?? -1)
        ? creator.go_delivery_seconds
        : DEFAULT_GROUP_DELIVERY_SECONDS;
      const deliveryTime = isDeliveryMinute(paramsMinutes) ? paramsMinutes * 60 : accountTime;
      const gapDays = Math.max(1, creator.go_gap_days);
      const cutoffTime = creator.go_cutoff_seconds ?? DEFAULT_GROUP_CUTOFF_SECONDS;
      const paramsCutoff = paramsDate
        ? groupCutoffInstant({ deliveryDate: paramsDate, gapDays, cutoffSeconds: cutoffTime, timeZone })
        : null;
      // a saved date whose cut-off has already passed, or that the restaurant cannot serve (store
      // hours, notice, horizon: the details update refuses it with the catering messages), is not
      // prefilled: the creator picks another on the site. Creating never fails on the storefront's
      // date (ordering-payments §8: a creation failure is not shown to the user).
      const paramsAt = paramsDate
        ? groupDeliveryInstant({ deliveryDate: paramsDate, deliverySeconds: deliveryTime, timeZone })
        : null;
      const usable =
        paramsCutoff !== null &&
        paramsCutoff.getTime() > now.getTime() &&
        paramsAt !== null &&
        groupScheduleProblems(chef, paramsAt, now).length === 0;
      const deliveryDate = usable ? paramsDate : null;
      const cutoffAt = usable ? paramsCutoff : null;
      const deliveryAt = usable ? paramsAt : null;
      const uuid = await repo.insert({
        creatorId: userId,
        presetId: preset.id,
        chefId: chef.id,
        deliveryParams: params,
        shareToken: newShareToken(),
        now,
        details: {
          name: creator.go_name || `${creator.company_name || creator.first_name} group order`.trim(),
          headCount: creator.go_head_count,
          budgetCents: creator.go_budget_cents,
          gapDays,
          cutoffTime,
          deliveryDate,
          deliveryTime,
          deliveryAt,
          cutoffAt,
          timeZone,
          deliveryAddress: params.address ?? '',
          deliverySuiteAddress: '',
          latitude: params.lat ?? null,
          longitude: params.lng ?? null,
          contactPerson: `${creator.first_name} ${creator.last_name}`.trim(),
          phone: creator.phone,
          instruction: '',
          companyName: creator.company_name,
          poNumber: '',
          costCentre: '',
        },
      });
      return { uuid };
    },

    /** GET api/v2/group_orders/{ref} */
    async get(ref: string, user: AuthUser): Promise<{ group_order: GroupOrder }> {
      return { group_order: view(await accessible(ref, user), clock.now()) };
    },

    /**
     * PUT api/v2/group_orders/{ref}: complete or edit the details while editable; created →
     * detail_entered, and with open_ordering → accepting. The cut-off job follows the new cut-off.
     */
    async update(ref: string, user: AuthUser, body: DetailsBody): Promise<{ group_order: GroupOrder }> {
      const found = await accessible(ref, user);
      if (!isEditable(found, clock.now())) throw conflict(groupMessages.notEditable);
      const chef = found.chef_id === null ? undefined : await catalogue.findChef(found.chef_id);
      const details = await detailsFrom(body, chef, clock.now(), found);
      const actor = actorOf(user);
      await withTransaction(deps.db, async (tx) => {
        const g = await repo.lock(found.uuid, tx);
        if (!g) throw notFound(groupOrderMessages.notFound);
        const now = clock.now();
        if (!isEditable(g, now)) throw conflict(groupMessages.notEditable);
        let status: GroupOrderStatus = g.status;
        if (g.status !== 'accepting') {
          const entered = groupTransition(g.status, 'enter_details', actor);
          if (!entered.ok) throw conflict(entered.message);
          status = entered.to;
        }
        if (body.open_ordering && status === 'detail_entered') {
          const opened = groupTransition(status, 'open', actor);
          if (!opened.ok) throw conflict(opened.message);
          status = opened.to;
        }
        // members already in must still fit: no budget below a chosen meal, no head count below those joined
        const above = await repo.countChoicesAbove(g.uuid, details.budgetCents, tx);
        if (above > 0) {
          throw validationFailed([
            `${above} ${above === 1 ? 'member has' : 'members have'} already chosen a meal above ${formatCents(details.budgetCents)}. Raise the budget or ask them to change their meal.`,
          ]);
        }
        const joined = await repo.countMembers(g.uuid, tx);
        if (details.headCount < joined)
          throw validationFailed([`${joined} members have already joined: the head count cannot be lower.`]);
        await repo.saveDetails(g.uuid, { details, status, openedAt: status === 'accepting' ? now : null, now }, tx);
        // who changed the budget, when, from what to what (staff may change it: decision 029)
        if (details.budgetCents !== g.budget_cents) {
          await repo.recordBudgetChange(
            {
              uuid: g.uuid,
              userId: user.id,
              role: actor,
              oldCents: g.budget_cents,
              newCents: details.budgetCents,
              now,
            },
            tx,
          );
        }
        await scheduleCutoff(tx, { uuid: g.uuid, cutoff_at: details.cutoffAt });
      });
      return { group_order: view(await reload(found.uuid), clock.now()) };
    },

    /**
     * DELETE api/v2/group_orders/{ref}: the creator or staff, while editable. Members who joined
     * are told (they expected a meal); the queued cut-off then finds nothing to do.
     */
    async cancel(ref: string, user: AuthUser): Promise<{ group_order: GroupOrder }> {
      const found = await accessible(ref, user);
      await withTransaction(deps.db, async (tx) => {
        const g = await repo.lock(found.uuid, tx);
        if (!g) throw notFound(groupOrderMessages.notFound);
        const now = clock.now();
        if (!isEditable(g, now)) throw conflict(groupMessages.notEditable);
        const moved = groupTransition(g.status, 'cancel', actorOf(user));
        if (!moved.ok) throw conflict(moved.message);
        await repo.setStatus(g.uuid, { status: moved.to, now, canceled: true, closed: true }, tx);
      });
      const group = await reload(found.uuid);
      for (const m of await repo.members(found.uuid)) {
        await send(
          groupEmail({
            to: m.email,
            subject: `${group.name || 'The group order'} was cancelled`,
            template: 'group_order_cancelled',
            greeting: `Hi ${m.name},`,
            paragraphs: [
              `${group.creator_name} cancelled the group order${group.name ? ` "${group.name}"` : ''}. No meal will be delivered for it and nobody will be charged.`,
            ],
          }),
          { groupOrder: group.uuid, memberId: m.id },
        );
      }
      return { group_order: view(group, clock.now()) };
    },

    /** GET api/v2/group_orders/{ref}/budget_changes: every change of the budget, oldest first (creator or staff). */
    async budgetChanges(ref: string, user: AuthUser): Promise<GroupOrderBudgetChangesResponse> {
      const group = await accessible(ref, user);
      const rows = await repo.budgetChanges(group.uuid);
      return {
        budget_changes: rows.map((c) => ({
          changed_by: c.changed_by,
          changed_by_name: c.changed_by_name ?? '',
          changed_by_email: c.changed_by_email ?? '',
          changed_by_role: c.changed_by_role,
          old_budget_cents: c.old_budget_cents,
          new_budget_cents: c.new_budget_cents,
          changed_at: c.changed_at.toISOString(),
        })),
      };
    },

    /** POST api/v2/group_orders/{ref}/reminders: the creator emails members who have not chosen. */
    async remind(ref: string, user: AuthUser): Promise<{ sent: number }> {
      const group = await accessible(ref, user, false);
      const now = clock.now();
      if (!isOpen(group, now))
        throw conflict(
          group.status === 'created' || group.status === 'detail_entered'
            ? groupMessages.notOpenYet
            : groupMessages.orderingClosed,
        );
      const waiting = (await repo.members(group.uuid)).filter((m) => m.menu_id === null);
      let sent = 0;
      for (const m of waiting) {
        const ok = await send(
          groupEmail({
            to: m.email,
            subject: `Reminder: choose your meal for ${group.name || 'the group order'}`,
            template: 'group_order_reminder',
            greeting: `Hi ${m.name},`,
            paragraphs: [
              `${group.creator_name} is waiting for your meal choice from ${group.chef_name}.`,
              `Ordering closes ${displayDateTime(group.cutoff_at!, group.time_zone)}. Your budget is ${formatCents(group.budget_cents)}.`,
            ],
            link: { label: 'Choose your meal', url: shareUrl(links, group.share_token) },
          }),
          { groupOrder: group.uuid, memberId: m.id },
        );
        if (ok) sent += 1;
      }
      return { sent };
    },

    /** GET api/v2/group_orders/dashboard/{creatorId}: the creator only (staff and others 404). */
    async dashboard(creatorId: number, user: AuthUser): Promise<GroupOrderDashboardResponse> {
      if (creatorId !== user.id) throw notFound(groupOrderMessages.notFound);
      const groups = await repo.findByCreator(creatorId);
      const members = await repo.membersOf(groups.map((g) => g.uuid));
      const now = clock.now();
      const out: DashboardGroupOrder[] = [];
      for (const g of groups) {
        const own = members.filter((m) => m.group_order_uuid === g.uuid);
        out.push({ ...view(g, now), members: own.map((m) => memberView(m, g, now)), totals: await totalsOf(g, own) });
      }
      return { group_orders: out, server_now: now.toISOString() };
    },

    /** GET api/v2/group_orders/{ref}/detail (browse-account-orders §3 'Group order detail'). */
    async detail(ref: string, user: AuthUser): Promise<{ group_order: GroupOrderDetail }> {
      const g = await accessible(ref, user);
      const now = clock.now();
      const totals = await totalsOf(g, await repo.members(g.uuid));
      const status = shownStatus(g);
      return {
        group_order: {
          id: g.id,
          uuid: g.uuid,
          creator_id: g.creator_id,
          company_name: g.company_name,
          po_number: g.po_number,
          cost_centre: g.cost_centre,
          display_delivery_address: displayAddress(g),
          delivery_contact_person: g.delivery_contact_person,
          delivery_phone_number: g.delivery_phone_number,
          head_count: g.head_count,
          delivery_instruction: g.delivery_instruction,
          sub_total_cents: totals.subtotal_cents,
          delivery_fee_cents: totals.delivery_fee_cents,
          tax_total: totals.tax_cents,
          tax_label: totals.tax_label,
          total_order_amount: totals.total_cents,
          order_number: g.order_number ?? '',
          editable: isEditable(g, now),
          admin_link: adminLink(links, g.uuid),
          status,
          status_label: groupStatusLabel(status),
          invoice_available: invoiceAvailable(status),
          display_delivery_date_time: g.delivery_at ? displayDateTime(g.delivery_at, g.time_zone) : '',
          restaurant_messages: await deps.restaurantMessages(g.uuid),
        },
      };
    },

    /**
     * The user's group orders as My Orders entries (kind Group Order), in the catering entries'
     * shape: id is the group order's numeric id (its detail, cancel and invoice paths take it).
     * A group order whose details were never saved (created) is a draft and not listed.
     */
    async historyEntries(
      userId: number,
      now: Date,
    ): Promise<{ entry: OrderHistoryEntry; upcoming: boolean; deliveryAt: Date }[]> {
      const groups = (await repo.findByCreator(userId)).filter(
        (g) => g.status !== 'created' && g.delivery_at !== null && g.cutoff_at !== null,
      );
      const members = await repo.membersOf(groups.map((g) => g.uuid));
      const out: { entry: OrderHistoryEntry; upcoming: boolean; deliveryAt: Date }[] = [];
      for (const g of groups) {
        const status = shownStatus(g);
        const totals = await totalsOf(
          g,
          members.filter((m) => m.group_order_uuid === g.uuid),
        );
        const editable = isEditable(g, now);
        const processingAt = g.catering_processing_at ?? g.cutoff_at!;
        const deliveryAt = g.delivery_at!;
        out.push({
          deliveryAt,
          upcoming: isUpcoming({ status, deliveryAt }, now),
          entry: {
            id: g.id,
            name: g.chef_name,
            created_at: g.created_at.toISOString(),
            display_delivery_date_time: displayDateTime(deliveryAt, g.time_zone),
            status,
            status_label: groupStatusLabel(status),
            display_status: g.catering_processing ? displayStatus(g.catering_processing, status) : null,
            order_number: g.order_number ?? '',
            order_type: 'Group Order',
            total_amount: totals.total_cents,
            delivery_date_time: deliveryAt.toISOString(),
            order_processing_at: processingAt.toISOString(),
            display_processing_date_time: displayDateTime(processingAt, g.time_zone),
            time_zone: g.time_zone,
            preset_id: g.preset_id,
            preset_name: g.name || g.preset_name,
            preset_slug: null,
            editable,
            edit_message: editable ? null : groupMessages.notEditable,
            invoice_available: invoiceAvailable(status),
            is_addon_orders_enabled: false,
            parent_order_id: null,
            addon_orders_count: 0,
          },
        });
      }
      return out;
    },

    accessible,
  };
}
export type GroupOrdersService = ReturnType<typeof createGroupOrdersService>;
