import pg from 'pg';
import type { PresetSort } from '@caterway/contracts';
import type { DietaryNeed, RestaurantSort } from '@caterway/domain';
import { prepared, withTransaction, type Queryable } from '../../db/pool.js';
import { createTtlCache } from '../../lib/ttl-cache.js';
import { distanceOrderSql, nearSql } from '../presets/presets.sql-parts.js';
import type { GeoPoint } from '../presets/presets.types.js';
import type {
  CateringIndexData,
  CateringIndexRow,
  QuickIndexRow,
  DishRow,
  QuickMatch,
  VocabularyWord,
} from './search.types.js';

// The only SQL of search. Every query here picks ids on presets alone through the indexes of
// 002_search.sql; cards are hydrated by the presets repository for the page's ids only.
// bench/search.bench.ts EXPLAINs these statements and fails on a sequential scan.

const sortSql: Record<PresetSort, string> = {
  popular: 'p.order_count DESC, p.id',
  // descending sorts break ties by id descending too, so one index serves both directions
  price_desc: 'p.price_per_person_cents DESC, p.id DESC',
  price_asc: 'p.price_per_person_cents, p.id',
  headcount_desc: 'p.number_of_guests DESC, p.id DESC',
  headcount_asc: 'p.number_of_guests, p.id',
};

/**
 * The restaurant list's orders other than nearest first (decision 067); each ends with the id so
 * pages never overlap. Soonest available is ranked by the service (search.service.ts).
 */
const restaurantSortSql: Record<Exclude<RestaurantSort, 'distance' | 'soonest'>, string> = {
  rating: 'p.average_rating DESC, p.rating_count DESC, p.id',
  popularity: 'p.order_count DESC, p.id',
  price: 'p.price_per_person_cents, p.id',
};

export interface ListingFilter {
  presetType: 'restaurant' | 'catering';
  near: GeoPoint | null;
  radiusKm: number;
  cuisines: readonly string[];
  /** dietary needs: a preset is kept when its dishes' tags (presets.dietary_types) hold every one */
  dietary?: readonly DietaryNeed[];
  /** to_tsquery('english') text from the vocabulary (search-vocabulary.ts); null for no text filter */
  tsquery: string | null;
}

/**
 * The listing's tests on presets p, with their values as $1.. (the preset type first, unless
 * typeLiteral: then the type is written into the statement, from the closed union, so that a
 * generic plan still sees which partial indexes apply).
 */
function listingWhere(f: ListingFilter, options: { typeLiteral?: boolean } = {}): { where: string; params: unknown[] } {
  const params: unknown[] = options.typeLiteral ? [] : [f.presetType];
  const where = [
    options.typeLiteral
      ? `p.preset_type = '${f.presetType === 'restaurant' ? 'restaurant' : 'catering'}'`
      : 'p.preset_type = $1',
    'p.is_active',
  ];
  if (f.cuisines.length) {
    params.push(f.cuisines);
    where.push(`p.cuisine_types && $${params.length}::text[]`);
  }
  if (f.dietary?.length) {
    params.push(f.dietary);
    where.push(`p.dietary_types @> $${params.length}::text[]`);
  }
  if (f.tsquery) {
    params.push(f.tsquery);
    where.push(`p.search_document @@ to_tsquery('english', $${params.length})`);
  }
  if (f.near) {
    params.push(f.near.latitude, f.near.longitude, f.radiusKm * 1000);
    const n = params.length;
    where.push(nearSql(`$${n - 2}`, `$${n - 1}`, `$${n}`));
  }
  return { where: where.join(' AND '), params };
}

/** Up to this many full-text matches (the planner's estimate) a listing with words reads them whole (listingPage). */
export const WORD_MATCH_SET = 5000;

/**
 * How long the planner's estimate of a word filter's matches is reused (fewMatches): it changes
 * only with ANALYZE, and either answer of it gives the same page (only the plan differs).
 */
export const WORD_ESTIMATE_TTL_MS = 60_000;

