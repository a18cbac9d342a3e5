import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { settingsKeys } from './get-current-profile';

// GET api/v2/system_vars?value_types=preset_dietary_type,preset_cuisine_type (browse-account-orders §7).
interface SystemVar {
  id: number;
  name: string;
  icon: string;
}
export interface ProfileChoices {
  cuisines: string[];
  dietaryTypes: string[];
}

export const getProfileChoices = (signal?: AbortSignal): Promise<ProfileChoices> =>
  api
    .get<{ presetDietaryType?: SystemVar[]; presetCuisineType?: SystemVar[] }>('/api/v2/system_vars', {
      query: { valueTypes: 'preset_dietary_type,preset_cuisine_type' },
      signal,
    })
    .then((b) => ({
      cuisines: (b.presetCuisineType ?? []).map((v) => v.name),
      dietaryTypes: (b.presetDietaryType ?? []).map((v) => v.name),
    }));

export const profileChoicesQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.systemVars(),
    queryFn: ({ signal }) => getProfileChoices(signal),
    staleTime: 5 * 60_000,
    retry: false,
  });

export const useProfileChoices = () => useQuery(profileChoicesQueryOptions());
