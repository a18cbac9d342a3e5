import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoTestApp, type TestContext } from '../../../test/helpers.js';
import { createQuickSearchIndex, QUICK_SEARCH_POOL } from './quick-search-index.js';
import { createSearchVocabulary } from './search-vocabulary.js';
import { createSearchRepository } from './search.repository.js';

// The navigation search's index (docs/decisions/023) against the statement it replaced: the
// QUICK_SEARCH_POOL nearest matches (within the radius when given) ordered by relevance, then
// distance, then id, computed by PostgreSQL per request.

const NOW = new Date('2026-11-22T15:00:00Z');
const POINTS = [
  { latitude: 43.6487, longitude: -79.3817 }, // Toronto
  { latitude: 45.5017, longitude: -73.5673 }, // Montreal
  { latitude: 47.6062, longitude: -122.3321 }, // Seattle
  { latitude: 30.2672, longitude: -97.7431 }, // Austin: no restaurant within 50 km
];

describe('quick search index', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createDemoTestApp(NOW);
  });
  afterAll(async () => {
    await ctx.close();
  });

  async function reference(
    q: string,
    tsquery: string,
    point: { latitude: number; longitude: number },
    radiusKm: number | null,
    limit: number,
  ): Promise<number[]> {
    const params: unknown[] = [q, tsquery, point.latitude, point.longitude, limit];
    if (radiusKm !== null) params.push(radiusKm * 1000);
    const { rows } = await ctx.db.query<{ id: number }>(
      `SELECT c.id::int AS id FROM (
         SELECT p.id, p.name, p.search_document, p.location <-> ll_to_earth($3, $4)::cube AS chord
           FROM presets p
          WHERE p.preset_type = 'restaurant' AND p.is_active
            AND (p.search_document @@ websearch_to_tsquery('english', $1) OR p.search_document @@ to_tsquery('english', $2))
            ${radiusKm !== null ? 'AND earth_distance(p.location::earth, ll_to_earth($3, $4)) <= $6' : ''}
          ORDER BY p.location <-> ll_to_earth($3, $4)::cube, p.id
          LIMIT ${QUICK_SEARCH_POOL}) c
        ORDER BY round((2 * ts_rank(c.search_document, websearch_to_tsquery('english', $1))
                        + ts_rank(c.search_document, to_tsquery('english', $2))
                        + similarity(lower(c.name), lower($1)))::numeric, 2) DESC,
                 c.chord, c.id
        LIMIT $5`,
      params,
    );
    return rows.map((r) => r.id);
  }

  it('ranks what PostgreSQL ranked, near each point and anywhere, for common, rare and misspelt words', async () => {
    const repo = createSearchRepository(ctx.db);
    const index = createQuickSearchIndex({
      load: () => repo.restaurantQuickRows(),
      matches: (q, t) => repo.quickMatches(q, t),
    });
    let nonEmpty = 0;
    const vocabulary = createSearchVocabulary({ load: () => repo.vocabularyWords() });
    for (const q of ['pizza', 'Sushi', 'suhsi', 'thai curry', 'itlian', 'burgr', 'salad bowl', 'coffee']) {
      const { tsquery } = await vocabulary.expand(q, { typing: true });
      expect(tsquery, q).not.toBeNull();
      for (const point of POINTS) {
        for (const limit of [5, 12]) {
          const near = await reference(q, tsquery!, point, 50, limit);
          const expected = near.length ? near : await reference(q, tsquery!, point, null, limit);
          if (expected.length) nonEmpty++;
          expect(
            await index.ids({ q, tsquery: tsquery!, point, radiusKm: 50, limit }),
            `${q} at ${point.latitude}, limit ${limit}`,
          ).toEqual(expected);
        }
      }
    }
    expect(nonEmpty).toBeGreaterThan(30);
  });

  it('answers the navigation search from it over HTTP', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/v2/search/elastic_search?q=pizza&lat=43.6487&lng=-79.3817',
    });
    expect(res.statusCode).toBe(200);
    const repo = createSearchRepository(ctx.db);
    // the default limit is 8
    const vocabulary = createSearchVocabulary({ load: () => repo.vocabularyWords() });
    const { tsquery } = await vocabulary.expand('pizza', { typing: true });
    const expected = await reference('pizza', tsquery!, POINTS[0]!, 50, 8);
    expect(expected.length).toBeGreaterThan(0);
    expect(res.json<{ presets: { id: number }[] }>().presets.map((p) => p.id)).toEqual(expected);
  });
});
