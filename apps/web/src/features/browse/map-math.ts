// Placing points on the location modal's drawn map (ordering-payments §9: zoom 15).

/** Web-Mercator ground resolution at a zoom level: metres per pixel of a 256 px tile map. */
export function metresPerPixel(lat: number, zoom: number): number {
  return (156_543.033_92 * Math.cos((lat * Math.PI) / 180)) / 2 ** zoom;
}

/**
 * Offset in map pixels (x right, y down) of a point from the centre, at the given zoom.
 * An equirectangular approximation: exact enough over the few kilometres one view covers.
 */
export function pixelOffset(center: { lat: number; lng: number }, point: { lat: number; lng: number }, zoom: number) {
  const mpp = metresPerPixel(center.lat, zoom);
  const metresPerDegLat = 111_320;
  const metresPerDegLng = 111_320 * Math.cos((center.lat * Math.PI) / 180);
  return {
    x: ((point.lng - center.lng) * metresPerDegLng) / mpp,
    y: -((point.lat - center.lat) * metresPerDegLat) / mpp,
  };
}

/** Scales (x, y) down onto the rectangle |x| <= w, |y| <= h, keeping its direction. */
export function clampToEdge(x: number, y: number, w: number, h: number) {
  const k = Math.min(w / Math.abs(x || 1e-9), h / Math.abs(y || 1e-9));
  return { x: x * k, y: y * k };
}
