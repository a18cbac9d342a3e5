import { GEO_SUGGESTIONS_MIN_CHARS } from '@caterway/contracts';
import { messages } from '@caterway/domain';
import { AppError } from '../../lib/errors.js';
import type { GeocodedAddress, Geocoder } from '../../ports/geocoder.js';

// Address entry (spec: browse-account-orders §5 home address form, ordering-payments §5
// delivery bar): suggestions while typing, and placing the address the user settles on.
export interface GeoService {
  suggest(q: string, limit: number): Promise<GeocodedAddress[]>;
  geocode(address: string): Promise<GeocodedAddress>;
}

export function createGeoService(deps: { geocoder: Geocoder }): GeoService {
  return {
    async suggest(q, limit) {
      const text = q.trim();
      // Too little to suggest a street address from; the SPA asks again as the user types.
      if (text.length < GEO_SUGGESTIONS_MIN_CHARS) return [];
      return deps.geocoder.suggest(text, limit);
    },

    async geocode(address) {
      const result = await deps.geocoder.geocode(address.trim());
      if (result.ok) return result.address;
      switch (result.reason) {
        case 'too_broad':
          throw new AppError('validation', messages.tooBroad, { messages: [messages.tooBroad] });
        case 'not_found':
          throw new AppError('not_found', messages.addressNotFound);
        case 'unavailable':
          throw new AppError('unavailable', messages.serviceUnavailable, { headers: { 'retry-after': '5' } });
      }
    },
  };
}
