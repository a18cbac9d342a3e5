import type { z } from 'zod';
import type {
  PresetCard,
  RestaurantCard,
  PresetSearchResponse,
  QuickSearchResponse,
  RestaurantSearchResponse,
  SearchAllResponse,
  presetSortSchema,
} from '@caterway/contracts';
import type { DietaryNeed, RestaurantSort } from '@caterway/domain';
import { cities } from '../../db/seed/vocabulary.js';
import type { Clock } from '../../lib/clock.js';
import { unauthorized } from '../../lib/errors.js';
import type { Geocoder } from '../../ports/geocoder.js';
import type { CapacityService } from '../capacity/capacity.service.js';
import { pointPlace } from '../orders/place-of-supply.js';
import type { CardCache } from '../presets/card-cache.js';
import { withCapacity } from '../presets/card-capacity.js';
import { geocodePoint, resolveDeliveryContext, type DeliveryContextQuery } from '../presets/delivery-context.js';
import type { PresetCards } from '../presets/preset-cards.js';
import { toPresetCard, toRestaurantCard } from '../presets/presets.mappers.js';
import { LISTING_RADIUS_KM, type GeoPoint } from '../presets/presets.types.js';
import type { CateringIndex } from './catering-index.js';
import type { DishIndex } from './dish-index.js';
import type { QuickSearchIndex } from './quick-search-index.js';
import type { SearchVocabulary } from './search-vocabulary.js';
import type { SearchRepository } from './search.repository.js';

export interface SearchQueryInput extends DeliveryContextQuery {
  search_type: 'restaurant' | 'preset' | 'user_data';
  page: number;
  per_page: number;
  preset_category_names?: string[];
  q?: string;
  sort: z.infer<typeof presetSortSchema>;
  /** restaurants only (decision 067) */
  restaurant_sort?: RestaurantSort;
  dietary_types?: DietaryNeed[];
}

/** GET api/v2/search/all: the full results page's query (decision 065). */
export interface SearchAllInput extends DeliveryContextQuery {
  q: string;
  preset_category_names?: string[];
  sort: z.infer<typeof presetSortSchema>;
  per_group: number;
}

export interface QuickSearchInput {
  q: string;
  lat?: number;
  lng?: number;
  address?: string;
  city?: string;
  limit: number;
}

export interface SearchServiceDeps {
  searchRepository: SearchRepository;
  /** the catalogue's words: a query's forgiving full-text filter (search-vocabulary.ts) */
  vocabulary: Pick<SearchVocabulary, 'expand'>;
  /** the signed-in user's saved carts: read directly, the user edits them */
  presetCards: PresetCards;
  /** catalogue cards of listings and the quick search, briefly cached (card-cache.ts) */
  cardCache: Pick<CardCache, 'cardsByIds'>;
  /** the preset search's listings, from memory (catering-index.ts) */
  cateringIndex: Pick<CateringIndex, 'page'>;
  /** the navigation search's ranking and the full search's restaurants, from memory (quick-search-index.ts) */
  quickIndex: Pick<QuickSearchIndex, 'ids' | 'list'>;
  /** the full search's dishes, from memory (dish-index.ts) */
  dishIndex: Pick<DishIndex, 'find'>;
  geocoder: Pick<Geocoder, 'geocode' | 'placeAt'>;
  clock: Clock;
  /** the viewer's favourite preset ids (modules/favorites) */
  favoriteIdsOf: (userId: number) => Promise<number[]>;
  /** restaurants full at the chosen time (modules/capacity): their cards say so */
  capacity: Pick<CapacityService, 'fullAmong'>;
  /** the preset search counts this many matches at most (PRESET_COUNT_CAP; smaller in tests) */
  presetCountCap?: number;
}

/** The city the navigation search falls back to (ordering-payments §7: default Toronto). */
export const DEFAULT_CITY = 'Toronto';

/**
 * The preset search counts at most this many matches and then says "1,000+": nobody pages
 * through a thousand menus, and an exact count of a dense city cost more than the page itself
 * (docs/decisions/007-search-speed.md).
 */
export const PRESET_COUNT_CAP = 1000;

/**
 * The full results page lists the dishes of at most this many matching restaurants, the nearest
 * (or, without an address, the most ordered) first: its Dishes group, with their count.
 */
export const DISH_RESTAURANTS = 40;

/** A city's centre from the cities the catalogue serves (the seed's vocabulary); Toronto otherwise. */
export function cityCentre(name: string | undefined): GeoPoint {
  const key = (name ?? '').trim().toLowerCase();
  const city =
    cities.find((c) => c.name.toLowerCase() === key || c.key === key) ?? cities.find((c) => c.name === DEFAULT_CITY)!;
  return { latitude: city.centre.lat, longitude: city.centre.lng };
}

