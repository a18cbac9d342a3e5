import type { SystemVarType } from '@caterway/contracts';
import type { Queryable } from '../../db/pool.js';

// The only SQL of the catalogue module. Later issues add chefs, menus and presets here.
export interface SystemVarRow {
  id: number;
  value_type: SystemVarType;
  name: string;
  icon: string;
}

export function createCatalogueRepository(db: Queryable) {
  return {
    async findSystemVars(types: readonly SystemVarType[], tx: Queryable = db): Promise<SystemVarRow[]> {
      if (!types.length) return [];
      const { rows } = await tx.query<SystemVarRow>(
        `SELECT id, value_type, name, icon FROM system_vars
          WHERE value_type = ANY($1::text[])
          ORDER BY value_type, position, name`,
        [types],
      );
      return rows;
    },
  };
}
export type CatalogueRepository = ReturnType<typeof createCatalogueRepository>;
