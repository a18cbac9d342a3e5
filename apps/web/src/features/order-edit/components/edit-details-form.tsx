import type { FormEvent, RefObject } from 'react';
import { OrderFields } from '../../checkout/components/order-fields';
import type { EditOrderForm } from '../use-edit-order-form';

/** 'Edit details': the order's fields, as at checkout; Enter asks to update the order. */
export function EditDetailsForm({
  formId,
  formRef,
  form,
  restaurantAddress,
  onSubmit,
}: {
  formId: string;
  formRef: RefObject<HTMLFormElement | null>;
  form: EditOrderForm;
  restaurantAddress: string;
  onSubmit: () => void;
}) {
  return (
    <section className="container edit-order-details" aria-labelledby={`${formId}-details`}>
      <h2 id={`${formId}-details`}>Edit details</h2>
      <form
        ref={formRef}
        id={formId}
        className="form checkout-form"
        noValidate
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <OrderFields
          formId={formId}
          values={form.values}
          errors={form.errors}
          update={form.update}
          setValues={form.setValues}
          setErrors={form.setErrors}
          receivingMethod={form.receivingMethod}
          restaurantAddress={restaurantAddress}
          addOn={form.isAddOn}
        />
      </form>
    </section>
  );
}
