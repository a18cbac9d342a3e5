import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeliveryFeeBody } from '@caterway/contracts';
import { catalogueClient, catalogueKeys } from '@caterway/contracts/client';
import { connect } from '../../../api/clients';

// POST api/v2/delivery_fee_by_distance (ordering-payments §7 'Delivery fee'): the fee of the
// first chef's distance range for the delivery address. Public. Until it answers the fee is 0
// (ordering-payments §9 'Default delivery fee 0 until fetched').

const catalogue = connect(catalogueClient);

export interface DeliveryFeeParams {
  chefId: number;
  lat: number | null;
  lng: number | null;
  address: string;
}

const feeBody = (p: DeliveryFeeParams): DeliveryFeeBody => ({
  chef_id: p.chefId,
  user_lat: p.lat ?? undefined,
  user_lng: p.lng ?? undefined,
  address: p.address || undefined,
});

export const getDeliveryFee = (p: DeliveryFeeParams, signal?: AbortSignal) =>
  catalogue.deliveryFee(feeBody(p), { signal });

export const deliveryFeeQueryOptions = (p: DeliveryFeeParams) =>
  queryOptions({
    queryKey: catalogueKeys.deliveryFee(feeBody(p)),
    queryFn: ({ signal }) => getDeliveryFee(p, signal),
    staleTime: 5 * 60_000,
    // A failed lookup leaves the fee at 0 and the server recomputes it at checkout anyway.
    meta: { handlesErrors: true },
  });

export const useDeliveryFee = (p: DeliveryFeeParams | null) =>
  useQuery({
    ...deliveryFeeQueryOptions(p ?? { chefId: 0, lat: null, lng: null, address: '' }),
    enabled: p !== null && (p.lat !== null || p.address !== ''),
  });
