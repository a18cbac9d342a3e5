import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  OpsNewRestaurantBody,
  OpsRestaurant as WireOpsRestaurant,
  OpsRestaurantsQuery,
  OpsRestaurantStatusBody,
} from '@caterway/contracts';
import { opsClient, opsKeys } from '@caterway/contracts/client';
import { connect } from '../../../api/clients';
import type { Camelize } from '../../../types/catalogue';

const ops = connect(opsClient);

export type OpsRestaurant = Camelize<WireOpsRestaurant>;

// The console's restaurants (issue 19, decision 059): onboarding, publishing and suspending.

export const useOpsRestaurants = (query: OpsRestaurantsQuery) =>
  useQuery({
    queryKey: opsKeys.restaurants(query),
    queryFn: ({ signal }) => ops.restaurants(query, { signal }),
    placeholderData: keepPreviousData,
  });

export function useAddRestaurant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OpsNewRestaurantBody) => ops.addRestaurant(body),
    // the form shows the server's words above its fields
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: opsKeys.restaurantLists() }),
  });
}

export function useSetRestaurantStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ chefId, body }: { chefId: number; body: OpsRestaurantStatusBody }) =>
      ops.setRestaurantStatus(chefId, body),
    // the card and the suspend dialog say what went wrong
    meta: { handlesErrors: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: opsKeys.restaurantLists() }),
  });
}
