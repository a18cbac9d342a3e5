import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PresetSort } from '@caterway/contracts';
import { createDemoTestApp, type TestContext } from '../../../test/helpers.js';
import { fixedClock } from '../../lib/clock.js';
import { createCardCache } from '../presets/card-cache.js';
import { createPresetsRepository } from '../presets/presets.repository.js';
import { createCateringIndex } from './catering-index.js';
import { createDishIndex } from './dish-index.js';
import { createQuickSearchIndex } from './quick-search-index.js';
import { createSearchVocabulary } from './search-vocabulary.js';
import { createSearchRepository, type ListingFilter } from './search.repository.js';
import { createSearchService, PRESET_COUNT_CAP, type SearchQueryInput } from './search.service.js';

// The preset search answers from the catering index in memory (docs/decisions/023) and counts
// up to a cap (docs/decisions/007-search-speed.md); the restaurant search from SQL. These tests
// hold both to the plain radius queries' answers and the cap to the exact count, on the demo
// catalogue.

const NOW = new Date('2026-11-22T15:00:00Z');
const TORONTO = { latitude: 43.6487, longitude: -79.3817 };

/** The unoptimised reference: every catering preset within the radius, sorted in full (no index tricks). */
const referenceOrder: Record<PresetSort, string> = {
  popular: 'order_count DESC, id',
  price_desc: 'price_per_person_cents DESC, id DESC',
  price_asc: 'price_per_person_cents, id',
  headcount_desc: 'number_of_guests DESC, id DESC',
  headcount_asc: 'number_of_guests, id',
};
const sorts = Object.keys(referenceOrder) as PresetSort[];

/** The service's catering index over a search repository (as search.routes.ts builds it). */
function cateringIndexOf(repo: ReturnType<typeof createSearchRepository>) {
  return createCateringIndex({ load: () => repo.cateringIndexRows(), wordMatches: (q) => repo.cateringWordMatches(q) });
}

