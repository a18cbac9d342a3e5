// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { quebecTotals } from '../../../test/quebec-order';
import { CheckoutCompleted, isOrderReceipt, type OrderReceipt } from './checkout-completed';

// The thank-you page (ordering-payments §2) keeps its texts and, coming from the checkout, shows
// the order as placed: the server's breakdown with each tax and the tip, the PO number given.

afterEach(cleanup);

const totals = quebecTotals({ percent: 15 });
const receipt: OrderReceipt = {
  orderNumber: 'CW-2026-000031',
  totalCents: totals.totalCents,
  totals,
  cutleryCount: 0,
  deliveryFee: true,
  poNumber: 'PO-4471',
  costCentre: '',
};

const show = (r?: OrderReceipt) =>
  render(
    <MemoryRouter>
      <CheckoutCompleted homeHref="/" receipt={r} />
    </MemoryRouter>,
  );
const rows = (selector: string) =>
  [...document.querySelectorAll(`${selector} > div`)].map((row) => [
    row.querySelector('dt')!.textContent,
    row.querySelector('dd')!.textContent,
  ]);

describe('the completed page', () => {
  it("shows the placed order's taxes, tip, total and PO number under the spec's texts", () => {
    show(receipt);
    screen.getByRole('heading', { name: 'Thank you! Your order has been submitted' });
    screen.getByText('You will receive a response shortly!');
    screen.getByRole('heading', { name: 'Order CW-2026-000031' });
    expect(rows('dl.checkout-totals')).toEqual([
      ['Subtotal', '$100.07'],
      ['Delivery Fee', '$12.50'],
      ['GST 5.000%', '$5.63'],
      ['QST 9.975%', '$11.23'],
      ['Tip', '$15.01'],
      ['Total', '$144.44'],
    ]);
    expect(rows('dl.order-receipt-facts')).toEqual([['PO number', 'PO-4471']]);
  });

  it('shows only the charge when the breakdown does not add up to it', () => {
    show({ ...receipt, totalCents: receipt.totalCents + 1 });
    expect(document.querySelector('dl.checkout-totals')).toBeNull();
    screen.getByText('Total $144.45');
  });

  it('shows the texts alone without a receipt (a reload), and refuses a state that is not one', () => {
    show();
    screen.getByRole('heading', { name: 'Thank you! Your order has been submitted' });
    expect(screen.queryByRole('heading', { name: /^Order / })).toBeNull();
    expect(isOrderReceipt(receipt)).toBe(true);
    expect(isOrderReceipt({ orderNumber: 'CW-1', totalCents: 5 })).toBe(false);
    expect(isOrderReceipt(null)).toBe(false);
  });
});
