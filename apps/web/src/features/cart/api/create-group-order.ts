import { api } from '../../../lib/api-client';

// POST api/v2/group_orders {preset_id, delivery_params} -> 201 {uuid} (ordering-payments §4
// 'Group Order'; only for presets with exactly one chef).
export interface GroupOrderDeliveryParams {
  address?: string;
  lat?: number;
  lng?: number;
  deliveryDate?: string;
  deliveryTime?: string;
}

export const createGroupOrder = (presetId: number, deliveryParams: GroupOrderDeliveryParams) =>
  api.post<{ uuid: string }>('/api/v2/group_orders', { presetId, deliveryParams });