describe('preset search: sort walk and capped count', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createDemoTestApp(NOW);
  });
  afterAll(async () => {
    await ctx.close();
  });

  async function reference(
    filter: ListingFilter,
    sort: PresetSort,
    limit: number,
    offset: number,
  ): Promise<{ ids: number[]; total: number }> {
    const { rows } = await ctx.db.query<{ id: number }>(
      `SELECT id FROM presets
        WHERE preset_type = 'catering' AND is_active
          AND earth_distance(location::earth, ll_to_earth($1, $2)) <= $3
          AND ($4::text[] = '{}' OR cuisine_types && $4::text[])
          AND ($5::text IS NULL OR search_document @@ to_tsquery('english', $5))
        ORDER BY ${referenceOrder[sort]}`,
      [TORONTO.latitude, TORONTO.longitude, filter.radiusKm * 1000, filter.cuisines, filter.tsquery],
    );
    return { ids: rows.slice(offset, offset + limit).map((r) => r.id), total: rows.length };
  }

  const filters: [string, Omit<ListingFilter, 'presetType' | 'near' | 'radiusKm'>][] = [
    ['no filter', { cuisines: [], tsquery: null }],
    ['a cuisine', { cuisines: ['Italian', 'Indian', 'Vegan'], tsquery: null }],
    ['words', { cuisines: [], tsquery: '(lunch | salad)' }],
  ];

  it('the index answers the page and count of the radius query, for each sort, filter and page', async () => {
    const index = cateringIndexOf(createSearchRepository(ctx.db));
    for (const [label, f] of filters) {
      const filter: ListingFilter = { presetType: 'catering', near: TORONTO, radiusKm: 50, ...f };
      for (const sort of sorts) {
        for (const offset of [0, 12, 24]) {
          const expected = await reference(filter, sort, 12, offset);
          expect(expected.total, `${label}: the demo catalogue has matches near Toronto`).toBeGreaterThan(0);
          const page = await index.page(filter, { sort, limit: 12, offset, countCap: PRESET_COUNT_CAP });
          expect(page, `${label} ${sort} offset ${offset}`).toEqual({
            ids: expected.ids,
            total: expected.total,
            capped: false,
          });
        }
      }
    }
  });

  it('listings with words: the index answers the reference pages, near an address and anywhere', async () => {
    const repo = createSearchRepository(ctx.db);
    const index = cateringIndexOf(repo);
    const { rows: terms } = await ctx.db.query<{ word: string }>(
      `SELECT word FROM search_terms WHERE word IN ('salad', 'lunch', 'pizza', 'curry', 'italian', 'sushi', 'vegan') ORDER BY word`,
    );
    expect(terms.length).toBeGreaterThan(2);
    const cases: [string, string[], string][] = [
      ...terms.map((t): [string, string[], string] => [t.word, [], t.word]),
      ['two words', [], `(${terms[0]!.word}) & (${terms[1]!.word} | ${terms[2]!.word})`],
      ['words and a cuisine', ['Italian', 'Indian'], `(${terms.map((t) => t.word).join(' | ')})`],
    ];
    for (const [label, cuisines, tsquery] of cases) {
      // the words' matches are read through the full-text index (no sequential scan)
      expect(await repo.cateringWordMatches(tsquery), label).toEqual(expect.any(Array));
      for (const near of [TORONTO, null]) {
        const filter: ListingFilter = { presetType: 'catering', near, radiusKm: 50, cuisines, tsquery };
        for (const sort of ['popular', 'price_desc', 'headcount_asc'] as PresetSort[]) {
          const { rows } = await ctx.db.query<{ id: number }>(
            `SELECT id FROM presets
              WHERE preset_type = 'catering' AND is_active
                AND ($1::float8 IS NULL OR earth_distance(location::earth, ll_to_earth($1, $2)) <= 50000)
                AND ($3::text[] = '{}' OR cuisine_types && $3::text[])
                AND search_document @@ to_tsquery('english', $4)
              ORDER BY ${referenceOrder[sort]}`,
            [near?.latitude ?? null, near?.longitude ?? null, cuisines, tsquery],
          );
          for (const offset of [0, 12]) {
            const expected = rows.slice(offset, offset + 12).map((r) => r.id);
            const page = await index.page(filter, { sort, limit: 12, offset, countCap: PRESET_COUNT_CAP });
            expect(page, `${label} ${near ? 'near' : 'anywhere'} ${sort} offset ${offset}`).toEqual({
              ids: expected,
              total: rows.length,
              capped: false,
            });
          }
        }
      }
      // restaurants near the point, nearest first, counted exactly (SQL)
      const { rows: restaurants } = await ctx.db.query<{ id: number }>(
        `SELECT id FROM presets
          WHERE preset_type = 'restaurant' AND is_active AND earth_distance(location::earth, ll_to_earth($1, $2)) <= 50000
            AND search_document @@ to_tsquery('english', $3)
          ORDER BY earth_distance(location::earth, ll_to_earth($1, $2)), id`,
        [TORONTO.latitude, TORONTO.longitude, tsquery],
      );
      for (const r of [repo, createSearchRepository(ctx.db, { wordMatchSet: 0 })]) {
        const page = await r.listingPage(
          { presetType: 'restaurant', near: TORONTO, radiusKm: 50, cuisines: [], tsquery },
          { sort: 'popular', limit: 12, offset: 0 },
        );
        expect(page.total, label).toBe(restaurants.length);
        expect(new Set(page.ids), label).toEqual(new Set(restaurants.slice(0, 12).map((r) => r.id)));
      }
    }
  });

  it('restaurants near a point: the page and the exact count of one statement are the reference ones', async () => {
    const repo = createSearchRepository(ctx.db);
    for (const cuisines of [[], ['Italian', 'Japanese'], ['Indian']]) {
      const { rows } = await ctx.db.query<{ id: number }>(
        `SELECT id FROM presets
          WHERE preset_type = 'restaurant' AND is_active
            AND earth_distance(location::earth, ll_to_earth($1, $2)) <= 50000
            AND ($3::text[] = '{}' OR cuisine_types && $3::text[])
          ORDER BY earth_distance(location::earth, ll_to_earth($1, $2)), id`,
        [TORONTO.latitude, TORONTO.longitude, cuisines],
      );
      expect(rows.length, `${cuisines.join(',')}: the demo catalogue has restaurants near Toronto`).toBeGreaterThan(0);
      for (const offset of [0, 12, 24]) {
        const filter: ListingFilter = {
          presetType: 'restaurant',
          near: TORONTO,
          radiusKm: 50,
          cuisines,
          tsquery: null,
        };
        const page = await repo.listingPage(filter, { sort: 'popular', limit: 12, offset });
        expect(page, `${cuisines.join(',')} offset ${offset}`).toEqual({
          ids: rows.slice(offset, offset + 12).map((r) => r.id),
          total: rows.length,
        });
      }
    }
  });

  it('leaves out presets outside the radius and keeps the sort across pages', async () => {
    const repo = createSearchRepository(ctx.db);
    const filter: ListingFilter = { presetType: 'catering', near: TORONTO, radiusKm: 50, cuisines: [], tsquery: null };
    const { rows } = await ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM presets WHERE preset_type = 'catering' AND is_active`,
    );
    const expected = await reference(filter, 'price_asc', 1000, 0);
    // some catering presets are elsewhere, so the walk had rows to skip
    expect(expected.total).toBeLessThan(rows[0]!.n);
    const index = cateringIndexOf(repo);
    const pages = [];
    for (let offset = 0; offset < expected.total; offset += 12) {
      pages.push(...(await index.page(filter, { sort: 'price_asc', limit: 12, offset })).ids);
    }
    expect(pages).toEqual(expected.ids);
  });

  it('counts up to the cap and says so; total_page follows the capped count', async () => {
    const presetsRepository = createPresetsRepository(ctx.db);
    const searchRepository = createSearchRepository(ctx.db);
    const service = (presetCountCap?: number) =>
      createSearchService({
        searchRepository,
        vocabulary: createSearchVocabulary({ load: () => searchRepository.vocabularyWords() }),
        dishIndex: createDishIndex({ load: (chefIds) => searchRepository.dishRows(chefIds) }),
        cateringIndex: cateringIndexOf(searchRepository),
        quickIndex: createQuickSearchIndex({
          load: () => searchRepository.restaurantQuickRows(),
          matches: (q, t) => searchRepository.quickMatches(q, t),
        }),
        presetCards: presetsRepository,
        cardCache: createCardCache((ids) => presetsRepository.cardsByIds(ids)),
        geocoder: {
          geocode: () => Promise.resolve({ ok: false, reason: 'not_found' }),
          placeAt: () => Promise.resolve(null),
        },
        clock: fixedClock(NOW),
        favoriteIdsOf: () => Promise.resolve([]),
        capacity: { fullAmong: () => Promise.resolve(new Map()) },
        presetCountCap,
      });
    const query = (q: Partial<SearchQueryInput>): SearchQueryInput => ({
      search_type: 'preset',
      page: 1,
      per_page: 12,
      sort: 'price_asc',
      lat: TORONTO.latitude,
      lng: TORONTO.longitude,
      ...q,
    });
    const exact = await reference(
      { presetType: 'catering', near: TORONTO, radiusKm: 50, cuisines: [], tsquery: null },
      'price_asc',
      12,
      0,
    );
    expect(exact.total).toBeGreaterThan(25);

    const capped = await service(25).presets(query({}));
    expect(capped.meta_data).toMatchObject({ full_count: 25, full_count_capped: true, total_page: 3 });
    // the page itself is not affected by the cap (grouped by category, so compared as a set)
    const idsOf = (body: typeof capped) =>
      body.presets.all_presets.flatMap(([, list]) => list.map((p) => p.id)).sort((a, b) => a - b);
    expect(idsOf(capped)).toEqual([...exact.ids].sort((a, b) => a - b));
    // a page beyond the capped count still answers from the full list
    const deep = await service(25).presets(query({ page: 3 }));
    const third = await reference(
      { presetType: 'catering', near: TORONTO, radiusKm: 50, cuisines: [], tsquery: null },
      'price_asc',
      12,
      24,
    );
    expect(idsOf(deep)).toEqual([...third.ids].sort((a, b) => a - b));

    // exactly at the cap is an exact count
    const atCap = await service(exact.total).presets(query({}));
    expect(atCap.meta_data).toMatchObject({
      full_count: exact.total,
      full_count_capped: false,
      total_page: Math.ceil(exact.total / 12),
    });
    const under = await service().presets(query({}));
    expect(under.meta_data).toMatchObject({ full_count: exact.total, full_count_capped: false });
  });

  it('answers full_count_capped on the wire: false for exact counts', async () => {
    const presets = await ctx.app.inject({
      method: 'GET',
      url: `/api/v2/search?search_type=preset&sort=headcount_desc&lat=${TORONTO.latitude}&lng=${TORONTO.longitude}`,
    });
    expect(presets.statusCode).toBe(200);
    expect(presets.json().meta_data.full_count_capped).toBe(false);
    const restaurants = await ctx.app.inject({
      method: 'GET',
      url: `/api/v2/search.json?search_type=restaurant&lat=${TORONTO.latitude}&lng=${TORONTO.longitude}`,
    });
    expect(restaurants.statusCode).toBe(200);
    expect(restaurants.json().meta_data).toMatchObject({ full_count_capped: false, full_count: expect.any(Number) });
  });
});
