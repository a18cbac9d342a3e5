import type { PresetReliabilityResponse } from '@caterway/contracts';
import { messages, reliabilityText } from '@caterway/domain';
import { notFound } from '../../lib/errors.js';
import { createTtlCache } from '../../lib/ttl-cache.js';
import type { RestaurantOrdersService } from '../order-lifecycle/restaurant-orders.service.js';
import type { PresetsRepository } from './presets.repository.js';

// GET api/v2/presets/{id or slug}/reliability (issue 20 part 3): the restaurant page's
// "Usually confirms in 12 min · 98% on time, last 90 days", from the record the portal's
// settings page shows its team (issue 19; GET .../partner/restaurants/{id}/stats). The record
// moves with orders, not with the catalogue: the answer is kept 10 minutes per preset key in
// each process, so a page view usually costs no query at all.

const TEN_MINUTES = 10 * 60_000;

export function createPresetReliability(deps: {
  repo: Pick<PresetsRepository, 'findIdByKey' | 'cardsByIds'>;
  stats: Pick<RestaurantOrdersService, 'stats'>;
  now: () => Date;
}) {
  const byPreset = createTtlCache<string, PresetReliabilityResponse>({ ttlMs: TEN_MINUTES, maxEntries: 5_000 });
  return function reliability(key: string): Promise<PresetReliabilityResponse> {
    return byPreset.get(key, async () => {
      const found = await deps.repo.findIdByKey(key);
      if (!found || found.preset_type === 'save_for_later') throw notFound(messages.presetNotFound);
      const [row] = await deps.repo.cardsByIds([found.id]);
      const lead = row?.chefs[0];
      if (!row || !lead) throw notFound(messages.presetNotFound);
      const s = await deps.stats.stats(lead.id, deps.now());
      const text = reliabilityText({
        days: s.days,
        acceptedByPeople: s.accepted - s.auto_accepted,
        autoAccepted: s.auto_accepted,
        medianMinutesToAccept: s.median_minutes_to_accept,
        delivered: s.delivered,
        onTimeRate: s.on_time_rate,
      });
      return {
        reliability: text
          ? {
              text,
              days: s.days,
              median_minutes_to_accept: s.median_minutes_to_accept,
              on_time_rate: s.on_time_rate,
              delivered: s.delivered,
            }
          : null,
      };
    });
  };
}
