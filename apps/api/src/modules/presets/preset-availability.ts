import type { PresetAvailability, PresetAvailabilityQuery } from '@caterway/contracts';
import {
  availableForOrdering,
  calendarMessages,
  calendarScheduleProblems,
  capacityMessages,
  deliveryInstant,
  formatLocalTime,
  localDateOf,
  messages,
  refusalWhy,
  refusalWords,
  zonedParts,
} from '@caterway/domain';
import { earliestAvailableOf } from '../../lib/delivery-refusal.js';
import { notFound, validationFailed } from '../../lib/errors.js';
import type { CapacityService } from '../capacity/capacity.service.js';
import { displayDateTime } from '../orders/orders.email.js';
import { noticeHours } from './presets.mappers.js';
import type { PresetsRepository } from './presets.repository.js';

// GET api/v2/presets/{id or slug}/availability (issue 19 part 2; decision 055): whether the
// preset's restaurants take an order for a delivery date and time, by the calendar rule the
// checkout applies (windows, closures, pause, lead time) and their capacity, and else the next
// time they do within 14 days. Read fresh from the database (not the 60 s card cache): the
// storefront asks it once a date and time are chosen, and the answer is what checkout would say.

const pad2 = (n: number) => String(n).padStart(2, '0');

/** The next time as the delivery bar spells it: 'yyyy-MM-dd' and 'hh:mm AM' in the restaurant's zone. */
export function wallTime(at: Date, timeZone: string): { delivery_date: string; delivery_time: string } {
  const p = zonedParts(at, timeZone);
  const h12 = p.hour % 12 === 0 ? 12 : p.hour % 12;
  return {
    delivery_date: localDateOf(at, timeZone),
    delivery_time: `${pad2(h12)}:${pad2(p.minute)} ${p.hour < 12 ? 'AM' : 'PM'}`,
  };
}

export function createPresetAvailability(deps: {
  repo: Pick<PresetsRepository, 'findIdByKey' | 'cardsByIds'>;
  capacity: Pick<CapacityService, 'slotAt'>;
  now: () => Date;
}) {
  return async function availability(key: string, query: PresetAvailabilityQuery): Promise<PresetAvailability> {
    const found = await deps.repo.findIdByKey(key);
    if (!found || found.preset_type === 'save_for_later') throw notFound(messages.presetNotFound);
    const [row] = await deps.repo.cardsByIds([found.id]);
    const lead = row?.chefs[0];
    if (!row || !lead) throw notFound(messages.presetNotFound);
    const at = deliveryInstant(query.delivery_date, query.delivery_time, lead.time_zone);
    if (!at) throw validationFailed([messages.invalidTime]);
    const now = deps.now();
    const notice = noticeHours(row);
    const stores = row.chefs.map((c) => ({ storeHours: c.store_hours, timeZone: c.time_zone, calendar: c.calendar }));
    const rule = calendarScheduleProblems(
      { delivery: at, timeZone: lead.time_zone, stores, noticeHours: notice, now },
      true,
    );
    let reason: PresetAvailability['reason'] = null;
    for (const chef of row.chefs) {
      const r = availableForOrdering({
        storeHours: chef.store_hours,
        calendar: chef.calendar,
        timeZone: chef.time_zone,
        noticeHours: notice,
        radiusKm: Number(chef.delivery_radius_km),
        distanceKm: null,
        deliveryInstant: at,
        now,
      });
      if (!r.available) {
        reason = r.reason as PresetAvailability['reason'];
        break;
      }
    }
    // capacity, then the next time: the lead restaurant's calendar and capacity (a catering
    // preset of several restaurants is judged by its first, as its delivery fee is)
    const slot = await deps.capacity.slotAt({
      chefId: lead.id,
      at,
      now,
      noticeHours: notice,
      storeHours: lead.store_hours,
      calendar: lead.calendar,
      timeZone: lead.time_zone,
    });
    if (!reason && !rule.length && !slot.full)
      return {
        available: true,
        reason: null,
        message: null,
        next_available: null,
        why: null,
        earliest_available: null,
      };
    const next = slot.nextAvailable;
    const nextText = next ? displayDateTime(next, lead.time_zone) : null;
    let message: string;
    if (reason || rule.length) {
      message = rule[0] ?? messages.storeClosedOnDay;
      if (nextText) message = `${message} ${calendarMessages.nextAvailable(nextText)}`;
    } else {
      reason = 'full';
      message = capacityMessages.full(row.name, displayDateTime(at, lead.time_zone));
      if (nextText) message = `${message} ${capacityMessages.nextTime(nextText)}`;
    }
    // plain words and the one-click time (decision 072); a pause leaves no time to offer a new order
    const why =
      reason === 'full'
        ? refusalWords.full(formatLocalTime(at, lead.time_zone))
        : refusalWhy({
            delivery: at,
            timeZone: lead.time_zone,
            stores: row.chefs.map((c) => ({
              name: c.business_name,
              storeHours: c.store_hours,
              timeZone: c.time_zone,
              calendar: c.calendar,
            })),
            noticeHours: notice,
            now,
            newOrder: true,
          });
    return {
      available: false,
      reason: reason ?? 'closed',
      message,
      next_available: next ? { ...wallTime(next, lead.time_zone), text: nextText! } : null,
      why: why ?? message,
      earliest_available: next && reason !== 'paused' ? earliestAvailableOf(next, lead.time_zone) : null,
    };
  };
}
