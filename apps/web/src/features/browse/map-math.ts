// The map panel's schematic (decision 067): restaurants around the delivery address by bearing and
// distance, with rings at round distances, when no tile server is configured.

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Initial great-circle bearing from one point to another, in degrees clockwise from north (0-360). */
export function bearingDeg(from: { lat: number; lng: number }, to: { lat: number; lng: number }): number {
  const φ1 = rad(from.lat);
  const φ2 = rad(to.lat);
  const Δλ = rad(to.lng - from.lng);
  const y = Math.sin(Δλ) * Math.cos(φ2);
  const x = Math.cos(φ1) * Math.sin(φ2) - Math.sin(φ1) * Math.cos(φ2) * Math.cos(Δλ);
  return ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360;
}

/** Ring spacings the schematic chooses from (km). */
const RING_STEPS = [0.25, 0.5, 1, 2, 5, 10, 20, 25, 50];

/**
 * The schematic map's rings: the smallest spacing with which at most `maxRings` rings reach the
 * farthest restaurant, and those rings' distances (km).
 */
export function schematicRings(farthestKm: number, maxRings = 4): number[] {
  const far = Math.max(farthestKm, 0.1);
  const step = RING_STEPS.find((s) => s * maxRings >= far) ?? Math.ceil(far / maxRings);
  const count = Math.max(1, Math.ceil(far / step - 1e-9));
  return Array.from({ length: count }, (_, i) => Number(((i + 1) * step).toFixed(2)));
}

/**
 * Where the schematic draws a restaurant: the delivery address at the centre, each restaurant
 * along its bearing at its distance, `radius` pixels standing for `outerKm`.
 */
export function schematicPoint(bearing: number, km: number, outerKm: number, radius: number) {
  const r = (Math.min(km, outerKm) / outerKm) * radius;
  return { x: r * Math.sin(rad(bearing)), y: -r * Math.cos(rad(bearing)) };
}

/**
 * Distance in km on a flat projection around `from`: enough to place restaurants a few km apart
 * on the schematic when the server gave no distance (no delivery address).
 */
export function flatKm(from: { lat: number; lng: number }, to: { lat: number; lng: number }): number {
  const dx = (to.lng - from.lng) * 111.32 * Math.cos(rad(from.lat));
  const dy = (to.lat - from.lat) * 111.32;
  return Math.hypot(dx, dy);
}
