import { lazy, Suspense, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Modal } from '@caterway/ui';
import { formatDistance, restaurantHref } from '../../../components/catalogue/restaurant-card';
import { useSiteConfig } from '../../../lib/site-config';
import type { Restaurant } from '../../../types/catalogue';
import { MAP_ZOOM, type MapOrigin } from './map-types';
import { markerLabel, SchematicMap } from './schematic-map';

// Leaflet and its CSS: a chunk of their own, fetched only when a panel opens with a tile source
const TileMap = lazy(() => import('./tile-map'));

export interface LocationModalProps {
  /** the restaurants on the map: the list as loaded */
  restaurants: readonly Restaurant[];
  /** the restaurant whose Map button opened it; null: the whole list's map */
  restaurant: Restaurant | null;
  /** The delivery address, when it has coordinates. */
  origin: MapOrigin | null;
  onClose: () => void;
}

/**
 * The map modal of the restaurant list (ordering-payments §2: View Details, View full screen;
 * §9: zoom 15; issue 20 §2, decision 067). With MAP_TILE_URL (site_config) a real map: Leaflet
 * over its tiles, a marker for every listed restaurant with its card on hover or tap, the
 * delivery address marked, a restaurant's own map at zoom 15. Without it (the offline default),
 * or when the tile server does not answer, a schematic of the restaurants around the address.
 */
export function LocationModal({ restaurants, restaurant, origin, onClose }: LocationModalProps) {
  const figure = useRef<HTMLElement>(null);
  const [fullScreen, setFullScreen] = useState(false);
  const [tilesFailed, setTilesFailed] = useState(false);
  const [activeId, setActiveId] = useState<number | null>(restaurant?.id ?? null);
  const config = useSiteConfig();
  const listed =
    restaurant && !restaurants.some((r) => r.id === restaurant.id) ? [restaurant, ...restaurants] : restaurants;
  const active = listed.find((r) => r.id === activeId) ?? null;
  const tileUrl = config.data?.mapTileUrl ?? '';
  const tiles = tileUrl !== '' && !tilesFailed;
  const distance = active ? formatDistance(active.distance, active.distanceUnit) : null;

  const toggleFullScreen = async () => {
    const node = figure.current;
    if (!node) return;
    // The Fullscreen API where the browser allows it, else a fixed full-window panel.
    if (document.fullscreenElement) {
      await document.exitFullscreen().catch(() => undefined);
      setFullScreen(false);
    } else if (node.requestFullscreen && !fullScreen) {
      try {
        await node.requestFullscreen();
        setFullScreen(true);
        node.addEventListener('fullscreenchange', () => setFullScreen(Boolean(document.fullscreenElement)), {
          once: true,
        });
      } catch {
        setFullScreen(true);
      }
    } else {
      setFullScreen((f) => !f);
    }
  };

  return (
    <Modal
      title={restaurant?.name ?? 'Restaurants on the map'}
      size="wider"
      onClose={onClose}
      description={restaurant?.shortAddress || (origin ? `Around ${origin.address}` : undefined)}
    >
      <figure ref={figure} className={fullScreen ? 'location-map location-map-full' : 'location-map'}>
        {config.isPending ? (
          <div className="map-canvas" aria-hidden="true" />
        ) : tiles ? (
          <Suspense fallback={<div className="map-canvas" aria-hidden="true" />}>
            <TileMap
              tileUrl={tileUrl}
              attribution={config.data?.mapTileAttribution ?? ''}
              origin={origin}
              restaurants={listed}
              activeId={activeId}
              onActivate={setActiveId}
              onFail={() => setTilesFailed(true)}
              hrefOf={(r) => restaurantHref(r.slug)}
            />
          </Suspense>
        ) : (
          <SchematicMap origin={origin} restaurants={listed} activeId={activeId} onActivate={setActiveId} />
        )}
        <figcaption className="location-caption">
          <span role="status" data-testid="map-active">
            {active ? markerLabel(active) : 'Point at, tap or Tab to a restaurant to see its name.'}
          </span>
          {origin ? (
            <span>
              <span className="legend-dot" aria-hidden="true" /> Delivery address: {origin.address}
              {restaurant && distance ? `, ${distance} from ${restaurant.name}` : ''}
            </span>
          ) : (
            <span className="muted">Add a delivery address to see how far it is.</span>
          )}
          <span className="muted">
            {tiles
              ? restaurant
                ? `Zoom ${MAP_ZOOM}`
                : 'Every listed restaurant'
              : 'Schematic: distances from the delivery address'}
          </span>
        </figcaption>
        {fullScreen ? (
          <button
            type="button"
            className="btn btn-secondary btn-sm location-exit"
            onClick={() => void toggleFullScreen()}
          >
            Exit full screen
          </button>
        ) : null}
      </figure>
      <div className="location-actions">
        {active ? (
          <Link to={restaurantHref(active.slug)} className="btn btn-primary" onClick={onClose}>
            View Details
          </Link>
        ) : null}
        <button type="button" className="btn btn-secondary" onClick={() => void toggleFullScreen()}>
          View full screen
        </button>
      </div>
    </Modal>
  );
}
