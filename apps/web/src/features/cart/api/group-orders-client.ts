import type { QueryClient } from '@tanstack/react-query';
import { groupOrdersClient } from '@caterway/contracts/client';
import { connect } from '../../../api/clients';
import { groupOrderPageUrl } from '../../../lib/group-orders-site';
import { siteConfigQueryOptions } from '../../../lib/site-config';
import type { CartDelivery } from '../types';

// The group-order client, in a module of its own so that it is loaded on the click (create-group-order.ts).
export const groupOrders = connect(groupOrdersClient);

/** Create Group Order's click: the group order created, and the site's page for it. */
export async function startGroupOrder(queryClient: QueryClient, presetId: number, delivery: CartDelivery) {
  const [{ groupOrdersUrl }, { uuid }] = await Promise.all([
    queryClient.fetchQuery(siteConfigQueryOptions()),
    groupOrders.create({
      preset_id: presetId,
      delivery_params: {
        address: delivery.address || undefined,
        lat: delivery.lat ?? undefined,
        lng: delivery.lng ?? undefined,
        delivery_date: delivery.deliveryDate,
        delivery_time: delivery.deliveryTime,
      },
    }),
  ]);
  return groupOrderPageUrl(groupOrdersUrl, uuid, delivery);
}
