// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { orderFormValues, type CheckoutFormErrors, type CheckoutFormValues } from '../checkout-form';
import { placedOrder as placed, withTip } from '../checkout.test-helpers';
import { OrderFields } from './order-fields';

// The order form as the edit page shows a placed order (issue 17): its tip, PO number, cost
// centre and on-site contact filled in; an add-on's form has no tip or on-site contact.

afterEach(cleanup);

let latest: CheckoutFormValues;
function Form({
  start,
  receivingMethod = 'delivery',
  addOn = false,
}: {
  start: CheckoutFormValues;
  receivingMethod?: 'delivery' | 'pickup';
  addOn?: boolean;
}) {
  const [values, setValues] = useState(start);
  const [errors, setErrors] = useState<CheckoutFormErrors>({});
  useEffect(() => {
    latest = values;
  }, [values]);
  return (
    <form>
      <OrderFields
        formId="edit"
        values={values}
        errors={errors}
        update={(next) => setValues((v) => ({ ...v, ...next }))}
        setValues={setValues}
        setErrors={setErrors}
        receivingMethod={receivingMethod}
        restaurantAddress="1 Rue Sainte-Catherine"
        addOn={addOn}
      />
    </form>
  );
}

const value = (label: string | RegExp) => screen.getByLabelText<HTMLInputElement>(label).value;
const isChecked = (name: string) => screen.getByRole<HTMLInputElement>('radio', { name }).checked;

describe('the edit form of a placed order', () => {
  it('pre-fills a tip given as an amount, the PO number, cost centre and on-site contact', () => {
    render(<Form start={orderFormValues(placed({}))} />);
    expect(isChecked('Other amount')).toBe(true);
    expect(value('Tip amount ($)')).toBe('7.25');
    expect(value(/PO number/)).toBe('PO-4471');
    expect(value(/Cost centre/)).toBe('CC 310-Marketing');
    expect(
      screen.getByRole<HTMLInputElement>('checkbox', { name: 'Someone else will receive the order' }).checked,
    ).toBe(true);
    expect(value('On-site contact name')).toBe('Sam Lee');
    expect(value('On-site contact phone')).toBe('514-555-0199');
  });

  it('pre-fills a tip given as a percent, and no on-site contact when there was none', () => {
    render(
      <Form
        start={orderFormValues(
          placed({ tipPercent: 15, totals: withTip(1590), onsiteContactName: '', onsiteContactPhone: '' }),
        )}
      />,
    );
    const tips = screen.getByRole('radiogroup', { name: 'Tip' });
    expect(
      within(tips)
        .getAllByRole('radio')
        .map((r) => [r.parentElement!.textContent, (r as HTMLInputElement).checked]),
    ).toEqual([
      ['None', false],
      ['10%', false],
      ['15%', true],
      ['18%', false],
      ['Other amount', false],
    ]);
    expect(screen.queryByLabelText('Tip amount ($)')).toBeNull();
    expect(screen.queryByLabelText('On-site contact name')).toBeNull();
  });

  it("opens the on-site contact from the keyboard, and a change of tip is the form's", async () => {
    const user = userEvent.setup();
    render(
      <Form start={orderFormValues(placed({ onsiteContactName: '', onsiteContactPhone: '', totals: withTip(0) }))} />,
    );
    expect(isChecked('None')).toBe(true);
    screen.getByRole('checkbox', { name: 'Someone else will receive the order' }).focus();
    await user.keyboard(' ');
    await user.type(screen.getByLabelText('On-site contact name'), 'Sam Lee');
    await user.click(screen.getByRole('radio', { name: '18%' }));
    expect(latest).toMatchObject({ onsiteContact: true, onsiteContactName: 'Sam Lee', tip: '18' });
  });

  it("has no tip or on-site contact for an add-on (it rides on its parent's), but a PO number and cost centre", () => {
    render(<Form start={orderFormValues(placed({}))} addOn />);
    expect(screen.queryByRole('radiogroup', { name: 'Tip' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Someone else will receive the order' })).toBeNull();
    expect(value(/PO number/)).toBe('PO-4471');
  });

  it('has no on-site contact for pickup', () => {
    render(<Form start={orderFormValues(placed({}))} receivingMethod="pickup" />);
    expect(screen.queryByRole('checkbox', { name: 'Someone else will receive the order' })).toBeNull();
    screen.getByRole('radiogroup', { name: 'Tip' });
  });
});
