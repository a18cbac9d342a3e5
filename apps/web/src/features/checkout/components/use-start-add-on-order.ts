import { useState } from 'react';
import { useNavigate } from 'react-router';
import { messages } from '@caterway/domain';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { notify } from '../../../stores/notifications';
import { createAddOnOrder } from '../api/catering-order-detail';

/**
 * Add Addon Order (issue 5 item 5): POST api/v2/catering_orders/{id}/add_on_order, then the add-on
 * page with aoId, presetId and parentId; a refusal shows the spec's failure toast. For My Orders'
 * detail modal (composed in by its route).
 */
export function useStartAddOnOrder() {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const start = async (parentId: number) => {
    setPending(true);
    try {
      const addOn = await createAddOnOrder(parentId);
      void navigate(paths.addOnOrder.getHref(addOn.id, addOn.presetId, parentId));
    } catch (error) {
      if (isApiError(error) && error.status === 401) return;
      notify({ tone: 'error', message: messages.addOnCreateFailed });
    } finally {
      setPending(false);
    }
  };
  return { start, pending };
}
