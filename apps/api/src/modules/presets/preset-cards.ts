import type { Queryable } from '../../db/pool.js';
import { sharedCardCache } from './card-cache.js';
import { createPresetsRepository } from './presets.repository.js';

// Preset cards (the catalogue data of a listing's card) for the modules that list presets
// outside this one (search): read straight from the database (a user's own saved carts, which
// they edit) or through the app's shared card cache (card-cache.ts). Other modules call this
// instead of the presets repository (.dependency-cruiser.cjs, api-no-foreign-repository).

export function presetCardsFrom(db: Queryable) {
  const presets = createPresetsRepository(db);
  const cardsByIds = (ids: readonly number[]) => presets.cardsByIds(ids);
  return { cardsByIds, cache: sharedCardCache(db, cardsByIds) };
}
/** Card rows by id, uncached, in the order of the ids (unknown ids left out). */
export type PresetCards = Pick<ReturnType<typeof presetCardsFrom>, 'cardsByIds'>;
