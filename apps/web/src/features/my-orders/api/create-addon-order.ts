import { useMutation } from '@tanstack/react-query';
import { ordersClient } from '@caterway/contracts/client';
import { connect } from '../../../api/clients';

const orders = connect(ordersClient);

// POST api/v2/catering_orders/{id}/add_on_order (browse-account-orders §7): answers the add-on's id and preset.
export const createAddonOrder = (parentId: number) => orders.createAddOn(parentId);

/** The page words its own failure ('Sorry, we are not able to create the add on order...'). */
export const useCreateAddonOrder = () => useMutation({ mutationFn: createAddonOrder, meta: { handlesErrors: true } });
