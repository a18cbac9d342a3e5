import { queryOptions, useQuery } from '@tanstack/react-query';
import { partnerClient, partnerKeys } from '@caterway/contracts/client';
import { connect } from '../../../api/clients';

const partner = connect(partnerClient);

// GET api/v2/partner/restaurants: the signed-in user's restaurants with their role there (every
// restaurant, as 'operations', for operations staff).
export const restaurantsQueryOptions = () =>
  queryOptions({
    queryKey: partnerKeys.restaurants(),
    queryFn: ({ signal }) => partner.restaurants({ signal }),
    meta: { handlesErrors: true },
  });

export const useRestaurants = (enabled = true) => useQuery({ ...restaurantsQueryOptions(), enabled });

// GET api/v2/partner/restaurants/{chefId}: one of them; 404 when the user has no role there.
export const restaurantQueryOptions = (chefId: number) =>
  queryOptions({
    queryKey: partnerKeys.restaurant(chefId),
    queryFn: ({ signal }) => partner.restaurant(chefId, { signal }),
    meta: { handlesErrors: true },
  });

export const useRestaurant = (chefId: number) => useQuery(restaurantQueryOptions(chefId));
