import type { Queryable } from '../../db/pool.js';
import { createOrderCatalogueRepository } from './order-catalogue.repository.js';

// The catalogue as orders see it (a preset, its chefs, menus with their items), read straight
// from the database, lent to the modules that check or build a cart the same way an order
// does: saved presets, favorites, group orders and suggestions. The SQL stays in this module's
// repository (order-catalogue.repository.ts); other modules call these reads, never the
// repository (.dependency-cruiser.cjs, api-no-foreign-repository). Each read takes the caller's
// transaction as `tx` when it has one.

export function createOrderCatalogueReads(db: Queryable) {
  const repo = createOrderCatalogueRepository(db);
  return {
    findPreset: (id: number, tx?: Queryable) => repo.findPreset(id, tx),
    /** The preset's chefs, lead chef first. */
    findChefsOfPreset: (presetId: number, tx?: Queryable) => repo.findChefsOfPreset(presetId, tx),
    findChef: (id: number, tx?: Queryable) => repo.findChef(id, tx),
    findPresetItems: (presetId: number, tx?: Queryable) => repo.findPresetItems(presetId, tx),
    /** Menus by id (deleted ones too: the caller refuses them), each with its menu items. */
    findMenus: (ids: readonly number[], tx?: Queryable) => repo.findMenus(ids, tx),
    /** Every live menu of the chefs, in menu order, with menu items. */
    findMenusOfChefs: (chefIds: readonly number[], tx?: Queryable) => repo.findMenusOfChefs(chefIds, tx),
  };
}
export type OrderCatalogueReads = ReturnType<typeof createOrderCatalogueReads>;
