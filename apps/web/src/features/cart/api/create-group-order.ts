import type { QueryClient } from '@tanstack/react-query';
import type { CartDelivery } from '../types';

// POST api/v2/group_orders {preset_id, delivery_params} -> 201 {uuid} (ordering-payments §4
// 'Group Order'; only for presets with exactly one chef), through the group-order client the
// group-order site shares (decision 041). The client, and the rest of the way to the group-order
// site (its address, the page's query), load on the click: the restaurant and preset pages that
// offer the button sit at their JavaScript budget (docs/decisions/014, 053).

/** Creates the group order and answers the group-order site's page for it (with the saved delivery). */
export async function startGroupOrder(queryClient: QueryClient, presetId: number, delivery: CartDelivery) {
  const { startGroupOrder: start } = await import('./group-orders-client');
  return start(queryClient, presetId, delivery);
}
