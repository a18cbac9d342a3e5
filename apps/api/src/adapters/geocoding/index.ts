import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env.js';
import type { Geocoder } from '../../ports/geocoder.js';
import { createHttpGeocoder } from './http-geocoder.js';
import { createOfflineGeocoder } from './offline-geocoder.js';

/**
 * The geocoder the app runs with: the offline gazetteer by default (no account, no
 * network), or a Photon/Nominatim compatible service when GEOCODER_URL is set
 * (GEOCODER_KIND says which protocol it speaks).
 */
export function createGeocoder(config: Config, log: Pick<FastifyBaseLogger, 'warn'>): Geocoder {
  if (config.geocoderUrl) {
    return createHttpGeocoder({
      url: config.geocoderUrl,
      kind: config.geocoderKind,
      log: { warn: (obj, msg) => log.warn(obj as object, msg) },
    });
  }
  // Tests build many apps and few of them geocode: they load the data on first use.
  return createOfflineGeocoder({ preload: config.nodeEnv !== 'test' });
}

export { createHttpGeocoder } from './http-geocoder.js';
export { createOfflineGeocoder } from './offline-geocoder.js';