/**
 * Soonest available ranks this many of the nearest restaurants by when they can deliver (the
 * chosen time for those that can, their next time for the others); the rest follow nearest first.
 * A ranking of every restaurant of a city would compute the calendar of each (about 1,100 on the
 * bench catalogue) on every page; four pages are what a visitor scrolls (decision 067).
 */
export const SOONEST_POOL = 48;

/**
 * A local date and wall time ('11:30 AM' or '11:30') as a number that orders them: the wall time
 * read as if it were UTC (the restaurants of one listing share a zone or nearly; a zone's offset
 * only reorders restaurants hours apart). Infinity when unreadable.
 */
export function wallTimeKey(date: string, time: string): number {
  const day = Date.parse(`${date}T00:00:00Z`);
  const m = /^(\d{1,2}):(\d{2})(?: ?(AM|PM))?$/i.exec(time.trim());
  if (!m || Number.isNaN(day)) return Infinity;
  const half = m[3]?.toUpperCase();
  const hours = half ? (Number(m[1]) % 12) + (half === 'PM' ? 12 : 0) : Number(m[1]);
  return day + (hours * 60 + Number(m[2])) * 60_000;
}

/** When a card can deliver: the chosen time when available, its next time otherwise, never (Infinity) without one. */
function soonestKey(card: RestaurantCard, chosen: number): number {
  if (card.available_for_ordering) return chosen;
  const next = card.next_available;
  return next ? wallTimeKey(next.delivery_date, next.delivery_time) : Infinity;
}

/** The cuisine cards change with an admin edit at most: every page reuses them for a minute. */
const CUISINES_TTL_MS = 60_000;

