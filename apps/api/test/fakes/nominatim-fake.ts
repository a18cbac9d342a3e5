import type { NominatimPlace } from '../../src/adapters/geocoding/http-geocoder.js';
import { startFakeJsonServer, type FakeServer } from './fake-http-server.js';

// A local stand-in for Nominatim (GET /search?q=&format=jsonv2&addressdetails=1&countrycodes=&limit=).
// Like the real service it honours countrycodes; queries match `places` by substring.

export const nominatimPlaces: Record<string, NominatimPlace[]> = {
  '1250 rené-lévesque': [
    {
      lat: '45.4986', lon: '-73.5695', category: 'building', type: 'office', addresstype: 'building',
      display_name: '1250, Boulevard René-Lévesque Ouest, Montréal, Québec, H3B 4W8, Canada',
      address: {
        house_number: '1250', road: 'Boulevard René-Lévesque Ouest', city: 'Montréal', state: 'Québec',
        'ISO3166-2-lvl4': 'CA-QC', postcode: 'H3B4W8', country: 'Canada', country_code: 'ca',
      },
    },
  ],
  '233 s wacker': [
    {
      lat: '41.8789', lon: '-87.6359', category: 'building', type: 'yes', addresstype: 'building',
      address: { house_number: '233', road: 'South Wacker Drive', city: 'Chicago', state: 'Illinois', postcode: '60606', country_code: 'us' },
    },
    {
      lat: '41.88', lon: '-87.63', category: 'highway', type: 'primary', addresstype: 'road',
      address: { road: 'South Wacker Drive', city: 'Chicago', state: 'Illinois', country_code: 'us' },
    },
  ],
  '10 main st springfield': [
    {
      lat: '39.8', lon: '-89.65', category: 'boundary', type: 'administrative', addresstype: 'city',
      address: { city: 'Springfield', state: 'Illinois', country_code: 'us' },
    },
  ],
};

export async function startNominatimFake(places: Record<string, NominatimPlace[]> = nominatimPlaces): Promise<FakeServer> {
  return startFakeJsonServer((url) => {
    if (url.pathname !== '/search') return { status: 404, body: { error: 'not found' } };
    if (url.searchParams.get('format') !== 'jsonv2') return { status: 400, body: { error: 'format' } };
    const q = (url.searchParams.get('q') ?? '').toLowerCase();
    const countries = (url.searchParams.get('countrycodes') ?? '').split(',').filter(Boolean);
    const limit = Number(url.searchParams.get('limit') ?? '10');
    const key = Object.keys(places).find((k) => q.includes(k));
    const found = (key ? places[key]! : []).filter((p) => countries.length === 0 || countries.includes(p.address?.country_code ?? ''));
    return { status: 200, body: found.slice(0, limit) };
  });
}
