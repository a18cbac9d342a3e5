// Shapes and constants of the presets module that other modules use (layer 5 of
// .dependency-cruiser.cjs), so that they need not import presets.repository.ts.

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

/** Listings near an address reach this far (km); the card says when a restaurant does not deliver there. */
export const LISTING_RADIUS_KM = 50;
