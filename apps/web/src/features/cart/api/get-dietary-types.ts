import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

// GET api/v2/system_vars?value_types=preset_dietary_type: the dietary types a serving
// detail row can pick (ordering-payments §3 Serving detail).

export interface DietaryType {
  id: number;
  name: string;
  icon: string;
}

export const dietaryTypeKeys = { all: ['system-vars', 'preset_dietary_type'] as const };

export const getDietaryTypes = (signal?: AbortSignal) =>
  api
    .get<{ presetDietaryType?: DietaryType[] }>('/api/v2/system_vars', {
      query: { valueTypes: 'preset_dietary_type' },
      signal,
    })
    .then((body) => body.presetDietaryType ?? []);

export const dietaryTypesQueryOptions = () =>
  queryOptions({
    queryKey: dietaryTypeKeys.all,
    queryFn: ({ signal }) => getDietaryTypes(signal),
    staleTime: 30 * 60_000,
  });

export const useDietaryTypes = (enabled = true) => useQuery({ ...dietaryTypesQueryOptions(), enabled });
