import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { orderKeys, type CateringOrderDetail } from './types';

// GET api/v2/catering_orders/{id} (browse-account-orders §7): the order detail modal's data.
export const getCateringOrder = (id: number, signal?: AbortSignal) =>
  api
    .get<{ cateringOrder: CateringOrderDetail }>(`/api/v2/catering_orders/${id}`, { signal })
    .then((body) => body.cateringOrder);

export const cateringOrderQueryOptions = (id: number) =>
  queryOptions({ queryKey: orderKeys.detail(id), queryFn: ({ signal }) => getCateringOrder(id, signal), staleTime: 0 });

export const useCateringOrder = (id: number) => useQuery(cateringOrderQueryOptions(id));
