import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorBodySchema,
  errorResponses,
  messagesBodySchema,
  presetSearchResponseSchema,
  quickSearchQuerySchema,
  quickSearchResponseSchema,
  restaurantSearchResponseSchema,
  searchAllQuerySchema,
  searchAllResponseSchema,
  searchQuerySchema,
} from '@caterway/contracts';
import type { AppDeps } from '../../lib/deps.js';
import { listingSerializerCompiler } from '../../lib/listing-serializer.js';
import { registerHotPathRateLimit } from '../../lib/rate-limit.js';
import { optionalUser } from '../auth/auth.guard.js';
import { createCapacityService } from '../capacity/capacity.service.js';
import { catalogueSyncOf } from '../catalogue-changes/catalogue-sync.js';
import { favoritePresetIdsFrom } from '../favorites/favorites.service.js';
import { STALE_PAYMENT_CLAIM_SECONDS } from '../orders/orders.types.js';
import { presetCardsFrom } from '../presets/preset-cards.js';
import { createCateringIndex } from './catering-index.js';
import { createDishIndex } from './dish-index.js';
import { createQuickSearchIndex } from './quick-search-index.js';
import { createSearchVocabulary } from './search-vocabulary.js';
import { createSearchRepository } from './search.repository.js';
import { createSearchService } from './search.service.js';

const tags = ['search'];

