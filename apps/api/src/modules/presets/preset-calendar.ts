import type { PresetCalendar } from '@caterway/contracts';
import { localDateOf, messages } from '@caterway/domain';
import { notFound } from '../../lib/errors.js';
import type { PresetsRepository } from './presets.repository.js';

// GET api/v2/presets/{id or slug}/calendar (issue 19 part 2; decision 068): what the store-hours
// modal shows beside the weekly hours. The closures and one-off hours that have not ended and
// start within 60 days, and the pause on new orders, of the preset's first restaurant (the one
// whose hours the modal lists). The team's reasons are never shown to customers; a closure
// added from a statutory holiday keeps the holiday's name.

export const CALENDAR_AHEAD_DAYS = 60;
const MAX_CLOSURES = 12;

/** '2026-12-25 Christmas Day' → 'Christmas Day' (the portal stores the date with the name). */
const holidayName = (holiday: string | null | undefined) =>
  holiday ? holiday.replace(/^\d{4}-\d{2}-\d{2}\s+/, '') || null : null;

const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

export function createPresetCalendar(deps: {
  repo: Pick<PresetsRepository, 'findIdByKey' | 'cardsByIds'>;
  now: () => Date;
}) {
  return async function calendar(key: string): Promise<PresetCalendar> {
    const found = await deps.repo.findIdByKey(key);
    if (!found || found.preset_type === 'save_for_later') throw notFound(messages.presetNotFound);
    const [row] = await deps.repo.cardsByIds([found.id]);
    const lead = row?.chefs[0];
    if (!row || !lead) throw notFound(messages.presetNotFound);
    const now = deps.now();
    const today = localDateOf(now, lead.time_zone);
    const horizon = addDays(today, CALENDAR_AHEAD_DAYS);
    const closures = (lead.calendar.closures ?? [])
      .filter((c) => c.ends_on >= today && c.starts_on <= horizon)
      .sort((a, b) => (a.starts_on < b.starts_on ? -1 : a.starts_on > b.starts_on ? 1 : 0))
      .slice(0, MAX_CLOSURES)
      .map((c) => ({
        starts_on: c.starts_on,
        ends_on: c.ends_on,
        windows: c.windows ? c.windows.map((w) => ({ open: w.open, close: w.close })) : null,
        holiday: holidayName(c.holiday),
      }));
    const until = lead.calendar.paused_until ? new Date(lead.calendar.paused_until) : null;
    return {
      time_zone: lead.time_zone,
      today,
      closures,
      paused_until: until && until.getTime() > now.getTime() ? until.toISOString() : null,
    };
  };
}
