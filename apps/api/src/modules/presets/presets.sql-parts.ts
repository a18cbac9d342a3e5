// SQL parts on presets.location that other modules' repositories put in their statements (the
// search module's reads); presets.repository.ts uses them too (layer 5 of .dependency-cruiser.cjs).

/**
 * SQL for "within radius of a point" on presets.location (a stored ll_to_earth cube): the
 * earth_box test uses the GiST index, the chord test (<->, metres) trims the box's corners.
 * lat, lng and metres are placeholders such as $1.
 */
export function nearSql(lat: string, lng: string, metres: string, alias = 'p'): string {
  return `${alias}.location <@ earth_box(ll_to_earth(${lat}, ${lng}), ${metres})
      AND ${alias}.location <-> ll_to_earth(${lat}, ${lng})::cube <= 2 * earth() * sin(${metres}::float8 / (2 * earth()))`;
}

/** ORDER BY expression: nearest first (KNN on the GiST index). */
export function distanceOrderSql(lat: string, lng: string, alias = 'p'): string {
  return `${alias}.location <-> ll_to_earth(${lat}, ${lng})::cube`;
}
