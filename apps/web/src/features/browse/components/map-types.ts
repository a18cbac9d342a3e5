import type { Restaurant } from '../../../types/catalogue';

/** A restaurant's map opens at this zoom (ordering-payments §9). */
export const MAP_ZOOM = 15;

export interface MapPoint {
  lat: number;
  lng: number;
}

/** The delivery address on the map, when it has coordinates. */
export type MapOrigin = MapPoint & { address: string };

export interface TileMapProps {
  /** MAP_TILE_URL: an OpenStreetMap-compatible template with {z}, {x}, {y} */
  tileUrl: string;
  attribution: string;
  origin: MapOrigin | null;
  restaurants: readonly Restaurant[];
  /** the restaurant whose map this is (centred at MAP_ZOOM), else null: everyone in view */
  activeId: number | null;
  onActivate: (id: number) => void;
  /** the tile server did not answer: the panel draws the schematic instead */
  onFail: () => void;
  hrefOf: (restaurant: Restaurant) => string;
}
