import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

// POST api/v2/catering_orders/{id}/add_on_order (browse-account-orders §7): answers the add-on's id and preset.
export const createAddonOrder = (parentId: number) =>
  api.post<{ id: number; presetId: number }>(`/api/v2/catering_orders/${parentId}/add_on_order`);

/** The page words its own failure ('Sorry, we are not able to create the add on order...'). */
export const useCreateAddonOrder = () => useMutation({ mutationFn: createAddonOrder, meta: { handlesErrors: true } });
