import {
  addCalendarDays,
  capacityLoad,
  capacityMessages,
  fitsCapacity,
  localDayStart,
  calendarHoursCheck,
  windowStartOf,
  zonedParts,
  zonedWallTimeToInstant,
  NEXT_AVAILABLE_DAYS,
  openDeliveryTimes,
  type CapacityRule,
  type RestaurantCalendar,
  type StoreHoursMap,
} from '@caterway/domain';
import type { Db, Queryable } from '../../db/pool.js';
import { conflict } from '../../lib/errors.js';
import { displayDateTime } from '../orders/orders.email.js';
import { createCapacityRepository, type OrderShare, type RuleWithHours } from './capacity.repository.js';

// A restaurant's capacity at checkout (issue 19 part 2; decision 049). The checkout calls
// reserve() in the transaction that claims the order's payment: each of the order's restaurants
// with a limit has its day and window locked (restaurant_slots, FOR UPDATE), what they hold is
// counted, and the order is refused (409, with the next time that has room) if it does not fit.
// The claim commits with the locks held, so the next checkout into the slot counts this one:
// of 50 concurrent checkouts into a slot with room for 10, exactly 10 are placed.

const pad2 = (n: number) => String(n).padStart(2, '0');
const localDate = (p: { year: number; month: number; day: number }) => `${p.year}-${pad2(p.month)}-${pad2(p.day)}`;
/** how far ahead the refusal looks for a time with room */
const LOOK_AHEAD_DAYS = 7;

/**
 * The condition, on a catering_orders row, that none of its restaurants has a limit: a claim that
 * holds it needs no count and no lock (one statement, as before capacity existed).
 */
export const NO_CAPACITY_LIMIT = `NOT EXISTS (SELECT 1 FROM restaurant_capacity rc
  WHERE rc.chef_id = ANY (array_append(catering_orders.chef_ids, catering_orders.chef_id))
    AND (rc.per_day IS NOT NULL OR rc.per_window IS NOT NULL))`;

/** A restaurant, a delivery time and what decides its next open times. */
export interface SlotQuery {
  chefId: number;
  at: Date;
  now: Date;
  noticeHours: number;
  storeHours: StoreHoursMap | null | undefined;
  calendar: RestaurantCalendar | null | undefined;
  timeZone: string;
}

