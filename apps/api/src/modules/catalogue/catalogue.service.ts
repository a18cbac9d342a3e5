import { parseSystemVarTypes, type SystemVar, type SystemVarsQuery, type SystemVarType } from '@caterway/contracts';
import { validationFailed } from '../../lib/errors.js';
import type { CatalogueRepository } from './catalogue.repository.js';

export function createCatalogueService({ catalogueRepository }: { catalogueRepository: Pick<CatalogueRepository, 'findSystemVars'> }) {
  return {
    /**
     * The spec's system vars (browse-account-orders §7: GET api/v2/system_vars): only the
     * requested types, each a list of { id, name, icon } in display order.
     */
    async systemVars(query: SystemVarsQuery): Promise<Partial<Record<SystemVarType, SystemVar[]>>> {
      const { types, unknown } = parseSystemVarTypes(query);
      if (unknown.length) throw validationFailed(unknown.map((u) => `Value types: unknown type ${u}`));
      const rows = await catalogueRepository.findSystemVars(types);
      const out: Partial<Record<SystemVarType, SystemVar[]>> = {};
      for (const type of types) out[type] = [];
      for (const row of rows) out[row.value_type]?.push({ id: row.id, name: row.name, icon: row.icon });
      return out;
    },
  };
}
export type CatalogueService = ReturnType<typeof createCatalogueService>;
