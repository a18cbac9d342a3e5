import type { PresetAvailability, PresetAvailabilityQuery } from '../presets.js';
import type { CallOptions, Transport } from './transport.js';

/**
 * GET api/v2/presets/{id or slug}/availability: the server's calendar and capacity answer for a
 * delivery (decision 055). Its own module, so only the chunk that asks it carries it (the
 * restaurant and preset pages load it after the page).
 */
export const presetAvailability = (
  send: Transport,
  idOrSlug: string | number,
  query: PresetAvailabilityQuery,
  o?: CallOptions,
) =>
  send<PresetAvailability>('GET', `/api/v2/presets/${encodeURIComponent(String(idOrSlug))}/availability`, {
    ...o,
    query,
  });
