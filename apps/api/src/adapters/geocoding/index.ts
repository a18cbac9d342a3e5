import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env.js';
import type { Geocoder } from '../../ports/geocoder.js';

// Replaced by the offline gazetteer and the HTTP adapter.
export function createGeocoder(_config: Config, _log: Pick<FastifyBaseLogger, 'warn'>): Geocoder {
  return {
    kind: 'offline',
    geocode: async () => ({ ok: false, reason: 'not_found' }),
    suggest: async () => [],
  };
}
