import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { orderKeys, type GroupOrderDetail } from './types';

// GET api/v2/group_orders/{id}/detail (browse-account-orders §3 'Group order detail', §7): the
// detail modal of a Group Order entry; the entry's id is the group order's id.
export const getGroupOrderDetail = (id: number, signal?: AbortSignal) =>
  api
    .get<{ groupOrder: GroupOrderDetail }>(`/api/v2/group_orders/${id}/detail`, { signal })
    .then((body) => body.groupOrder);

export const groupOrderDetailQueryOptions = (id: number) =>
  queryOptions({
    queryKey: orderKeys.groupDetail(id),
    queryFn: ({ signal }) => getGroupOrderDetail(id, signal),
    staleTime: 0,
  });

export const useGroupOrderDetail = (id: number) => useQuery(groupOrderDetailQueryOptions(id));
