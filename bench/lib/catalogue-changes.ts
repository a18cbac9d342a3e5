import type { Db } from '../../apps/api/src/db/pool.js';
import {
  pricedDishes,
  setDishPrice,
  type PricedDish,
} from '../../apps/api/src/modules/catalogue-changes/catalogue-changes.test-helpers.js';

// The catalogue-change load of the benchmarks (decision 056): `perSecond` changes a second, each
// a dish price of a random restaurant of the benchmark catalogue (+1 cent, then back), with
// its version bump and NOTIFY catalogue_changed in the same transaction, as the portal's writers
// make them. Every API process on the database hears each one and drops what it reaches.

export interface CatalogueChangeLoad {
  /** changes committed so far */
  readonly made: number;
  stop(): Promise<void>;
}

export async function startCatalogueChanges(db: Db, perSecond: number): Promise<CatalogueChangeLoad> {
  const dishes: PricedDish[] = await pricedDishes(db, 100_000);
  if (!dishes.length) throw new Error('no catalogue preset with a priced dish to change');
  let made = 0;
  let running: Promise<void> = Promise.resolve();
  const bumped = new Set<number>();
  const timer = setInterval(() => {
    const dish = dishes[Math.floor(Math.random() * dishes.length)]!;
    // each dish goes up a cent and back down the next time it is picked: the catalogue stays as seeded
    const up = !bumped.delete(dish.menuId);
    if (up) bumped.add(dish.menuId);
    running = running
      .then(() => setDishPrice(db, dish, dish.priceCents + (up ? 1 : 0)))
      .then(() => {
        made++;
      });
  }, 1000 / perSecond);
  return {
    get made() {
      return made;
    },
    async stop() {
      clearInterval(timer);
      await running;
      // the dishes still a cent up go back
      for (const dish of dishes.filter((d) => bumped.has(d.menuId))) await setDishPrice(db, dish, dish.priceCents);
    },
  };
}
