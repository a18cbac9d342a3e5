import type { PhotonFeature, PhotonResponse } from '../../src/adapters/geocoding/http-geocoder.js';
import { startFakeJsonServer, type FakeServer } from './fake-http-server.js';

// A local stand-in for Photon (GET /api?q=&limit=), answering GeoJSON as Photon does.
// Queries it knows come from `places`, matched by a case-insensitive substring.

export const photonPlaces: Record<string, PhotonFeature[]> = {
  '100 king st w': [
    feature(-79.3818, 43.6486, {
      osm_key: 'place', osm_value: 'house', type: 'house', housenumber: '100', street: 'King Street West',
      city: 'Toronto', state: 'Ontario', postcode: 'M5X 1A9', country: 'Canada', countrycode: 'CA',
    }),
    feature(-79.38, 43.65, {
      osm_key: 'highway', osm_value: 'primary', type: 'street', name: 'King Street West',
      city: 'Toronto', state: 'Ontario', country: 'Canada', countrycode: 'CA',
    }),
    feature(-0.1, 51.5, {
      osm_key: 'place', osm_value: 'house', type: 'house', housenumber: '100', street: 'King Street',
      city: 'London', postcode: 'SW1', country: 'United Kingdom', countrycode: 'GB',
    }),
  ],
  '350 5th ave': [
    feature(-73.9857, 40.7484, {
      osm_key: 'building', osm_value: 'yes', type: 'house', housenumber: '350', street: '5th Avenue',
      city: 'New York', state: 'New York', postcode: '10118', country: 'United States', countrycode: 'US',
    }),
  ],
  // A street address the service only knows as a city: the best result is not street level.
  '1 nowhere rd': [
    feature(-79.38, 43.65, {
      osm_key: 'place', osm_value: 'city', type: 'city', name: 'Toronto', state: 'Ontario', country: 'Canada', countrycode: 'CA',
    }),
  ],
};

function feature(lon: number, lat: number, properties: PhotonFeature['properties']): PhotonFeature {
  return { type: 'Feature', geometry: { type: 'Point', coordinates: [lon, lat] }, properties };
}

export async function startPhotonFake(places: Record<string, PhotonFeature[]> = photonPlaces): Promise<FakeServer> {
  return startFakeJsonServer((url) => {
    if (url.pathname !== '/api') return { status: 404, body: { message: 'not found' } };
    const q = (url.searchParams.get('q') ?? '').toLowerCase();
    const limit = Number(url.searchParams.get('limit') ?? '10');
    const key = Object.keys(places).find((k) => q.includes(k));
    const body: PhotonResponse = { type: 'FeatureCollection', features: (key ? places[key]! : []).slice(0, limit) };
    return { status: 200, body };
  });
}
