import { useMemo, useState } from 'react';
import { useStore } from '../../lib/create-store';
import { hydrateLines, sameCart } from '../cart/cart-model';
import { memoryCartSource } from '../cart/cart-source';
import type { Preset } from '../cart/types';
import type { CateringOrderDetail } from '../checkout/api/catering-order-detail';
import { orderFormValues, tipOf } from '../checkout/checkout-form';
import { useOrderFormValues } from '../checkout/use-order-form-values';

/**
 * The edit page's cart and form (ordering-payments §2 'Edit catered order page'): the order as
 * saved (the baseline Cancel Changes restores), the cart and fields as edited, and what follows
 * from them: whether anything changed, the delivery the cart prices, the tip.
 */
export function useEditOrderForm(order: CateringOrderDetail, preset: Preset) {
  // the order as saved on the server: what Cancel Changes restores
  const [baseline, setBaseline] = useState(() => ({
    lines: hydrateLines(preset, order.presetItems),
    values: orderFormValues(order),
  }));
  const [source] = useState(() => memoryCartSource(baseline.lines));
  const lines = useStore(source.store);
  const { values, setValues, errors, setErrors, update } = useOrderFormValues(() => baseline.values);

  const modified = !sameCart(lines, baseline.lines) || JSON.stringify(values) !== JSON.stringify(baseline.values);
  const receivingMethod = order.orderType;
  const delivery = useMemo(
    () => ({
      address: values.address,
      lat: null,
      lng: null,
      deliveryDate: values.date,
      deliveryTime: values.time,
      receivingMethod,
    }),
    [values.address, values.date, values.time, receivingMethod],
  );
  // an add-on order is priced as one (no delivery fee, no tip of its own), as the server reprices it
  const isAddOn = order.parentOrderId !== null;
  const tip = useMemo(
    () => (isAddOn ? null : tipOf({ tip: values.tip, tipAmount: values.tipAmount })),
    [isAddOn, values.tip, values.tipAmount],
  );

  /** The saved edit is the new starting point: nothing left to cancel. */
  const commit = () => {
    setBaseline({ lines, values });
    source.restart(lines);
  };

  /** Cancel Changes: the cart and the fields as saved. */
  const discard = () => {
    source.reset(preset);
    setValues(baseline.values);
    setErrors({});
  };

  return {
    source,
    lines,
    values,
    setValues,
    errors,
    setErrors,
    update,
    modified,
    receivingMethod,
    delivery,
    isAddOn,
    tip,
    commit,
    discard,
  };
}

export type EditOrderForm = ReturnType<typeof useEditOrderForm>;
