import L from 'leaflet';
import leafletCss from 'leaflet/dist/leaflet.css?raw';
import { useEffect, useRef } from 'react';
import type { Restaurant } from '../../../types/catalogue';
import { MAP_ZOOM, type TileMapProps } from './map-types';
import { markerLabel } from './schematic-map';

// The map panel with tiles (decision 067): Leaflet over MAP_TILE_URL's raster tiles, loaded as its
// own chunk only when a map panel opens with a tile source, never in a page's first JavaScript.
// The page's CSP admits no <style> element and the CSS budget no 3.5 KB stylesheet for a panel
// few open, so Leaflet's CSS arrives in this chunk and is adopted as a constructed stylesheet.

const PANEL_CSS = `
.map-pin{background:#1d5c43;border:3px solid #fff;border-radius:50%;box-shadow:0 1px 4px #0006}
.map-pin.off{background:#9a8f80}
.map-pin.on{background:#b83b24}
.map-home{background:#2e86ab;border:3px solid #fff;border-radius:50%;box-shadow:0 1px 4px #0006}
.map-card{display:grid;gap:2px;font:14px/1.35 system-ui,sans-serif}
.map-card a{font-weight:600;color:#1d5c43}`;

let adopted = false;
function adoptCss() {
  if (adopted) return;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(leafletCss + PANEL_CSS);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  adopted = true;
}

/** A marker's card: the restaurant's name (a link to its page), distance and availability; text only, no HTML from data. */
function cardOf(r: Restaurant, href: string): HTMLElement {
  const card = document.createElement('div');
  card.className = 'map-card';
  const link = document.createElement('a');
  link.href = href;
  link.textContent = r.name;
  const line = document.createElement('span');
  line.textContent = markerLabel(r).slice(r.name.length + 2);
  card.append(link, line);
  return card;
}

/** Tiles this many failures in a row, none loaded: the tile server is unreachable, the schematic takes over. */
const FAILURES_BEFORE_FALLBACK = 4;

export default function TileMap({
  tileUrl,
  attribution,
  origin,
  restaurants,
  activeId,
  onActivate,
  onFail,
  hrefOf,
}: TileMapProps) {
  const node = useRef<HTMLDivElement>(null);
  const markers = useRef(new Map<number, L.Marker>());

  useEffect(() => {
    const el = node.current;
    if (!el) return;
    adoptCss();
    const map = L.map(el, { attributionControl: true });
    const tiles = L.tileLayer(tileUrl, { attribution, maxZoom: 19 });
    let loaded = 0;
    let failed = 0;
    tiles.on('tileload', () => {
      loaded++;
    });
    tiles.on('tileerror', () => {
      failed++;
      if (loaded === 0 && failed >= FAILURES_BEFORE_FALLBACK) onFail();
    });
    tiles.addTo(map);
    const points: L.LatLngExpression[] = [];
    if (origin) {
      L.marker([origin.lat, origin.lng], {
        icon: L.divIcon({ className: 'map-home', iconSize: [20, 20] }),
        title: `Delivery address: ${origin.address}`,
        alt: 'Delivery address',
        keyboard: false,
        zIndexOffset: 1000,
      }).addTo(map);
      points.push([origin.lat, origin.lng]);
    }
    for (const r of restaurants) {
      const marker = L.marker([r.latitude, r.longitude], {
        icon: L.divIcon({ className: r.availableForOrdering ? 'map-pin' : 'map-pin off', iconSize: [18, 18] }),
        title: markerLabel(r),
        alt: markerLabel(r),
        keyboard: true,
      })
        .bindPopup(cardOf(r, hrefOf(r)), { closeButton: false, offset: [0, -6] })
        .on('mouseover', () => marker.openPopup())
        .on('popupopen', () => onActivate(r.id))
        .addTo(map);
      markers.current.set(r.id, marker);
      points.push([r.latitude, r.longitude]);
    }
    const selected = restaurants.find((r) => r.id === activeId);
    // a restaurant's map at the spec's zoom (ordering-payments §9); the list's map shows everyone
    if (selected) map.setView([selected.latitude, selected.longitude], MAP_ZOOM);
    else if (points.length) map.fitBounds(L.latLngBounds(points), { padding: [24, 24], maxZoom: MAP_ZOOM });
    else map.setView([43.6487, -79.3817], 12);
    const known = markers.current;
    return () => {
      known.clear();
      map.remove();
    };
    // the map is built once per panel: later changes of the active restaurant only restyle markers
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    for (const [id, marker] of markers.current) {
      const el = marker.getElement();
      el?.classList.toggle('on', id === activeId);
    }
  }, [activeId]);

  return <div ref={node} className="map-canvas tile-map" data-testid="tile-map" />;
}
