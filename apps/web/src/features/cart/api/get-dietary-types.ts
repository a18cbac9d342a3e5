import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SystemVarType } from '@caterway/contracts';
import { catalogueClient, catalogueKeys } from '@caterway/contracts/client';
import { connect } from '../../../api/clients';

// GET api/v2/system_vars?value_types=preset_dietary_type: the dietary types a serving
// detail row can pick (ordering-payments §3 Serving detail).

const catalogue = connect(catalogueClient);
const TYPES: readonly SystemVarType[] = ['preset_dietary_type'];

export const getDietaryTypes = (signal?: AbortSignal) =>
  catalogue.systemVars(TYPES, { signal }).then((body) => body.presetDietaryType ?? []);

export const dietaryTypesQueryOptions = () =>
  queryOptions({
    queryKey: catalogueKeys.systemVars(TYPES),
    queryFn: ({ signal }) => getDietaryTypes(signal),
    staleTime: 30 * 60_000,
  });

export const useDietaryTypes = (enabled = true) => useQuery({ ...dietaryTypesQueryOptions(), enabled });
