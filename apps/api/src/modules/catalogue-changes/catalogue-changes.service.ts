import type { PartnerRestaurant } from '@caterway/contracts';
import type { Queryable } from '../../db/pool.js';
import {
  createCatalogueChangesRepository,
  type AuditActorRole,
  type AuditEntry,
} from './catalogue-changes.repository.js';

export { CATALOGUE_CHANNEL, type AuditEntry, type AuditRow } from './catalogue-changes.repository.js';

/** Who changes a restaurant: the signed-in user and the role the partner guard found. */
export interface RestaurantActor {
  userId: number | null;
  role: AuditActorRole;
}

/** The actor of a request behind requireRestaurantRole. */
export function actorOf(userId: number, restaurant: Pick<PartnerRestaurant, 'role'>): RestaurantActor {
  return { userId, role: restaurant.role };
}

/**
 * The audit log and the catalogue's versions (decision 051), for every module that changes a
 * restaurant: `record` in the change's transaction writes the audit row and, when the change
 * touched catalogue rows (`catalogue: true`), bumps the version and announces it to every instance.
 */
export function createCatalogueChangesService(db: Queryable) {
  const repo = createCatalogueChangesRepository(db);
  return {
    async record(
      tx: Queryable,
      actor: RestaurantActor,
      entry: Omit<AuditEntry, 'actorUserId' | 'actorRole'>,
      options: { catalogue: boolean },
    ): Promise<void> {
      await repo.audit({ ...entry, actorUserId: actor.userId, actorRole: actor.role }, tx);
      if (options.catalogue) await repo.catalogueChanged([entry.chefId], tx);
    },
    catalogueChanged: (chefIds: readonly number[], tx?: Queryable) => repo.catalogueChanged(chefIds, tx),
    auditLog: (chefId: number, options: { before?: number; limit: number }) => repo.auditLog(chefId, options),
    versions: () => repo.versions(),
    reachOf: (chefIds: readonly number[]) => repo.reachOf(chefIds),
  };
}

export type CatalogueChangesService = ReturnType<typeof createCatalogueChangesService>;
