import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { Modal } from '@caterway/ui';
import { formatDistance, restaurantHref } from '../../../components/catalogue/restaurant-card';
import type { Restaurant } from '../../../types/catalogue';
import { clampToEdge, metresPerPixel, pixelOffset } from '../map-math';

/** The location modal's map zoom (ordering-payments §9). */
export const MAP_ZOOM = 15;

const VIEW_W = 640;
const VIEW_H = 400;

export interface LocationModalProps {
  restaurant: Restaurant;
  /** The delivery address, when it has coordinates. */
  origin: { lat: number; lng: number; address: string } | null;
  onClose: () => void;
}

/**
 * The map modal of the restaurant list (ordering-payments §2: View Details, View full screen;
 * §9: zoom 15). There is no tile server offline, so the map is drawn here: the restaurant's pin
 * at the centre of a zoom-15 view, the delivery address placed at its true offset (or an
 * arrow at the edge when it is outside the view), a scale bar, and the coordinates.
 * A tile layer (Leaflet/MapLibre with a configurable tile URL, ARCHITECTURE.md 'maps') slots in
 * behind the same panel later; see docs/decisions/006-map-panel-without-tiles.md.
 */
export function LocationModal({ restaurant, origin, onClose }: LocationModalProps) {
  const figure = useRef<HTMLElement>(null);
  const [fullScreen, setFullScreen] = useState(false);
  const center = { lat: restaurant.latitude, lng: restaurant.longitude };
  const cx = VIEW_W / 2;
  const cy = VIEW_H / 2;
  const offset = origin ? pixelOffset(center, origin, MAP_ZOOM) : null;
  const inside = offset ? Math.abs(offset.x) < cx - 24 && Math.abs(offset.y) < cy - 24 : false;
  // Where the edge arrow sits when the delivery address is off the map.
  const edge = offset && !inside ? clampToEdge(offset.x, offset.y, cx - 28, cy - 28) : null;
  const scaleMetres = 200;
  const scalePx = scaleMetres / metresPerPixel(center.lat, MAP_ZOOM);
  const distance = formatDistance(restaurant.distance, restaurant.distanceUnit);

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
    <Modal title={restaurant.name} size="wider" onClose={onClose} description={restaurant.shortAddress || undefined}>
      <figure ref={figure} className={fullScreen ? 'location-map location-map-full' : 'location-map'}>
        <svg
          viewBox={`0 0 ${VIEW_W} ${VIEW_H}`}
          role="img"
          aria-labelledby="location-map-caption"
          preserveAspectRatio="xMidYMid slice"
        >
          <defs>
            <pattern id="blocks" width="80" height="64" patternUnits="userSpaceOnUse">
              <rect width="80" height="64" fill="#efe9df" />
              <rect x="6" y="6" width="68" height="52" rx="4" fill="#f8f4ec" />
            </pattern>
          </defs>
          <rect width={VIEW_W} height={VIEW_H} fill="url(#blocks)" />
          <path
            d={`M0 ${cy + 52} C ${VIEW_W * 0.3} ${cy + 20}, ${VIEW_W * 0.6} ${cy + 110}, ${VIEW_W} ${cy + 70}`}
            stroke="#cfe3f1"
            strokeWidth="18"
            fill="none"
          />
          <line x1={cx} y1="0" x2={cx} y2={VIEW_H} stroke="#fff" strokeWidth="10" />
          <line x1="0" y1={cy} x2={VIEW_W} y2={cy} stroke="#fff" strokeWidth="10" />
          {offset && inside ? (
            <>
              <line
                x1={cx}
                y1={cy}
                x2={cx + offset.x}
                y2={cy + offset.y}
                stroke="#1d5c43"
                strokeWidth="3"
                strokeDasharray="6 6"
              />
              <circle cx={cx + offset.x} cy={cy + offset.y} r="10" fill="#2e86ab" stroke="#fff" strokeWidth="3" />
            </>
          ) : null}
          {edge ? (
            <g
              transform={`translate(${cx + edge.x} ${cy + edge.y}) rotate(${(Math.atan2(offset!.y, offset!.x) * 180) / Math.PI})`}
            >
              <path d="M-14 -10 L10 0 L-14 10 Z" fill="#2e86ab" stroke="#fff" strokeWidth="2" />
            </g>
          ) : null}
          <g transform={`translate(${cx} ${cy})`}>
            <path
              d="M0 0 C -6 -14 -18 -20 -18 -34 A 18 18 0 1 1 18 -34 C 18 -20 6 -14 0 0 Z"
              fill="#b83b24"
              stroke="#fff"
              strokeWidth="3"
            />
            <circle cx="0" cy="-34" r="6.5" fill="#fff" />
          </g>
          <g transform={`translate(16 ${VIEW_H - 20})`}>
            <rect x="-6" y="-22" width={scalePx + 60} height="30" rx="6" fill="#ffffffd9" />
            <line x1="0" y1="0" x2={scalePx} y2="0" stroke="#1c2321" strokeWidth="3" />
            <line x1="0" y1="-5" x2="0" y2="3" stroke="#1c2321" strokeWidth="2" />
            <line x1={scalePx} y1="-5" x2={scalePx} y2="3" stroke="#1c2321" strokeWidth="2" />
            <text x={scalePx + 8} y="4" fontSize="13" fill="#1c2321">
              {scaleMetres} m
            </text>
          </g>
        </svg>
        <figcaption id="location-map-caption" className="location-caption">
          <span>
            <span className="legend-pin" aria-hidden="true" /> {restaurant.name}: {restaurant.latitude.toFixed(5)},{' '}
            {restaurant.longitude.toFixed(5)}
          </span>
          {origin ? (
            <span>
              <span className="legend-dot" aria-hidden="true" /> Delivery address
              {inside ? '' : ' (off this view, arrow points to it)'}: {origin.address}
              {distance ? `, ${distance} away` : ''}
            </span>
          ) : (
            <span className="muted">Add a delivery address to see how far it is.</span>
          )}
          <span className="muted">Zoom {MAP_ZOOM}</span>
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
        <Link to={restaurantHref(restaurant.slug)} className="btn btn-primary" onClick={onClose}>
          View Details
        </Link>
        <button type="button" className="btn btn-secondary" onClick={() => void toggleFullScreen()}>
          View full screen
        </button>
      </div>
    </Modal>
  );
}
