import { searchTokens, singularWord } from '@caterway/domain';
import type { DishRow } from './search.types.js';

// The full search's dishes in memory (issue 20 §2, decision 065): every dish of the active
// restaurants with the words of its name (folded, singular), by restaurant preset. A search
// tests the dishes of the restaurants it found against its query's word groups: no statement
// per request. A catalogue change re-reads the dishes of the restaurants it names
// (catalogue-sync.ts: a name, a price, a photo, a new or removed dish shows at once); the whole
// index is read again when it is older than its TTL, and after a reconnect.

export interface IndexedDish {
  row: DishRow;
  /** the words of its name, folded and singular */
  words: ReadonlySet<string>;
}

export interface DishIndexDeps {
  /** every dish of the active restaurants, or (with chefIds) those of these restaurants */
  load: (chefIds?: readonly number[]) => Promise<DishRow[]>;
  ttlMs?: number;
  now?: () => number;
}

export const DISH_INDEX_TTL_MS = 60_000;

interface State {
  at: number;
  /** restaurant preset id -> its dishes in menu order */
  byRestaurant: Map<number, IndexedDish[]>;
  /** chef id -> the restaurant presets it is in */
  restaurantsOf: Map<number, Set<number>>;
}

function indexed(row: DishRow): IndexedDish {
  return { row, words: new Set(searchTokens(row.name).map(singularWord)) };
}

function put(state: Pick<State, 'byRestaurant' | 'restaurantsOf'>, rows: readonly DishRow[]) {
  for (const row of rows) {
    const list = state.byRestaurant.get(row.restaurant_id);
    if (list) list.push(indexed(row));
    else state.byRestaurant.set(row.restaurant_id, [indexed(row)]);
    const restaurants = state.restaurantsOf.get(row.chef_id);
    if (restaurants) restaurants.add(row.restaurant_id);
    else state.restaurantsOf.set(row.chef_id, new Set([row.restaurant_id]));
  }
}

/**
 * Whether a dish's words hold each group (one of its words; both sides singular, see
 * singularGroups) and, when they do, whether they hold every word as typed (the group's first):
 * exact matches are listed first.
 */
export function dishMatch(words: ReadonlySet<string>, groups: readonly (readonly string[])[]): 'exact' | 'near' | null {
  let exact = true;
  for (const group of groups) {
    if (!group.some((w) => words.has(w))) return null;
    if (!words.has(group[0]!)) exact = false;
  }
  return exact ? 'exact' : 'near';
}

/** A query's word groups as dishMatch reads them: each word singular. */
export const singularGroups = (groups: readonly (readonly string[])[]): string[][] =>
  groups.map((g) => g.map(singularWord));

export function createDishIndex(deps: DishIndexDeps) {
  const ttlMs = deps.ttlMs ?? DISH_INDEX_TTL_MS;
  const now = deps.now ?? Date.now;
  let state: State | null = null;
  let loading: Promise<State> | null = null;
  /** changes apply in order, each after any full load that was running when it came */
  let changes: Promise<void> = Promise.resolve();

  const loadAll = () =>
    (loading ??= (async () => {
      try {
        const at = now();
        const fresh: State = { at, byRestaurant: new Map(), restaurantsOf: new Map() };
        put(fresh, await deps.load());
        // an empty catalogue (being seeded: the demo data of a first start) is read again next time
        state = fresh.byRestaurant.size ? fresh : null;
        return fresh;
      } finally {
        loading = null;
      }
    })());

  async function current(): Promise<State> {
    if (!state) return loadAll();
    // older than the TTL: read again in the background, the index held serving meanwhile
    if (now() - state.at > ttlMs) loadAll().catch(() => undefined);
    return state;
  }

  return {
    current,
    /**
     * The dishes of these restaurants (in this order) matching every word group; the first
     * limit (exact words first, then in the restaurants' and the menus' order) and how many.
     */
    async find(
      restaurantIds: readonly number[],
      groups: readonly (readonly string[])[],
      limit: number,
    ): Promise<{ total: number; items: DishRow[] }> {
      if (!groups.length) return { total: 0, items: [] };
      const { byRestaurant } = await current();
      const singular = singularGroups(groups);
      const exact: DishRow[] = [];
      const near: DishRow[] = [];
      for (const id of restaurantIds) {
        for (const dish of byRestaurant.get(id) ?? []) {
          const match = dishMatch(dish.words, singular);
          if (match === 'exact') exact.push(dish.row);
          else if (match === 'near') near.push(dish.row);
        }
      }
      return { total: exact.length + near.length, items: [...exact, ...near].slice(0, limit) };
    },
    /** A catalogue change of these restaurants: their dishes are read again (after any full load running). */
    forgetChefs(chefIds: readonly number[]): Promise<void> {
      const run = changes.then(async () => {
        if (loading) await loading.catch(() => undefined);
        const held = state;
        if (!held || !chefIds.length) return;
        const rows = await deps.load(chefIds);
        // a full load that finished meanwhile read them after the change too
        if (state !== held) return;
        const changed = new Set(chefIds);
        for (const chefId of chefIds) {
          for (const restaurantId of held.restaurantsOf.get(chefId) ?? []) {
            const kept = (held.byRestaurant.get(restaurantId) ?? []).filter((d) => !changed.has(d.row.chef_id));
            if (kept.length) held.byRestaurant.set(restaurantId, kept);
            else held.byRestaurant.delete(restaurantId);
          }
          held.restaurantsOf.delete(chefId);
        }
        put(held, rows);
      });
      changes = run.catch(() => undefined);
      return run;
    },
    /** Everything is read again (after a reconnect); the index held serves until then. */
    async refresh(): Promise<void> {
      if (loading) await loading.catch(() => undefined);
      await loadAll();
    },
  };
}
export type DishIndex = ReturnType<typeof createDishIndex>;