export function createCapacityService(deps: { db: Db; staleSeconds: number }) {
  const repo = createCapacityRepository(deps.db);

  function dayBounds(date: string, zone: string): { start: Date; end: Date } {
    return { start: localDayStart(date, zone)!, end: localDayStart(addCalendarDays(date, 1)!, zone)! };
  }

  /** The first window start after the requested one, within the restaurant's hours, with room for `adding`. */
  async function nextTimeWithRoom(
    tx: Queryable,
    rule: RuleWithHours,
    input: {
      date: string;
      windowStart: number;
      adding: number;
      orderId: number;
      now: Date;
      first: Map<number, number>;
    },
  ): Promise<Date | null> {
    for (let d = 0; d < LOOK_AHEAD_DAYS; d++) {
      const date = addCalendarDays(input.date, d)!;
      const { start, end } = dayBounds(date, rule.time_zone);
      const held =
        d === 0
          ? input.first
          : await repo.held(tx, {
              chefId: rule.chef_id,
              dayStart: start,
              dayEnd: end,
              timeZone: rule.time_zone,
              rule,
              exceptOrderId: input.orderId,
              now: input.now,
              staleSeconds: deps.staleSeconds,
            });
      const day = [...held.values()].reduce((n, v) => n + v, 0);
      if (rule.perDay !== null && day + input.adding > rule.perDay) continue;
      const [year, month, dayOfMonth] = date.split('-').map(Number) as [number, number, number];
      for (let w = d === 0 ? input.windowStart + rule.windowMinutes : 0; w < 1440; w += rule.windowMinutes) {
        const at = zonedWallTimeToInstant(
          { year, month, day: dayOfMonth, hour: Math.floor(w / 60), minute: w % 60 },
          rule.time_zone,
        );
        if (
          at.getTime() <= input.now.getTime() ||
          !calendarHoursCheck(rule.store_hours, at, rule.time_zone, rule.calendar?.closures).ok
        )
          continue;
        if (fitsCapacity(rule, { day, window: held.get(w) ?? 0 }, input.adding)) return at;
      }
    }
    return null;
  }

  /**
   * Locks and counts each limited restaurant's slot of the order (those `check` selects) and
   * answers the refusal of the first that does not fit, or null.
   */
  async function refusal(
    tx: Queryable,
    orderId: number,
    now: Date,
    check: (rule: RuleWithHours, share: OrderShare) => boolean = () => true,
  ): Promise<string | null> {
    const shares = await repo.shares(orderId, tx);
    if (!shares.length) return null;
    const rules = await repo.rulesWithHours(
      shares.map((s) => s.chef_id),
      tx,
    );
    const delivery = shares[0]!.delivery_at;
    for (const rule of rules) {
      const share = shares.find((s) => s.chef_id === rule.chef_id)!;
      if (!check(rule, share)) continue;
      const p = zonedParts(delivery, rule.time_zone);
      const date = localDate(p);
      const windowStart = windowStartOf(p.hour * 60 + p.minute, rule.windowMinutes);
      await repo.lockSlot(tx, rule.chef_id, date, windowStart);
      const { start, end } = dayBounds(date, rule.time_zone);
      const held = await repo.held(tx, {
        chefId: rule.chef_id,
        dayStart: start,
        dayEnd: end,
        timeZone: rule.time_zone,
        rule,
        exceptOrderId: orderId,
        now,
        staleSeconds: deps.staleSeconds,
      });
      const adding = capacityLoad(rule, share.servings);
      const day = [...held.values()].reduce((n, v) => n + v, 0);
      if (fitsCapacity(rule, { day, window: held.get(windowStart) ?? 0 }, adding)) continue;
      const next = await nextTimeWithRoom(tx, rule, { date, windowStart, adding, orderId, now, first: held });
      const message = capacityMessages.full(rule.restaurant, displayDateTime(delivery, rule.time_zone));
      return next ? `${message} ${capacityMessages.nextTime(displayDateTime(next, rule.time_zone))}` : message;
    }
    return null;
  }

  return {
    /** Whether a limit applies to any of the order's restaurants. */
    async limited(orderId: number): Promise<boolean> {
      const shares = await repo.shares(orderId);
      return (await repo.rulesWithHours(shares.map((s) => s.chef_id))).length > 0;
    },

    /**
     * Checks that the order fits each of its restaurants' day and window, inside the caller's
     * transaction (which must go on to claim the payment). Throws 409 with the message the
     * checkout shows when it does not.
     */
    async reserve(tx: Queryable, orderId: number, now: Date): Promise<void> {
      const refused = await refusal(tx, orderId, now);
      if (refused) throw conflict(refused);
    },

    /**
     * The refusal message when the order does not fit (null when it does), with the slots locked
     * for the rest of the caller's transaction: the group cut-off's combined order.
     */
    refusal: (tx: Queryable, orderId: number, now: Date) => refusal(tx, orderId, now),

    /** The restaurants' shares of an order as it stands (read before an edit rewrites it). */
    shares: (tx: Queryable, orderId: number) => repo.shares(orderId, tx),

    /**
     * An edit of a placed order (decision 055): a restaurant whose share moved to another day or
     * window, or grew (servings), is counted as at checkout; an unchanged or smaller share keeps
     * its place even if the restaurant has since lowered its limit. Throws 409 when it does not fit.
     */
    async reserveChange(tx: Queryable, orderId: number, before: OrderShare[], now: Date): Promise<void> {
      const refused = await refusal(tx, orderId, now, (rule, share) => {
        const was = before.find((b) => b.chef_id === share.chef_id);
        if (!was) return true;
        const slotOf = (at: Date) => {
          const p = zonedParts(at, rule.time_zone);
          return `${localDate(p)} ${windowStartOf(p.hour * 60 + p.minute, rule.windowMinutes)}`;
        };
        if (slotOf(was.delivery_at) !== slotOf(share.delivery_at)) return true;
        return capacityLoad(rule, share.servings) > capacityLoad(rule, was.servings);
      });
      if (refused) throw conflict(refused);
    },

    /**
     * Whether the restaurant has room at `at` for one more order (or serving), and otherwise
     * the next time its calendar and capacity take an order (the storefront's "Fully booked at
     * 12:00 · next available 13:00"), searched over NEXT_AVAILABLE_DAYS days.
     */
    async slotAt(input: SlotQuery): Promise<{ full: boolean; nextAvailable: Date | null }> {
      const [rule] = await repo.rulesWithHours([input.chefId]);
      const heldByDate = new Map<string, Map<number, number>>();
      const fits = async (at: Date): Promise<boolean> => {
        if (!rule) return true;
        const p = zonedParts(at, rule.time_zone);
        const date = localDate(p);
        let held = heldByDate.get(date);
        if (!held) {
          const { start, end } = dayBounds(date, rule.time_zone);
          held = await repo.held(deps.db, {
            chefId: rule.chef_id,
            dayStart: start,
            dayEnd: end,
            timeZone: rule.time_zone,
            rule,
            exceptOrderId: 0,
            now: input.now,
            staleSeconds: deps.staleSeconds,
          });
          heldByDate.set(date, held);
        }
        const day = [...held.values()].reduce((n, v) => n + v, 0);
        const w = windowStartOf(p.hour * 60 + p.minute, rule.windowMinutes);
        return fitsCapacity(rule, { day, window: held.get(w) ?? 0 }, 1);
      };
      const full = !(await fits(input.at));
      for (const at of openDeliveryTimes({
        storeHours: input.storeHours,
        calendar: input.calendar,
        timeZone: input.timeZone,
        noticeHours: input.noticeHours,
        now: input.now,
        from: new Date(input.at.getTime() + (full ? 60_000 : 0)),
        days: NEXT_AVAILABLE_DAYS,
      })) {
        if (await fits(at)) return { full, nextAvailable: at };
      }
      return { full, nextAvailable: null };
    },

    /**
     * Of the given restaurants, those full at their time, with the next time each has room (the
     * listings' cards): one query finds which have a limit; only those are counted.
     */
    async fullAmong(slots: SlotQuery[]): Promise<Map<number, Date | null>> {
      const full = new Map<number, Date | null>();
      if (!slots.length) return full;
      const limited = new Set((await repo.rulesWithHours(slots.map((s) => s.chefId))).map((r) => r.chef_id));
      for (const slot of slots) {
        if (!limited.has(slot.chefId)) continue;
        const answer = await this.slotAt(slot);
        if (answer.full) full.set(slot.chefId, answer.nextAvailable);
      }
      return full;
    },

    /** GET api/v2/partner/restaurants/{chefId}/capacity */
    rule: (chefId: number): Promise<CapacityRule> => repo.rule(chefId),
    /** PUT api/v2/partner/restaurants/{chefId}/capacity */
    async saveRule(chefId: number, rule: CapacityRule): Promise<CapacityRule> {
      await repo.saveRule(chefId, rule);
      return repo.rule(chefId);
    },
  };
}
export type CapacityService = ReturnType<typeof createCapacityService>;
