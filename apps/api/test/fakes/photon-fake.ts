import type { PhotonFeature, PhotonResponse } from '../../src/adapters/geocoding/http-geocoder.js';
import { answerNear, startFakeJsonServer, type FakeServer, type ReversePoint } from './fake-http-server.js';

// A local stand-in for Photon (GET /api?q=&limit=, GET /reverse?lat=&lon=), answering GeoJSON
// as Photon does. Queries it knows come from `places`, matched by a case-insensitive substring;
// points from `reversePlaces`, matched within about a kilometre (elsewhere: no features).

export const photonPlaces: Record<string, PhotonFeature[]> = {
  '100 king st w': [
    feature(-79.3818, 43.6486, {
      osm_key: 'place',
      osm_value: 'house',
      type: 'house',
      housenumber: '100',
      street: 'King Street West',
      city: 'Toronto',
      state: 'Ontario',
      postcode: 'M5X 1A9',
      country: 'Canada',
      countrycode: 'CA',
    }),
    feature(-79.38, 43.65, {
      osm_key: 'highway',
      osm_value: 'primary',
      type: 'street',
      name: 'King Street West',
      city: 'Toronto',
      state: 'Ontario',
      country: 'Canada',
      countrycode: 'CA',
    }),
    feature(-0.1, 51.5, {
      osm_key: 'place',
      osm_value: 'house',
      type: 'house',
      housenumber: '100',
      street: 'King Street',
      city: 'London',
      postcode: 'SW1',
      country: 'United Kingdom',
      countrycode: 'GB',
    }),
  ],
  '350 5th ave': [
    feature(-73.9857, 40.7484, {
      osm_key: 'building',
      osm_value: 'yes',
      type: 'house',
      housenumber: '350',
      street: '5th Avenue',
      city: 'New York',
      state: 'New York',
      postcode: '10118',
      country: 'United States',
      countrycode: 'US',
    }),
  ],
  // A street address the service only knows as a city: the best result is not street level.
  '1 nowhere rd': [
    feature(-79.38, 43.65, {
      osm_key: 'place',
      osm_value: 'city',
      type: 'city',
      name: 'Toronto',
      state: 'Ontario',
      country: 'Canada',
      countrycode: 'CA',
    }),
  ],
};

export const photonReversePlaces: ReversePoint<PhotonFeature[]>[] = [
  // Gatineau, across the Ottawa River from Parliament Hill
  {
    latitude: 45.4765,
    longitude: -75.7013,
    answer: [
      feature(-75.7012, 45.4766, {
        osm_key: 'building',
        osm_value: 'yes',
        type: 'house',
        housenumber: '25',
        street: 'Rue Laurier',
        city: 'Gatineau',
        state: 'Québec',
        postcode: 'J8X 4C8',
        country: 'Canada',
        countrycode: 'CA',
      }),
    ],
  },
  {
    latitude: 45.4215,
    longitude: -75.6972,
    answer: [
      feature(-75.6973, 45.4214, {
        osm_key: 'highway',
        osm_value: 'primary',
        type: 'street',
        name: 'Wellington Street',
        city: 'Ottawa',
        state: 'Ontario',
        country: 'Canada',
        countrycode: 'CA',
      }),
    ],
  },
  // Flushing, Queens: the borough is the district, the city New York
  {
    latitude: 40.758,
    longitude: -73.8303,
    answer: [
      feature(-73.8302, 40.7581, {
        osm_key: 'building',
        osm_value: 'yes',
        type: 'house',
        housenumber: '136-20',
        street: 'Roosevelt Avenue',
        district: 'Queens',
        city: 'New York',
        state: 'New York',
        postcode: '11354',
        country: 'United States',
        countrycode: 'US',
      }),
    ],
  },
  // countryside: the nearest feature is the village itself
  {
    latitude: 45.38,
    longitude: -74.3,
    answer: [
      feature(-74.3, 45.38, {
        osm_key: 'place',
        osm_value: 'village',
        type: 'city',
        name: 'Rigaud',
        state: 'Quebec',
        country: 'Canada',
        countrycode: 'CA',
      }),
    ],
  },
  // Tijuana, Mexico
  {
    latitude: 32.5149,
    longitude: -117.0382,
    answer: [
      feature(-117.0382, 32.5149, {
        osm_key: 'place',
        osm_value: 'city',
        type: 'city',
        name: 'Tijuana',
        state: 'Baja California',
        country: 'México',
        countrycode: 'MX',
      }),
    ],
  },
];

function feature(lon: number, lat: number, properties: PhotonFeature['properties']): PhotonFeature {
  return { type: 'Feature', geometry: { type: 'Point', coordinates: [lon, lat] }, properties };
}

export async function startPhotonFake(
  places: Record<string, PhotonFeature[]> = photonPlaces,
  reversePlaces: ReversePoint<PhotonFeature[]>[] = photonReversePlaces,
): Promise<FakeServer> {
  return startFakeJsonServer((url) => {
    if (url.pathname === '/reverse') {
      if (!url.searchParams.has('lat') || !url.searchParams.has('lon'))
        return { status: 400, body: { message: 'missing lat/lon' } };
      const body: PhotonResponse = { type: 'FeatureCollection', features: answerNear(reversePlaces, url) ?? [] };
      return { status: 200, body };
    }
    if (url.pathname !== '/api') return { status: 404, body: { message: 'not found' } };
    const q = (url.searchParams.get('q') ?? '').toLowerCase();
    const limit = Number(url.searchParams.get('limit') ?? '10');
    const key = Object.keys(places).find((k) => q.includes(k));
    const body: PhotonResponse = { type: 'FeatureCollection', features: (key ? places[key]! : []).slice(0, limit) };
    return { status: 200, body };
  });
}