export async function searchRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const presetCards = presetCardsFrom(deps.db);
  const searchRepository = createSearchRepository(deps.db);
  const cateringIndex = createCateringIndex({
    load: () => searchRepository.cateringIndexRows(),
    wordMatches: (tsquery) => searchRepository.cateringWordMatches(tsquery),
    visibleAt: () => searchRepository.visibleNow(),
    changedSince: (ids, at) => searchRepository.presetsChangedSince(ids, at),
  });
  const quickIndex = createQuickSearchIndex({
    load: () => searchRepository.restaurantQuickRows(),
    matches: (q, tsquery) => searchRepository.quickMatches(q, tsquery),
    visibleAt: () => searchRepository.visibleNow(),
    changedSince: (ids, at) => searchRepository.presetsChangedSince(ids, at),
  });
  const vocabulary = createSearchVocabulary({ load: () => searchRepository.vocabularyWords() });
  const dishIndex = createDishIndex({ load: (chefIds) => searchRepository.dishRows(chefIds) });
  const service = createSearchService({
    searchRepository,
    vocabulary,
    dishIndex,
    cateringIndex,
    quickIndex,
    presetCards,
    cardCache: presetCards.cache,
    geocoder: deps.geocoder,
    clock: deps.clock,
    favoriteIdsOf: favoritePresetIdsFrom(deps.db),
    capacity: createCapacityService({ db: deps.db, staleSeconds: STALE_PAYMENT_CLAIM_SECONDS }),
  });

  // Per client address, RATE_LIMIT_SEARCH_PER_MINUTE (docs/decisions/016, 037): in memory, or in
  // Redis with REDIS_URL so every instance counts together. Never a database write per search.
  const searchLimit = await registerHotPathRateLimit(app, {
    name: 'search',
    max: deps.config.rateLimitSearchPerMinute,
    timeWindowMs: 60_000,
    redisUrl: deps.config.redisUrl,
    redisKeyPrefix: deps.config.redisKeyPrefix,
  });
  // a catalogue change reloads an index whose rows it changed (a preset's price per person, its
  // cuisines, words, place, whether it is listed), the old snapshot serving until the new one is
  // in (decision 056); a change that left the presets' rows alone (a dish's price: the cards,
  // which the card cache drops, show it) keeps the snapshots and their word matches
  catalogueSyncOf(app, deps).register({
    name: 'search indexes',
    forget: async (change) => {
      await Promise.all([
        cateringIndex.reloadIfChanged(change.presetIds),
        quickIndex.reloadIfChanged(change.presetIds),
      ]);
    },
    forgetAll: async () => {
      await Promise.all([cateringIndex.refresh(), quickIndex.refresh()]);
    },
  });
  // the forgiving search's words and dishes (decision 065): a change may bring new words (a
  // dish's name), so every change reloads the words (a few hundred: a read of search_terms) and
  // the changed restaurants' dishes, what is held serving meanwhile
  catalogueSyncOf(app, deps).register({
    name: 'search vocabulary and dishes',
    forget: async (change) => {
      await Promise.all([vocabulary.refresh(), dishIndex.forgetChefs(change.chefIds)]);
    },
    forgetAll: async () => {
      await Promise.all([vocabulary.refresh(), dishIndex.refresh()]);
    },
  });
  app.addHook('onReady', (done) => {
    // the first preset search then finds the index loaded (~0.1 s at 35,000 presets); not awaited,
    // and a failure (database not up yet) only means the first search loads it
    cateringIndex.warm().catch((err: unknown) => app.log.warn({ err }, 'catering index not loaded at start'));
    quickIndex.warm().catch((err: unknown) => app.log.warn({ err }, 'quick search index not loaded at start'));
    vocabulary.current().catch((err: unknown) => app.log.warn({ err }, 'search vocabulary not loaded at start'));
    dishIndex.current().catch((err: unknown) => app.log.warn({ err }, 'dish index not loaded at start'));
    done();
  });

  // search_type=restaurant answers RestaurantSearch; preset and user_data answer PresetSearch
  const searchResponse = z.union([restaurantSearchResponseSchema, presetSearchResponseSchema]);
  // the answers go out as the service built them; checked against the schema outside production
  const serializerCompiler = listingSerializerCompiler({ verify: !deps.config.isProduction });
  for (const url of ['/api/v2/search.json', '/api/v2/search']) {
    r.get(
      url,
      {
        preHandler: [searchLimit, optionalUser(deps)],
        serializerCompiler,
        schema: {
          tags,
          summary:
            "Browse restaurants (search_type=restaurant) or presets (preset), or the signed-in user's lists (user_data)",
          hide: url.endsWith('.json'),
          querystring: searchQuerySchema,
          response: { 200: searchResponse, 401: errorBodySchema, 422: messagesBodySchema, 429: errorResponses[429] },
        },
      },
      async (request) => {
        const query = request.query;
        if (query.search_type === 'preset') return service.presets(query, request.user?.id);
        if (query.search_type === 'user_data') return service.userData(query, request.user?.id);
        return service.restaurants(query, request.user?.id);
      },
    );
  }

  r.get(
    '/api/v2/search/elastic_search',
    {
      preHandler: searchLimit,
      serializerCompiler,
      schema: {
        tags,
        summary: 'Navigation search: restaurants by relevance (full text with typo tolerance), then distance',
        querystring: quickSearchQuerySchema,
        response: { 200: quickSearchResponseSchema, 422: messagesBodySchema, 429: errorResponses[429] },
      },
    },
    async (request) => service.quick(request.query),
  );

  r.get(
    '/api/v2/search/all',
    {
      preHandler: [searchLimit, optionalUser(deps)],
      serializerCompiler,
      schema: {
        tags,
        summary:
          'Full search results (/search?q=): restaurants, presets and dishes matching the words, forgiving typos and plurals, with browsing filters',
        description:
          'Each query word finds the catalogue words it may mean: case and accents folded, plurals, one edit (a letter missing, extra, wrong or two swapped) in words of 4+ letters, two in words of 8+ (decision 065). Restaurants within the delivery radius of lat/lng or the address by relevance (words as typed first), then distance, presets in the chosen sort, dishes of the 40 first matching restaurants; per_group of each and their counts. did_you_mean corrects misspelt words.',
        querystring: searchAllQuerySchema,
        response: {
          200: searchAllResponseSchema,
          401: errorBodySchema,
          422: messagesBodySchema,
          429: errorResponses[429],
        },
      },
    },
    async (request) => service.all(request.query, request.user?.id),
  );
}
