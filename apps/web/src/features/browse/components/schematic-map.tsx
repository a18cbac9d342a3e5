import { formatDistance, unavailableLabel } from '../../../components/catalogue/restaurant-card';
import type { Restaurant } from '../../../types/catalogue';
import { bearingDeg, flatKm, schematicPoint, schematicRings } from '../map-math';
import type { MapOrigin, MapPoint } from './map-types';

const W = 640;
const H = 400;
const RADIUS = 170;

export interface SchematicMapProps {
  /** the delivery address (the centre); null: the first restaurant is */
  origin: MapOrigin | null;
  restaurants: readonly Restaurant[];
  activeId: number | null;
  onActivate: (id: number) => void;
}

/** How a restaurant reads on the map: its name, distance and whether it takes the chosen time. */
export function markerLabel(r: Restaurant): string {
  const distance = formatDistance(r.distance, r.distanceUnit);
  return [r.name, distance, r.availableForOrdering ? 'Available' : unavailableLabel(r)].filter(Boolean).join(', ');
}

/**
 * The map panel without a tile server (the offline default, decision 067): the delivery address
 * at the centre, each restaurant along its bearing at its distance, rings at round distances
 * with their labels. A restaurant's name shows on hover, focus or tap; every marker is a button
 * reached with Tab. Coordinates are never shown.
 */
export function SchematicMap({ origin, restaurants, activeId, onActivate }: SchematicMapProps) {
  const first = restaurants[0];
  const centre: MapPoint | null = origin ?? (first ? { lat: first.latitude, lng: first.longitude } : null);
  if (!centre) return null;
  const placed = restaurants.map((r) => {
    const to = { lat: r.latitude, lng: r.longitude };
    // the server's distance from the delivery address (the card's), else a flat estimate
    const km =
      origin && r.distance !== null
        ? r.distanceUnit === 'mi'
          ? r.distance * 1.609344
          : r.distance
        : flatKm(centre, to);
    return { r, km, bearing: bearingDeg(centre, to) };
  });
  const rings = schematicRings(Math.max(0, ...placed.map((p) => p.km)));
  const outer = rings.at(-1)!;
  const unit = first?.distanceUnit === 'mi' ? 'mi' : 'km';
  const ringLabel = (km: number) => (unit === 'mi' ? `${Number((km / 1.609344).toFixed(1))} mi` : `${km} km`);
  const cx = W / 2;
  const cy = H / 2;
  const active = placed.find((p) => p.r.id === activeId) ?? null;
  const activeAt = active ? schematicPoint(active.bearing, active.km, outer, RADIUS) : null;

  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      className="map-canvas schematic-map"
      role="group"
      aria-label={`Schematic map: ${restaurants.length} restaurants around ${origin ? 'the delivery address' : restaurants[0]?.name}, rings every ${ringLabel(rings[0]!)}`}
      data-testid="schematic-map"
    >
      <rect width={W} height={H} fill="#f3efe7" />
      {rings.map((km, i) => {
        const r = (RADIUS * (i + 1)) / rings.length;
        return (
          <g key={km} aria-hidden="true">
            <circle cx={cx} cy={cy} r={r} fill="none" stroke="#c9bfae" strokeDasharray="4 5" />
            <text x={cx + 4} y={cy - r - 4} fontSize="12" fill="#5b6360">
              {ringLabel(km)}
            </text>
          </g>
        );
      })}
      <g aria-hidden="true" fontSize="11" fill="#5b6360">
        <text x={cx - 4} y={16}>
          N
        </text>
      </g>
      {origin ? (
        <g transform={`translate(${cx} ${cy})`} data-testid="schematic-address">
          <title>Delivery address: {origin.address}</title>
          <circle r="11" fill="#2e86ab" stroke="#fff" strokeWidth="3" />
          <path d="M-5 1 L0 -4 L5 1 V5 H-5 Z" fill="#fff" />
        </g>
      ) : null}
      {placed.map(({ r, km, bearing }) => {
        const p = schematicPoint(bearing, km, outer, RADIUS);
        const on = r.id === activeId;
        return (
          <g
            key={r.id}
            transform={`translate(${cx + p.x} ${cy + p.y})`}
            className="schematic-pin"
            role="button"
            tabIndex={0}
            aria-label={markerLabel(r)}
            aria-pressed={on}
            data-testid="schematic-restaurant"
            onMouseEnter={() => onActivate(r.id)}
            onFocus={() => onActivate(r.id)}
            onClick={() => onActivate(r.id)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' || e.key === ' ') {
                e.preventDefault();
                onActivate(r.id);
              }
            }}
          >
            <circle r="14" fill="transparent" />
            <circle
              r={on ? 9 : 7}
              fill={r.availableForOrdering ? '#1d5c43' : '#9a8f80'}
              stroke={on ? '#b83b24' : '#fff'}
              strokeWidth="3"
            />
          </g>
        );
      })}
      {active && activeAt ? (
        <g transform={`translate(${cx + activeAt.x} ${cy + activeAt.y - 16})`} aria-hidden="true">
          <text
            textAnchor="middle"
            fontSize="13"
            fontWeight="600"
            fill="#1c2321"
            stroke="#fff"
            strokeWidth="4"
            paintOrder="stroke"
          >
            {active.r.name}
          </text>
        </g>
      ) : null}
    </svg>
  );
}
