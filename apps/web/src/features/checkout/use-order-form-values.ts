import { useState } from 'react';
import type { CheckoutFormErrors, CheckoutFormValues } from './checkout-form';

/** An order form's fields and their errors; `update` changes fields and clears their errors. */
export function useOrderFormValues(initial: () => CheckoutFormValues) {
  const [values, setValues] = useState<CheckoutFormValues>(initial);
  const [errors, setErrors] = useState<CheckoutFormErrors>({});
  const update = (next: Partial<CheckoutFormValues>) => {
    setValues((v) => ({ ...v, ...next }));
    setErrors((e) => {
      const copy = { ...e };
      for (const key of Object.keys(next) as (keyof CheckoutFormValues)[]) delete copy[key];
      return copy;
    });
  };
  return { values, setValues, errors, setErrors, update };
}
