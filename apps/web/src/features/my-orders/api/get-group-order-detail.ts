import { queryOptions, useQuery } from '@tanstack/react-query';
import { groupOrderKeys, groupOrdersClient } from '@caterway/contracts/client';
import { wireTransport } from '../../../lib/api-client';
import { camelizeKeys } from '../../../lib/case';
import type { GroupOrderDetail } from './types';

// GET api/v2/group_orders/{id}/detail (browse-account-orders §3 'Group order detail', §7): the
// detail modal of a Group Order entry; the entry's id is the group order's id. Through the
// group-order client the group-order site shares (decision 041), camelCased as this app reads it.
export const getGroupOrderDetail = (id: number, signal?: AbortSignal) =>
  groupOrdersClient(wireTransport)
    .detail(id, { signal })
    .then((detail) => camelizeKeys<GroupOrderDetail>(detail));

export const groupOrderDetailQueryOptions = (id: number) =>
  queryOptions({
    queryKey: groupOrderKeys.detail(id),
    queryFn: ({ signal }) => getGroupOrderDetail(id, signal),
    staleTime: 0,
  });

export const useGroupOrderDetail = (id: number) => useQuery(groupOrderDetailQueryOptions(id));
