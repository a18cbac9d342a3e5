import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { DeliveryFeeResponse } from '../types';

// POST api/v2/delivery_fee_by_distance (ordering-payments §7 'Delivery fee'): the fee of the
// first chef's distance range for the delivery address. Public. Until it answers the fee is 0
// (ordering-payments §9 'Default delivery fee 0 until fetched').

export interface DeliveryFeeParams {
  chefId: number;
  lat: number | null;
  lng: number | null;
  address: string;
}

export const deliveryFeeKeys = {
  all: ['delivery-fee'] as const,
  detail: (p: DeliveryFeeParams) => [...deliveryFeeKeys.all, p.chefId, p.lat, p.lng, p.address] as const,
};

export const getDeliveryFee = (p: DeliveryFeeParams, signal?: AbortSignal) =>
  api.post<DeliveryFeeResponse>(
    '/api/v2/delivery_fee_by_distance',
    { chefId: p.chefId, userLat: p.lat ?? undefined, userLng: p.lng ?? undefined, address: p.address || undefined },
    { signal },
  );

export const deliveryFeeQueryOptions = (p: DeliveryFeeParams) =>
  queryOptions({
    queryKey: deliveryFeeKeys.detail(p),
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
