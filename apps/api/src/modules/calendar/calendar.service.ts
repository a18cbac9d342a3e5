import Holidays from 'date-holidays';
import type {
  PartnerCalendar,
  PartnerClosure,
  PartnerClosureBody,
  PartnerHoliday,
  PartnerHolidaysResponse,
  PartnerOrderingRules,
  PartnerPauseBody,
  PartnerRestaurant,
  PartnerWeeklyHours,
} from '@caterway/contracts';
import {
  addCalendarDays,
  closureProblems,
  endOfLocalDay,
  formatLocalDateTime,
  fromStoreHours,
  localDateOf,
  pauseProblems,
  toStoreHours,
  weeklyHoursProblems,
  type TimeWindow,
} from '@caterway/domain';
import { withTransaction, type Db } from '../../db/pool.js';
import type { Clock } from '../../lib/clock.js';
import { notFound, validationFailed } from '../../lib/errors.js';
import { actorOf, createCatalogueChangesService } from '../catalogue-changes/catalogue-changes.service.js';
import { createCalendarRepository, type CalendarChefRow, type ClosureRow } from './calendar.repository.js';

// The restaurant's calendar (issue 19 part 2; decision 055). Reads for the portal, and the writes
// of its team: each in one transaction with its audit row and the catalogue version bump
// (record(..., { catalogue: true })), since the storefront reads and caches these rows.

/** Who changes the calendar: the signed-in user with the role the partner guard found. */
export interface CalendarActor {
  userId: number;
  restaurant: Pick<PartnerRestaurant, 'id' | 'role'>;
}

const windowsText = (windows: readonly TimeWindow[] | null) =>
  windows === null ? 'closed' : windows.map((w) => `${w.open}-${w.close}`).join(', ');
const datesText = (c: { starts_on: string; ends_on: string }) =>
  c.starts_on === c.ends_on ? c.starts_on : `${c.starts_on} to ${c.ends_on}`;

function toClosure(row: ClosureRow): PartnerClosure {
  return {
    id: row.id,
    starts_on: row.starts_on,
    ends_on: row.ends_on,
    windows: row.windows,
    reason: row.reason,
    holiday: row.holiday,
  };
}

/** The region date-holidays knows a restaurant by: its country and province or state. */
function holidaysOf(chef: Pick<CalendarChefRow, 'country' | 'province'>): { region: string; hd: Holidays } {
  const province = chef.province.trim().toUpperCase();
  const hd = new Holidays();
  const known = province && hd.init(chef.country, province);
  if (!known) hd.init(chef.country);
  return { region: known ? `${chef.country}-${province}` : chef.country, hd };
}