export function createSearchRepository(db: Queryable, options: { wordMatchSet?: number } = {}) {
  const wordMatchSet = options.wordMatchSet ?? WORD_MATCH_SET;
  // per statement text and values: a round trip (and a planning) less for a repeated word search
  const wordEstimates = createTtlCache<string, number>({ ttlMs: WORD_ESTIMATE_TTL_MS, maxEntries: 5_000 });
  /** The planner's row estimate of a statement (EXPLAIN), kept per text and values. */
  const planRows = (tx: Queryable, sql: string, values: unknown[]) =>
    wordEstimates.get(`${sql}\n${JSON.stringify(values)}`, async () => {
      const { rows: plan } = await tx.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
        `EXPLAIN (FORMAT JSON) ${sql}`,
        values,
      );
      return plan[0]?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? Infinity;
    });
  return {
    /**
     * One page of a listing and the exact size of the whole list: the restaurant search (the
     * preset search answers from the catering index, catering-index.ts). Near a point the nearest
     * come first; without a point the chosen sort (most ordered first for restaurants).
     */
    async listingPage(
      filter: ListingFilter,
      page: { sort: PresetSort; limit: number; offset: number; restaurantSort?: RestaurantSort },
      tx: Queryable = db,
    ): Promise<{ ids: number[]; total: number }> {
      const { where, params } = listingWhere(filter);
      // restaurants by rating, popularity or price (nearest first otherwise; soonest is the service's)
      const restaurantOrder =
        filter.presetType === 'restaurant' && page.restaurantSort && page.restaurantSort in restaurantSortSql
          ? restaurantSortSql[page.restaurantSort as keyof typeof restaurantSortSql]
          : null;
      const order = restaurantOrder
        ? restaurantOrder
        : filter.presetType === 'restaurant' && filter.near
          ? // the distance alone: a tie-breaker would stop the GiST index from returning rows nearest first (KNN)
            distanceOrderSql(`$${params.length - 2}`, `$${params.length - 1}`)
          : sortSql[page.sort];
      const radiusPage = async () => {
        const { rows } = await tx.query<{ id: number }>(
          prepared(
            `SELECT p.id FROM presets p WHERE ${where} ORDER BY ${order} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
            [...params, page.limit, page.offset],
          ),
        );
        return rows.map((r) => r.id);
      };
      /**
       * With words the matches are usually few: then every match of the words (and cuisines) is
       * read through the full-text index, and those near the point are kept, counted and sorted
       * in memory, in one statement. Left to itself the planner walks a sort index testing each
       * row's document, or takes the location box and tests the words of every preset in the
       * city (it underestimates the box): thousands of rows for a rare word. Its estimate of how
       * many presets hold the words is good (the lexeme statistics of ANALYZE), so it decides:
       * up to wordMatchSet (WORD_MATCH_SET) the matches are read whole, past it (a common word) the walk, which
       * is then short, runs. Null when the words are common.
       */
      const fewMatches = async () => {
        const { where: wordsWhere, params: wordsParams } = listingWhere({ ...filter, near: null });
        const estimate = await planRows(tx, `SELECT 1 FROM presets p WHERE ${wordsWhere}`, wordsParams);
        if (estimate > wordMatchSet) return null;
        const n = wordsParams.length;
        const nearTest = filter.near ? `WHERE ${nearSql(`$${n + 3}`, `$${n + 4}`, `$${n + 5}`)}` : '';
        const orderSql = restaurantOrder
          ? restaurantOrder
          : filter.presetType === 'restaurant' && filter.near
            ? `${distanceOrderSql(`$${n + 3}`, `$${n + 4}`)}, p.id`
            : sortSql[page.sort];
        const nearParams = filter.near ? [filter.near.latitude, filter.near.longitude, filter.radiusKm * 1000] : [];
        // not a named statement: a generic plan would not see how few the words' matches are
        const { rows } = await tx.query<{ n: number; ids: number[] }>({
          text: `WITH m AS MATERIALIZED (
               SELECT p.id, p.order_count, p.price_per_person_cents, p.number_of_guests, p.average_rating, p.rating_count, p.location FROM presets p
                WHERE ${wordsWhere}),
             near AS MATERIALIZED (SELECT * FROM m p ${nearTest})
             SELECT (SELECT count(*)::int FROM near) AS n,
                    ARRAY(SELECT p.id FROM near p ORDER BY ${orderSql} LIMIT $${n + 1} OFFSET $${n + 2}) AS ids`,
          values: [...wordsParams, page.limit, page.offset, ...nearParams],
        });
        const { n: total, ids } = rows[0]!;
        return { ids: ids.map(Number), total };
      };
      /**
       * Restaurants near a point: the page, nearest first (or in the chosen restaurant order, from
       * the index tuples of presets_restaurant_location_idx, migration 053), and the exact count in one statement.
       * The point, its box and the chord are computed once (pt) and the preset type is a literal,
       * so the plan depends on no value and PostgreSQL keeps one generic plan per connection
       * instead of planning both queries on every call (docs/decisions/022). The tests are
       * nearSql's.
       */
      const nearPageAndCount = async (near: GeoPoint) => {
        const { where: rest, params: restParams } = listingWhere({ ...filter, near: null }, { typeLiteral: true });
        const n = restParams.length;
        const nearTest = `p.location <@ (SELECT box FROM pt) AND p.location <-> (SELECT centre FROM pt) <= (SELECT chord FROM pt)`;
        const { rows } = await tx.query<{ n: number; ids: (number | string)[] }>(
          prepared(
            `WITH pt AS MATERIALIZED (
               SELECT ll_to_earth($${n + 1}, $${n + 2})::cube AS centre, earth_box(ll_to_earth($${n + 1}, $${n + 2}), $${n + 3}) AS box,
                      2 * earth() * sin($${n + 3}::float8 / (2 * earth())) AS chord)
             SELECT (SELECT count(*)::int FROM presets p WHERE ${rest} AND ${nearTest}) AS n,
                    ARRAY(SELECT p.id FROM presets p WHERE ${rest} AND ${nearTest}
                           ORDER BY ${restaurantOrder ?? 'p.location <-> (SELECT centre FROM pt)'} LIMIT $${n + 4} OFFSET $${n + 5}) AS ids`,
            [...restParams, near.latitude, near.longitude, filter.radiusKm * 1000, page.limit, page.offset],
          ),
        );
        const { n: total, ids } = rows[0]!;
        return { ids: ids.map(Number), total }; // bigint[] comes as strings
      };
      const count = async () => {
        const { rows } = await tx.query<{ n: number }>(
          prepared(`SELECT count(*)::int AS n FROM presets p WHERE ${where}`, params),
        );
        return rows[0]?.n ?? 0;
      };
      if (filter.tsquery) {
        const few = await fewMatches();
        if (few) return few;
      }
      if (filter.near && !filter.tsquery) return nearPageAndCount(filter.near);
      const [ids, total] = await Promise.all([radiusPage(), count()]);
      return { ids, total };
    },

    /**
     * Every active catering preset for the listing index (catering-index.ts): id, the stored
     * cube's coordinates and cuisines most ordered first, then the ids by price and by guests.
     * Each is an index-only walk of a covering index in its own order (presets_catering_popular_geo_idx,
     * presets_price_idx, presets_guests_idx): nothing is sorted, no table is scanned.
     */
    async cateringIndexRows(tx: Queryable = db): Promise<CateringIndexData> {
      const [popular, byPrice, byGuests] = await Promise.all([
        tx.query<CateringIndexRow>(
          `SELECT p.id::int AS id, cube_ll_coord(p.location, 1) AS x, cube_ll_coord(p.location, 2) AS y, cube_ll_coord(p.location, 3) AS z, p.cuisine_types, p.dietary_types
             FROM presets p WHERE p.preset_type = 'catering' AND p.is_active ORDER BY p.order_count DESC, p.id`,
        ),
        tx.query<{ id: number }>(
          `SELECT p.id::int AS id FROM presets p WHERE p.preset_type = 'catering' AND p.is_active ORDER BY p.price_per_person_cents, p.id`,
        ),
        tx.query<{ id: number }>(
          `SELECT p.id::int AS id FROM presets p WHERE p.preset_type = 'catering' AND p.is_active ORDER BY p.number_of_guests, p.id`,
        ),
      ]);
      return {
        popular: popular.rows,
        byPrice: byPrice.rows.map((r) => r.id),
        byGuests: byGuests.rows.map((r) => r.id),
      };
    },

    /** The database's snapshot now (pg_current_snapshot): an index loaded after it holds every row version it sees. */
    async visibleNow(tx: Queryable = db): Promise<string> {
      const { rows } = await tx.query<{ at: string }>('SELECT pg_current_snapshot()::text AS at');
      return rows[0]!.at;
    },

    /**
     * Which of these presets changed since the snapshot `visibleAt` (visibleNow before an index
     * load): a row version whose inserting transaction that snapshot did not see was written after
     * (or during) the load. xmin is 32 bits: it is widened with the current epoch (a frozen row of
     * an older epoch may come out as changed, which only costs a reload). Unknown ids are left out.
     */
    async presetsChangedSince(
      ids: readonly number[],
      visibleAt: string,
      tx: Queryable = db,
    ): Promise<{ id: number; preset_type: string; changed: boolean }[]> {
      const { rows } = await tx.query<{ id: number; preset_type: string; changed: boolean }>(
        `SELECT p.id::int AS id, p.preset_type,
                NOT pg_visible_in_snapshot(
                  greatest(0, CASE WHEN b.hi + p.xmin::text::bigint > b.next THEN b.hi + p.xmin::text::bigint - 4294967296
                                   ELSE b.hi + p.xmin::text::bigint END)::text::xid8,
                  $2::pg_snapshot) AS changed
           FROM presets p
          CROSS JOIN (SELECT x AS next, (x >> 32) << 32 AS hi
                        FROM (SELECT pg_snapshot_xmax(pg_current_snapshot())::text::bigint AS x) s) b
          WHERE p.id = ANY($1::bigint[])`,
        [ids, visibleAt],
      );
      return rows;
    },

    /**
     * The ids of the active catering presets holding the words (the catering index keeps them as
     * a bit set per snapshot): through presets_catering_search_idx however many match. For a
     * common word the planner prices a sequential scan of presets about as cheap as the bitmap
     * scan (it costs matching a tsvector like one operator), but on the bench catalogue the scan
     * took 50-70 ms and the bitmap scan 13-18 ms for "salad" (16,511 of 35,000), so the scan is
     * switched off for this one statement (SET LOCAL, in its own transaction).
     */
    async cateringWordMatches(tsquery: string): Promise<number[]> {
      const read = async (client: Queryable) => {
        await client.query('SET LOCAL enable_seqscan = off');
        const { rows } = await client.query<{ id: number }>(
          `SELECT p.id::int AS id FROM presets p WHERE p.preset_type = 'catering' AND p.is_active AND p.search_document @@ to_tsquery('english', $1)`,
          [tsquery],
        );
        return rows.map((r) => r.id);
      };
      return db instanceof pg.Pool ? withTransaction(db, read) : read(db);
    },

    /**
     * The catalogue's words for the forgiving search's vocabulary (search-vocabulary.ts,
     * decision 065): every word of search_terms, and whether it is an English stop word (a
     * word the full-text query drops).
     */
    async vocabularyWords(tx: Queryable = db): Promise<VocabularyWord[]> {
      const { rows } = await tx.query<VocabularyWord>(
        `SELECT word, numnode(plainto_tsquery('english', word)) = 0 AS stop FROM search_terms`,
      );
      return rows;
    },

    /**
     * Every active restaurant with the coordinates of its stored cube and its cuisines, most
     * ordered first, for the navigation and full search's index (quick-search-index.ts): an index-only read of presets_restaurant_popular_geo_idx.
     */
    async restaurantQuickRows(tx: Queryable = db): Promise<QuickIndexRow[]> {
      const { rows } = await tx.query<QuickIndexRow>(
        `SELECT p.id::int AS id, cube_ll_coord(p.location, 1) AS x, cube_ll_coord(p.location, 2) AS y, cube_ll_coord(p.location, 3) AS z, p.cuisine_types
           FROM presets p WHERE p.preset_type = 'restaurant' AND p.is_active ORDER BY p.order_count DESC, p.id`,
      );
      return rows;
    },

    /**
     * The restaurants matching the navigation search's words (as typed, or typo-corrected), each
     * with its relevance: ts_rank of the exact and of the corrected query plus the name's trigram
     * similarity, rounded to 2 decimals so that near-equal relevance falls back to distance
     * (quick-search-index.ts ranks the nearest of them). Read once a minute per query text.
     */
    async quickMatches(q: string, tsquery: string, tx: Queryable = db): Promise<QuickMatch[]> {
      const { rows } = await tx.query<QuickMatch>(
        `SELECT p.id::int AS id,
                (round((2 * ts_rank(p.search_document, websearch_to_tsquery('english', $1))
                        + ts_rank(p.search_document, to_tsquery('english', $2))
                        + similarity(lower(p.name), lower($1)))::numeric, 2) * 100)::int AS score100
           FROM presets p
          WHERE p.preset_type = 'restaurant' AND p.is_active
            AND (p.search_document @@ websearch_to_tsquery('english', $1) OR p.search_document @@ to_tsquery('english', $2))`,
        [q, tsquery],
      );
      return rows;
    },

    /**
     * The dishes of the active restaurants (of the given restaurants only, when chefIds is
     * given) for the full search's dish index (dish-index.ts, decision 065), each with its
     * restaurant preset, in menu order. Every dish is read when the index loads (once a minute,
     * or after a reconnect): a sequential read of menus, by design; a catalogue change reads its
     * restaurants' dishes alone, through menus_chef_idx.
     */
    async dishRows(chefIds?: readonly number[], tx: Queryable = db): Promise<DishRow[]> {
      const { rows } = await tx.query<DishRow>(
        `SELECT m.id::int AS id, m.chef_id::int AS chef_id, m.name, m.price_cents, m.main_image_url,
                p.id::int AS restaurant_id, p.name AS restaurant_name, p.slug AS restaurant_slug
           FROM presets p
           JOIN preset_chefs pc ON pc.preset_id = p.id
           JOIN menus m ON m.chef_id = pc.chef_id AND NOT m.is_deleted
          WHERE p.preset_type = 'restaurant' AND p.is_active ${chefIds ? 'AND pc.chef_id = ANY($1::bigint[])' : ''}
          ORDER BY p.id, pc.position, m.position, m.id`,
        chefIds ? [chefIds] : [],
      );
      return rows;
    },

    /** The cuisine filter cards: the preset_cuisine_type system vars in display order. */
    async cuisines(tx: Queryable = db): Promise<{ name: string; icon: string }[]> {
      const { rows } = await tx.query<{ name: string; icon: string }>(
        `SELECT name, icon FROM system_vars WHERE value_type = 'preset_cuisine_type' ORDER BY position, name`,
      );
      return rows;
    },

    /** Presets of the user's placed orders (drafts and cancellations left out), most recent first. */
    async recentlyOrderedIds(userId: number, tx: Queryable = db): Promise<number[]> {
      const { rows } = await tx.query<{ preset_id: number }>(
        `SELECT preset_id FROM catering_orders
          WHERE user_id = $1 AND status NOT IN ('draft', 'Canceled', 'declined')
          GROUP BY preset_id ORDER BY max(created_at) DESC LIMIT 24`,
        [userId],
      );
      return rows.map((r) => r.preset_id);
    },

    /** The type of each given preset (the bases of saved carts: restaurant or catering). */
    async presetTypesOf(
      ids: readonly number[],
      tx: Queryable = db,
    ): Promise<Map<number, 'restaurant' | 'catering' | 'save_for_later'>> {
      if (!ids.length) return new Map();
      const { rows } = await tx.query<{ id: number; preset_type: 'restaurant' | 'catering' | 'save_for_later' }>(
        'SELECT id::int AS id, preset_type FROM presets WHERE id = ANY($1::bigint[])',
        [ids],
      );
      return new Map(rows.map((r) => [r.id, r.preset_type]));
    },

    /** A user's saved carts (save_for_later presets), newest first. */
    async savedForLaterIds(userId: number, tx: Queryable = db): Promise<number[]> {
      const { rows } = await tx.query<{ id: number }>(
        `SELECT id FROM presets WHERE owner_user_id = $1 AND preset_type = 'save_for_later' AND is_active
          ORDER BY created_at DESC, id DESC LIMIT 100`,
        [userId],
      );
      return rows.map((r) => r.id);
    },
  };
}
export type SearchRepository = ReturnType<typeof createSearchRepository>;
