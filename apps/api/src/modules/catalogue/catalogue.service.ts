import {
  parseSystemVarTypes,
  systemVarsResponseSchema,
  type SystemVar,
  type SystemVarsQuery,
  type SystemVarType,
} from '@caterway/contracts';
import type { Queryable } from '../../db/pool.js';
import { validationFailed } from '../../lib/errors.js';
import { prepareJson, type PreparedJson } from '../../lib/serialised-json.js';
import { createTtlCache } from '../../lib/ttl-cache.js';
import { createCatalogueRepository, type CatalogueRepository } from './catalogue.repository.js';

export function createCatalogueService({
  catalogueRepository,
  cache = { ttlMs: 60_000 },
}: {
  catalogueRepository: Pick<CatalogueRepository, 'findSystemVars'>;
  /** how long an answer is kept (docs/decisions/018: reference data the API never writes) */
  cache?: { ttlMs: number; now?: () => number };
}) {
  // one answer kept ready to send per list of requested types (a handful: the types are a closed set)
  const answers = createTtlCache<string, PreparedJson>({ ttlMs: cache.ttlMs, now: cache.now, maxEntries: 32 });

  async function systemVars(types: readonly SystemVarType[]): Promise<Partial<Record<SystemVarType, SystemVar[]>>> {
    const rows = await catalogueRepository.findSystemVars(types);
    const out: Partial<Record<SystemVarType, SystemVar[]>> = {};
    for (const type of types) out[type] = [];
    for (const row of rows) out[row.value_type]?.push({ id: row.id, name: row.name, icon: row.icon });
    return out;
  }

  return {
    /** Drops the kept answers (decision 056: after a missed catalogue notification; no restaurant's change reaches them). */
    forgetAll(): void {
      answers.clear();
    },
    /**
     * The spec's system vars (browse-account-orders §7: GET api/v2/system_vars): only the
     * requested types, each a list of { id, name, icon } in display order. Answered serialised
     * (validated against its schema once, kept as bytes with an ETag) from memory, up to 60 s old.
     */
    async systemVarsJson(query: SystemVarsQuery): Promise<PreparedJson> {
      const { types, unknown } = parseSystemVarTypes(query);
      if (unknown.length) throw validationFailed(unknown.map((u) => `Value types: unknown type ${u}`));
      return answers.get(types.join(','), async () =>
        prepareJson(JSON.stringify(systemVarsResponseSchema.parse(await systemVars(types)))),
      );
    },
  };
}
export type CatalogueService = ReturnType<typeof createCatalogueService>;

/**
 * The system vars of the given types as stored (display order), read straight from the
 * database: the catalogue module's read that other modules (account settings) call instead of
 * its repository.
 */
export function systemVarsReaderFrom(db: Queryable) {
  const catalogue = createCatalogueRepository(db);
  return (types: readonly SystemVarType[]) => catalogue.findSystemVars(types);
}
