import type { NominatimPlace } from '../../src/adapters/geocoding/http-geocoder.js';
import { answerNear, startFakeJsonServer, type FakeServer, type ReversePoint } from './fake-http-server.js';

// A local stand-in for Nominatim (GET /search?q=&format=jsonv2&addressdetails=1&countrycodes=&limit=,
// GET /reverse?format=jsonv2&lat=&lon=&addressdetails=1). Like the real service it honours
// countrycodes; queries match `places` by substring, points `reversePlaces` within about a
// kilometre; elsewhere /reverse answers { error: 'Unable to geocode' }, as Nominatim does at sea.

export const nominatimPlaces: Record<string, NominatimPlace[]> = {
  '1250 rené-lévesque': [
    {
      lat: '45.4986',
      lon: '-73.5695',
      category: 'building',
      type: 'office',
      addresstype: 'building',
      display_name: '1250, Boulevard René-Lévesque Ouest, Montréal, Québec, H3B 4W8, Canada',
      address: {
        house_number: '1250',
        road: 'Boulevard René-Lévesque Ouest',
        city: 'Montréal',
        state: 'Québec',
        'ISO3166-2-lvl4': 'CA-QC',
        postcode: 'H3B4W8',
        country: 'Canada',
        country_code: 'ca',
      },
    },
  ],
  '233 s wacker': [
    {
      lat: '41.8789',
      lon: '-87.6359',
      category: 'building',
      type: 'yes',
      addresstype: 'building',
      address: {
        house_number: '233',
        road: 'South Wacker Drive',
        city: 'Chicago',
        state: 'Illinois',
        postcode: '60606',
        country_code: 'us',
      },
    },
    {
      lat: '41.88',
      lon: '-87.63',
      category: 'highway',
      type: 'primary',
      addresstype: 'road',
      address: { road: 'South Wacker Drive', city: 'Chicago', state: 'Illinois', country_code: 'us' },
    },
  ],
  '10 main st springfield': [
    {
      lat: '39.8',
      lon: '-89.65',
      category: 'boundary',
      type: 'administrative',
      addresstype: 'city',
      address: { city: 'Springfield', state: 'Illinois', country_code: 'us' },
    },
  ],
};

export const nominatimReversePlaces: ReversePoint<NominatimPlace>[] = [
  {
    latitude: 45.4765,
    longitude: -75.7013,
    answer: {
      lat: '45.4766',
      lon: '-75.7012',
      category: 'building',
      type: 'yes',
      addresstype: 'building',
      address: {
        house_number: '25',
        road: 'Rue Laurier',
        city: 'Gatineau',
        state: 'Québec',
        'ISO3166-2-lvl4': 'CA-QC',
        postcode: 'J8X 4C8',
        country: 'Canada',
        country_code: 'ca',
      },
    },
  },
  {
    latitude: 47.6062,
    longitude: -122.3321,
    answer: {
      lat: '47.6061',
      lon: '-122.3322',
      category: 'highway',
      type: 'primary',
      addresstype: 'road',
      address: {
        road: '4th Avenue',
        city: 'Seattle',
        state: 'Washington',
        'ISO3166-2-lvl4': 'US-WA',
        postcode: '98104',
        country: 'United States',
        country_code: 'us',
      },
    },
  },
  // Nominatim names New York City's boundary "City of New York"
  {
    latitude: 40.758,
    longitude: -73.8303,
    answer: {
      lat: '40.7581',
      lon: '-73.8302',
      category: 'building',
      type: 'yes',
      addresstype: 'building',
      address: {
        house_number: '136-20',
        road: 'Roosevelt Avenue',
        suburb: 'Flushing',
        city: 'City of New York',
        state: 'New York',
        'ISO3166-2-lvl4': 'US-NY',
        postcode: '11354',
        country: 'United States',
        country_code: 'us',
      },
    },
  },
  // a town, and a state by name only
  {
    latitude: 45.4551,
    longitude: -74.1462,
    answer: {
      lat: '45.4551',
      lon: '-74.1462',
      category: 'highway',
      type: 'residential',
      addresstype: 'road',
      address: { road: 'Rue Main', town: 'Hudson', state: 'Quebec', country: 'Canada', country_code: 'ca' },
    },
  },
  {
    latitude: 32.5149,
    longitude: -117.0382,
    answer: {
      lat: '32.5149',
      lon: '-117.0382',
      category: 'highway',
      type: 'primary',
      addresstype: 'road',
      address: {
        road: 'Avenida Revolución',
        city: 'Tijuana',
        state: 'Baja California',
        'ISO3166-2-lvl4': 'MX-BCN',
        country: 'México',
        country_code: 'mx',
      },
    },
  },
];

export async function startNominatimFake(
  places: Record<string, NominatimPlace[]> = nominatimPlaces,
  reversePlaces: ReversePoint<NominatimPlace>[] = nominatimReversePlaces,
): Promise<FakeServer> {
  return startFakeJsonServer((url) => {
    if (url.pathname === '/reverse') {
      if (url.searchParams.get('format') !== 'jsonv2') return { status: 400, body: { error: 'format' } };
      return { status: 200, body: answerNear(reversePlaces, url) ?? { error: 'Unable to geocode' } };
    }
    if (url.pathname !== '/search') return { status: 404, body: { error: 'not found' } };
    if (url.searchParams.get('format') !== 'jsonv2') return { status: 400, body: { error: 'format' } };
    const q = (url.searchParams.get('q') ?? '').toLowerCase();
    const countries = (url.searchParams.get('countrycodes') ?? '').split(',').filter(Boolean);
    const limit = Number(url.searchParams.get('limit') ?? '10');
    const key = Object.keys(places).find((k) => q.includes(k));
    const found = (key ? places[key]! : []).filter(
      (p) => countries.length === 0 || countries.includes(p.address?.country_code ?? ''),
    );
    return { status: 200, body: found.slice(0, limit) };
  });
}
