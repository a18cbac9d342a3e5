import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SystemVarType } from '@caterway/contracts';
import { catalogueClient, catalogueKeys } from '@caterway/contracts/client';
import { connect } from '../../../api/clients';

// GET api/v2/system_vars?value_types=preset_dietary_type,preset_cuisine_type (browse-account-orders §7).

const catalogue = connect(catalogueClient);
const TYPES: readonly SystemVarType[] = ['preset_dietary_type', 'preset_cuisine_type'];

export interface ProfileChoices {
  cuisines: string[];
  dietaryTypes: string[];
}

export const getProfileChoices = (signal?: AbortSignal): Promise<ProfileChoices> =>
  catalogue.systemVars(TYPES, { signal }).then((b) => ({
    cuisines: (b.presetCuisineType ?? []).map((v) => v.name),
    dietaryTypes: (b.presetDietaryType ?? []).map((v) => v.name),
  }));

export const profileChoicesQueryOptions = () =>
  queryOptions({
    queryKey: catalogueKeys.systemVars(TYPES),
    queryFn: ({ signal }) => getProfileChoices(signal),
    staleTime: 5 * 60_000,
    retry: false,
  });

export const useProfileChoices = () => useQuery(profileChoicesQueryOptions());