export function createSearchService({
  searchRepository: repo,
  vocabulary,
  presetCards,
  cardCache,
  cateringIndex,
  quickIndex,
  dishIndex,
  geocoder,
  clock,
  favoriteIdsOf,
  capacity,
  presetCountCap = PRESET_COUNT_CAP,
}: SearchServiceDeps) {
  /** The delivery context plus, for a signed-in viewer, their favourites (cards show favorite: true). */
  async function contextFor(query: DeliveryContextQuery, viewerId: number | undefined) {
    const [ctx, favorites] = await Promise.all([
      resolveDeliveryContext(query, { geocoder, now: clock.now() }),
      viewerId === undefined ? Promise.resolve([]) : favoriteIdsOf(viewerId),
    ]);
    // the address's province or state (and US city): the all-in price's taxes (decision 071)
    const place = ctx.point ? await pointPlace(geocoder, ctx.point) : null;
    return { ...ctx, place, favoriteIds: new Set(favorites) };
  }

  let cuisineCache: { at: number; list: Promise<{ name: string; icon: string }[]> } | undefined;
  function cuisines() {
    const now = Date.now();
    if (!cuisineCache || now - cuisineCache.at > CUISINES_TTL_MS) {
      const list = repo.cuisines();
      cuisineCache = { at: now, list };
      // a failed read is not kept
      list.catch(() => {
        if (cuisineCache?.list === list) cuisineCache = undefined;
      });
    }
    return cuisineCache.list;
  }

  async function meta(page: number, perPage: number, total: number, capped = false) {
    const list = await cuisines();
    const cuisineCards = list.map((c) => ({ ...c }));
    return {
      preset_category_names: cuisineCards.map((c) => c.name),
      preset_category_name_with_icon: cuisineCards,
      current_page: page,
      full_count: total,
      full_count_capped: capped,
      total_page: Math.ceil(total / perPage),
    };
  }

  return {
    /**
     * GET api/v2/search(.json), search_type=restaurant (ordering-payments §3 Search response,
     * §7): restaurants within LISTING_RADIUS_KM of the address, nearest first (most ordered first
     * when the address is unknown), filtered by cuisine. Each card says whether the restaurant
     * can take the order for the chosen date and time and why not (delivery radius, store hours,
     * notice) instead of hiding it, as the spec's card shows availability.
     */
    async restaurants(query: SearchQueryInput, viewerId?: number): Promise<RestaurantSearchResponse> {
      const ctx = await contextFor(query, viewerId);
      const tsquery = query.q ? (await vocabulary.expand(query.q)).tsquery : null;
      const filter = {
        presetType: 'restaurant' as const,
        near: ctx.point,
        radiusKm: LISTING_RADIUS_KM,
        cuisines: query.preset_category_names ?? [],
        dietary: query.dietary_types ?? [],
        tsquery,
      };
      const sort = query.restaurant_sort ?? 'distance';
      const offset = (query.page - 1) * query.per_page;
      /** Cards of these ids, with their availability, next time and capacity at the chosen time. */
      const cardsOf = async (ids: number[]) => {
        const rows = await cardCache.cardsByIds(ids);
        return withCapacity(
          rows.map((r) => toRestaurantCard(r, ctx)),
          rows,
          ctx,
          capacity,
        );
      };
      let cards: RestaurantCard[];
      let total: number;
      if (sort === 'soonest' && ctx.date && offset < SOONEST_POOL) {
        // the nearest SOONEST_POOL ranked by when they can deliver, nearest first among equals
        const pool = await repo.listingPage(filter, { sort: 'popular', limit: SOONEST_POOL, offset: 0 });
        total = pool.total;
        const chosen = wallTimeKey(ctx.date, ctx.time ?? '');
        const ranked = (await cardsOf(pool.ids))
          .map((card, i) => ({ card, i, key: soonestKey(card, chosen) }))
          .sort((a, b) => a.key - b.key || a.i - b.i)
          .map((r) => r.card);
        cards = ranked.slice(offset, offset + query.per_page);
        // a page that reaches past the pool goes on nearest first
        const missing = offset + query.per_page - Math.max(offset, ranked.length);
        if (ranked.length === SOONEST_POOL && missing > 0) {
          const rest = await repo.listingPage(filter, { sort: 'popular', limit: missing, offset: SOONEST_POOL });
          cards = [...cards, ...(await cardsOf(rest.ids))];
        }
      } else {
        const page = await repo.listingPage(filter, {
          sort: 'popular',
          restaurantSort: sort === 'soonest' ? 'distance' : sort,
          limit: query.per_page,
          offset,
        });
        total = page.total;
        cards = await cardsOf(page.ids);
      }
      return {
        presets: {
          all_presets: cards,
          favorite_restaurants: [],
          saved_for_later_restaurants: [],
        },
        meta_data: await meta(query.page, query.per_page, total),
      };
    },

    /**
     * search_type=preset: catering presets (near the address when known), filtered by cuisine
     * and words, sorted as asked and paged as one flat list (from the catering index in memory); each page is grouped by the
     * preset's first category into [name, presets] pairs in the order the sort gives.
     * full_count stops at presetCountCap (full_count_capped: true); total_page follows it.
     */
    async presets(query: SearchQueryInput, viewerId?: number): Promise<PresetSearchResponse> {
      const ctx = await contextFor(query, viewerId);
      const tsquery = query.q ? (await vocabulary.expand(query.q)).tsquery : null;
      const filter = {
        presetType: 'catering' as const,
        near: ctx.point,
        radiusKm: LISTING_RADIUS_KM,
        cuisines: query.preset_category_names ?? [],
        dietary: query.dietary_types ?? [],
        tsquery,
      };
      const page = {
        sort: query.sort,
        limit: query.per_page,
        offset: (query.page - 1) * query.per_page,
        countCap: presetCountCap,
      };
      const { ids, total, capped } = await cateringIndex.page(filter, page);
      const [rows, metaData] = await Promise.all([
        cardCache.cardsByIds(ids),
        meta(query.page, query.per_page, total, capped),
      ]);
      const groups = new Map<string, PresetCard[]>();
      for (const row of rows) {
        const name = row.category_names[0] ?? 'Other';
        const list = groups.get(name) ?? [];
        list.push(toPresetCard(row, ctx));
        groups.set(name, list);
      }
      return {
        presets: { all_presets: [...groups.entries()], favorite_restaurants: [], saved_for_later_restaurants: [] },
        meta_data: metaData,
      };
    },

    /**
     * search_type=user_data: the signed-in user's lists (browse-account-orders §2 Favorites page;
     * §7 'presets: favorites, saved, previously ordered'): favourites in favorite_restaurants,
     * saved carts in saved_for_later_restaurants, and the presets of placed orders as the one
     * all_presets group 'Recently Ordered'. Restaurant and catering presets alike are preset cards.
     */
    async userData(query: SearchQueryInput, userId: number | undefined): Promise<PresetSearchResponse> {
      if (userId === undefined) throw unauthorized();
      const [ctx, savedIds, recentIds] = await Promise.all([
        contextFor(query, userId),
        repo.savedForLaterIds(userId),
        repo.recentlyOrderedIds(userId),
      ]);
      const favoriteIds = [...ctx.favoriteIds];
      // saved carts change with the user's edits: read them fresh, not through the card cache
      const [savedRows, listedRows] = await Promise.all([
        presetCards.cardsByIds(savedIds),
        cardCache.cardsByIds([...new Set([...favoriteIds, ...recentIds])]),
      ]);
      const byId = new Map([...listedRows, ...savedRows].map((r) => [r.id, r]));
      // the Favorites page files a saved cart under Restaurants or Presets by the kind of its base
      const baseTypes = await repo.presetTypesOf([
        ...new Set(savedRows.flatMap((r) => (r.base_preset_id === null ? [] : [r.base_preset_id]))),
      ]);
      const cards = (ids: number[]) =>
        ids.flatMap((id) => {
          const row = byId.get(id);
          if (!row) return [];
          return [
            toPresetCard(
              row,
              ctx,
              row.base_preset_id === null ? undefined : (baseTypes.get(row.base_preset_id) ?? null),
            ),
          ];
        });
      const total = favoriteIds.length + savedIds.length + recentIds.length;
      return {
        presets: {
          all_presets: recentIds.length ? [['Recently Ordered', cards(recentIds)]] : [],
          favorite_restaurants: cards(favoriteIds),
          saved_for_later_restaurants: cards(savedIds),
        },
        meta_data: await meta(1, Math.max(total, 1), total),
      };
    },

    /**
     * GET api/v2/search/all: the full results page (/search?q=, decision 065). The query's
     * forgiving filter over restaurants, catering presets and dishes, with browsing's filters
     * (near the address, its date and time, cuisines, the presets' sort): the first per_group of
     * each kind and how many there are, all from memory. Restaurants within the delivery radius
     * by relevance (the words as typed first), then distance, as the navigation search ranks
     * them; presets as the preset search lists them; the dishes of the DISH_RESTAURANTS first of
     * those restaurants whose names hold the words, exact words first, each with its restaurant.
     * did_you_mean corrects the misspelt words.
     */
    async all(query: SearchAllInput, viewerId?: number): Promise<SearchAllResponse> {
      const [ctx, expansion] = await Promise.all([contextFor(query, viewerId), vocabulary.expand(query.q)]);
      const { tsquery, didYouMean, groups } = expansion;
      if (!tsquery) {
        return {
          query: query.q,
          did_you_mean: null,
          restaurants: { total: 0, items: [] },
          presets: { total: 0, capped: false, items: [] },
          dishes: { total: 0, capped: false, items: [] },
        };
      }
      const cuisines = query.preset_category_names ?? [];
      const [restaurantList, presetPage] = await Promise.all([
        quickIndex.list({
          q: query.q,
          tsquery,
          point: ctx.point,
          radiusKm: LISTING_RADIUS_KM,
          cuisines,
          limit: Math.max(query.per_group, DISH_RESTAURANTS),
        }),
        cateringIndex.page(
          { near: ctx.point, radiusKm: LISTING_RADIUS_KM, cuisines, tsquery },
          { sort: query.sort, limit: query.per_group, offset: 0, countCap: presetCountCap },
        ),
      ]);
      const dishRestaurants = restaurantList.ids.slice(0, DISH_RESTAURANTS);
      const [restaurantRows, presetRows, dishes] = await Promise.all([
        cardCache.cardsByIds(restaurantList.ids.slice(0, query.per_group)),
        cardCache.cardsByIds(presetPage.ids),
        dishIndex.find(dishRestaurants, groups, query.per_group),
      ]);
      const restaurants = await withCapacity(
        restaurantRows.map((r) => toRestaurantCard(r, ctx)),
        restaurantRows,
        ctx,
        capacity,
      );
      return {
        query: query.q,
        did_you_mean: didYouMean,
        restaurants: { total: restaurantList.total, items: restaurants },
        presets: {
          total: presetPage.total,
          capped: presetPage.capped,
          items: presetRows.map((r) => toPresetCard(r, ctx)),
        },
        dishes: {
          total: dishes.total,
          capped: restaurantList.total > dishRestaurants.length,
          items: dishes.items.map((d) => ({
            id: d.id,
            name: d.name,
            price_cents: d.price_cents,
            image_url: d.main_image_url,
            restaurant: { id: d.restaurant_id, name: d.restaurant_name, slug: d.restaurant_slug },
          })),
        },
      };
    },

    /**
     * GET api/v2/search/elastic_search (ordering-payments §2 navigation search, §7): restaurants
     * by relevance, then distance from lat/lng, the geocoded address, or the city's centre
     * (Toronto when the city is unknown or absent).
     */
    async quick(query: QuickSearchInput): Promise<QuickSearchResponse> {
      const point =
        query.lat !== undefined && query.lng !== undefined
          ? { latitude: query.lat, longitude: query.lng }
          : ((query.address ? await geocodePoint(geocoder, query.address) : null) ?? cityCentre(query.city));
      const { tsquery } = await vocabulary.expand(query.q, { typing: true });
      if (!tsquery) return { presets: [], query: query.q };
      // restaurants that can deliver there first; the whole catalogue when none matches nearby
      const ids = await quickIndex.ids({ q: query.q, tsquery, point, radiusKm: LISTING_RADIUS_KM, limit: query.limit });
      const rows = await cardCache.cardsByIds(ids);
      const ctx = { point, date: null, time: null, now: clock.now() };
      return { presets: rows.map((r) => toRestaurantCard(r, ctx)), query: query.q };
    },
  };
}
export type SearchService = ReturnType<typeof createSearchService>;