export function createCalendarService(deps: { db: Db; clock: Clock }) {
  const repo = createCalendarRepository(deps.db);
  const changes = createCatalogueChangesService(deps.db);

  async function chefOf(chefId: number): Promise<CalendarChefRow> {
    const chef = await repo.chef(chefId);
    if (!chef) throw notFound();
    return chef;
  }

  async function calendar(chefId: number): Promise<PartnerCalendar> {
    const chef = await chefOf(chefId);
    const now = deps.clock.now();
    const today = localDateOf(now, chef.time_zone);
    const paused = chef.paused_until && chef.paused_until.getTime() > now.getTime();
    return {
      time_zone: chef.time_zone,
      today,
      weekly_hours: fromStoreHours(chef.store_hours),
      closures: (await repo.closures(chefId, today)).map(toClosure),
      pause: {
        paused_until: paused ? chef.paused_until!.toISOString() : null,
        reason: paused ? chef.pause_reason : null,
      },
      ordering: { notice_hours: chef.pre_order_notice_hours, min_order_cents: chef.pre_order_min_order_amount_cents },
    };
  }

  /** Runs a write under the chef row's lock (writes of one restaurant's calendar take turns). */
  function write(
    actor: CalendarActor,
    fn: (tx: Parameters<Parameters<typeof withTransaction>[1]>[0], chef: CalendarChefRow) => Promise<void>,
  ) {
    return withTransaction(deps.db, async (tx) => {
      const chef = await repo.chef(actor.restaurant.id, tx, true);
      if (!chef) throw notFound();
      await fn(tx, chef);
    });
  }

  const actorFor = (actor: CalendarActor) => actorOf(actor.userId, actor.restaurant);

  return {
    calendar,

    /** PUT .../calendar/hours */
    async saveHours(actor: CalendarActor, week: PartnerWeeklyHours): Promise<PartnerCalendar> {
      const problems = weeklyHoursProblems(week);
      if (problems.length) throw validationFailed(problems);
      await write(actor, async (tx, chef) => {
        const hours = toStoreHours(week, chef.store_hours);
        await repo.saveHours(tx, chef.id, hours);
        await changes.record(
          tx,
          actorFor(actor),
          {
            chefId: chef.id,
            entity: 'hours',
            entityId: chef.id,
            action: 'update',
            summary: 'Weekly hours changed',
            before: chef.store_hours,
            after: hours,
          },
          { catalogue: true },
        );
      });
      return calendar(actor.restaurant.id);
    },

    /** POST .../calendar/closures */
    async addClosure(actor: CalendarActor, body: PartnerClosureBody): Promise<PartnerCalendar> {
      const input = {
        starts_on: body.starts_on.trim(),
        ends_on: body.ends_on.trim(),
        windows: body.windows ?? null,
        reason: (body.reason ?? '').trim(),
        holiday: body.holiday?.trim() || null,
      };
      await write(actor, async (tx, chef) => {
        const today = localDateOf(deps.clock.now(), chef.time_zone);
        const existing = await repo.closures(chef.id, today, tx);
        const problems = closureProblems(input, { today, existing });
        if (problems.length) throw validationFailed(problems);
        const windows = input.windows ? [...input.windows].sort((a, b) => a.open.localeCompare(b.open)) : null;
        const row = await repo.addClosure(tx, chef.id, { ...input, windows }, actor.userId);
        await changes.record(
          tx,
          actorFor(actor),
          {
            chefId: chef.id,
            entity: 'closure',
            entityId: row.id,
            action: 'create',
            summary: `${windows ? 'Changed hours' : 'Closed'} ${datesText(row)} (${row.reason}): ${windowsText(windows)}`,
            after: toClosure(row),
          },
          { catalogue: true },
        );
      });
      return calendar(actor.restaurant.id);
    },

    /** DELETE .../calendar/closures/{closureId} */
    async removeClosure(actor: CalendarActor, closureId: number): Promise<PartnerCalendar> {
      await write(actor, async (tx, chef) => {
        const row = await repo.removeClosure(tx, chef.id, closureId);
        if (!row) throw notFound('Closure not found');
        await changes.record(
          tx,
          actorFor(actor),
          {
            chefId: chef.id,
            entity: 'closure',
            entityId: row.id,
            action: 'delete',
            summary: `Removed the closure ${datesText(row)} (${row.reason})`,
            before: toClosure(row),
          },
          { catalogue: true },
        );
      });
      return calendar(actor.restaurant.id);
    },

    /** PUT .../calendar/pause */
    async pause(actor: CalendarActor, body: PartnerPauseBody): Promise<PartnerCalendar> {
      await write(actor, async (tx, chef) => {
        const now = deps.clock.now();
        const until = body.rest_of_today ? endOfLocalDay(now, chef.time_zone) : new Date(body.until!);
        const problems = pauseProblems(until, now);
        if (problems.length) throw validationFailed(problems);
        const reason = body.reason?.trim() || null;
        await repo.savePause(tx, chef.id, until, reason);
        await changes.record(
          tx,
          actorFor(actor),
          {
            chefId: chef.id,
            entity: 'pause',
            entityId: chef.id,
            action: 'update',
            summary: `Not taking new orders until ${formatLocalDateTime(until, chef.time_zone)}${reason ? ` (${reason})` : ''}`,
            before: { paused_until: chef.paused_until, reason: chef.pause_reason },
            after: { paused_until: until.toISOString(), reason },
          },
          { catalogue: true },
        );
      });
      return calendar(actor.restaurant.id);
    },

    /** DELETE .../calendar/pause: taking orders again */
    async resume(actor: CalendarActor): Promise<PartnerCalendar> {
      await write(actor, async (tx, chef) => {
        if (chef.paused_until === null) return;
        await repo.savePause(tx, chef.id, null, null);
        await changes.record(
          tx,
          actorFor(actor),
          {
            chefId: chef.id,
            entity: 'pause',
            entityId: chef.id,
            action: 'delete',
            summary: 'Taking new orders again',
            before: { paused_until: chef.paused_until, reason: chef.pause_reason },
            after: { paused_until: null, reason: null },
          },
          { catalogue: true },
        );
      });
      return calendar(actor.restaurant.id);
    },

    /** PUT .../calendar/ordering: lead time and minimum order */
    async saveOrdering(actor: CalendarActor, rules: PartnerOrderingRules): Promise<PartnerCalendar> {
      await write(actor, async (tx, chef) => {
        await repo.saveOrdering(tx, chef.id, rules.notice_hours, rules.min_order_cents);
        await changes.record(
          tx,
          actorFor(actor),
          {
            chefId: chef.id,
            entity: 'settings',
            entityId: chef.id,
            action: 'update',
            summary: `Lead time ${chef.pre_order_notice_hours} h → ${rules.notice_hours} h; minimum order ${chef.pre_order_min_order_amount_cents} → ${rules.min_order_cents} cents`,
            before: {
              notice_hours: chef.pre_order_notice_hours,
              min_order_cents: chef.pre_order_min_order_amount_cents,
            },
            after: rules,
          },
          { catalogue: true },
        );
      });
      return calendar(actor.restaurant.id);
    },

    /**
     * GET .../calendar/holidays: the statutory (public) holidays of the restaurant's country and
     * province or state over the next 12 months, each with the closure already covering it.
     */
    async holidays(chefId: number): Promise<PartnerHolidaysResponse> {
      const chef = await chefOf(chefId);
      const today = localDateOf(deps.clock.now(), chef.time_zone);
      const last = addCalendarDays(today, 365)!;
      const { region, hd } = holidaysOf(chef);
      const year = Number(today.slice(0, 4));
      const closures = await repo.closures(chefId, today);
      const seen = new Set<string>();
      const holidays: PartnerHoliday[] = [];
      for (const h of [...hd.getHolidays(year), ...hd.getHolidays(year + 1)]) {
        const date = h.date.slice(0, 10);
        if (h.type !== 'public' || date < today || date > last || seen.has(`${date} ${h.name}`)) continue;
        seen.add(`${date} ${h.name}`);
        const covering = closures.find((c) => c.starts_on <= date && date <= c.ends_on);
        holidays.push({ date, name: h.name, type: h.type, closure_id: covering?.id ?? null });
      }
      holidays.sort((a, b) => a.date.localeCompare(b.date));
      return { region, holidays };
    },
  };
}
export type CalendarService = ReturnType<typeof createCalendarService>;
