import type { PresetSort, PresetSummary } from '../../types/catalogue';

/** Orders presets as the chosen sort says; the server sorts too, this keeps pages merged in order. */
export function sortPresets(presets: readonly PresetSummary[], sort: PresetSort): PresetSummary[] {
  const list = [...presets];
  const by = (key: (p: PresetSummary) => number, dir: 1 | -1) =>
    list.sort((a, b) => dir * (key(a) - key(b)) || a.id - b.id);
  switch (sort) {
    case 'price_desc':
      return by((p) => p.pricePerPersonCents, -1);
    case 'price_asc':
      return by((p) => p.pricePerPersonCents, 1);
    case 'headcount_desc':
      return by((p) => p.numberOfGuests, -1);
    case 'headcount_asc':
      return by((p) => p.numberOfGuests, 1);
    default:
      return by((p) => p.orderCount, -1);
  }
}
