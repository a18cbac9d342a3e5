// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { cateringOrderDetailResponseSchema, siteConfigResponseSchema } from '@caterway/contracts';
import { contractJson, errorAnswer, setupContractServer } from '@caterway/contracts/testing';
import { quebecTotals } from '../../../test/quebec-order';
import { renderPage, signIn } from '../../../test/render';
import { placedOrder, siteConfig } from '../../../test/wire';
import { CheckoutCompleted, isOrderReceipt, type OrderReceipt } from './checkout-completed';

// The thank-you page (ordering-payments §2) keeps its texts and, coming from the checkout, shows
// the order as placed: the server's breakdown with each tax and the tip, the PO number given.

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

const links = { home: '/', myOrders: '/my-orders', editOrder: (slug: string, id: number) => `/chefs/${slug}/${id}` };
const show = (r?: OrderReceipt, orderId?: number) =>
  renderPage(<CheckoutCompleted links={links} receipt={r} orderId={orderId} now={() => placedAt} />, {
    at: '/checkout-completed',
  });
/** "Need help with this order?" (issue 20 §4) once the site config's support line is in. */
const helpLine = async () => (await screen.findByText('Need help with this order?')).parentElement!;
const rows = (selector: string) =>
  [...document.querySelectorAll(`${selector} > div`)].map((row) => [
    row.querySelector('dt')!.textContent,
    row.querySelector('dd')!.textContent,
  ]);

describe('the completed page', () => {
  it("shows the placed order's taxes, tip, total and PO number under the spec's texts", async () => {
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
    expect((await helpLine()).textContent).toContain('and quote order CW-2026-000031.');
  });

  it('shows only the charge when the breakdown does not add up to it', async () => {
    show({ ...receipt, totalCents: receipt.totalCents + 1 });
    expect(document.querySelector('dl.checkout-totals')).toBeNull();
    screen.getByText('Total $144.45');
    await helpLine();
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

// Issue 20 part 3: the page reads the placed order back (?order=) and shows everything an office
// manager wants to keep: what was ordered, the charge, the delivery, how it was paid, what
// happens next, and the order's links, with the delivery as a calendar file.
const placedAt = new Date('2026-12-01T10:00:00Z');
let detail = placedOrder('2026-12-03', { restaurant_name: 'Maple Kitchen', preset_slug: 'maple-kitchen' });
let failRead = false;
setupContractServer(
  http.get('/api/v2/catering_orders/41', () =>
    failRead
      ? errorAnswer(500, 'Something went wrong')
      : contractJson(cateringOrderDetailResponseSchema, { catering_order: detail }),
  ),
  http.get('/api/v2/site_config', () => contractJson(siteConfigResponseSchema, siteConfig())),
);

describe('the completed page with the placed order', () => {
  it('shows what was ordered, the charge, the delivery, the payment and what happens next', async () => {
    signIn();
    failRead = false;
    detail = placedOrder('2026-12-03', {
      restaurant_name: 'Maple Kitchen',
      preset_slug: 'maple-kitchen',
      display_delivery_address: '1 Yonge St, Suite 1800, Toronto, ON',
      saved_cards: [{ name: 'Visa ending in 4242', payment_method_id: 'pm_1' }],
      selected_stripe_payment_method: 'pm_1',
    });
    show(receipt, 41);
    screen.getByText('Loading your order…');
    await screen.findByRole('heading', { name: 'Order CW-1041' });
    screen.getByRole('heading', { name: 'Thank you! Your order has been submitted' });
    expect(rows('dl.order-receipt-facts')).toEqual([
      ['Delivery', '2026-12-03 at 11:30 AM'],
      ['Address', '1 Yonge St, Suite 1800, Toronto, ON'],
      ['Payment', 'Visa ending in 4242'],
      ['PO number', 'PO-4471'],
    ]);
    expect([...document.querySelectorAll('.order-placed-items li')].map((li) => li.textContent)).toEqual([
      '6 × Dish 11$90.00',
      '2 × Dish 12$16.00',
    ]);
    expect(rows('dl.checkout-totals').at(-1)).toEqual(['Total', '$141.16']);
    screen.getByText(
      "What happens next: Maple Kitchen confirms your order within 2 hours. We email you as soon as it does; if it can't, nothing is charged.",
    );
    // processing at 12:00Z on Dec 3 is 7:00 AM in Toronto; placed on the Tuesday before
    screen.getByText('Changes lock Thu 7:00 AM · cancelling is free until then');
    expect(screen.getByRole('link', { name: 'Edit order' }).getAttribute('href')).toBe('/chefs/maple-kitchen/41');
    expect(screen.getByRole('link', { name: 'View in My Orders' }).getAttribute('href')).toBe('/my-orders');
    screen.getByText('Its invoice will be in My Orders once the order is delivered.');
    // the support line with the order's number (issue 20 §4)
    const help = await helpLine();
    expect(help.textContent).toBe(
      'Need help with this order? Call +1 (416) 555-0142 or email help@caterway.example and quote order CW-1041.',
    );
    expect(within(help).getByRole('link', { name: 'help@caterway.example' }).getAttribute('href')).toBe(
      'mailto:help@caterway.example?subject=Order%20CW-1041',
    );
  });

  it('says the restaurant confirmed an order it accepted at once, and offers no edit once locked', async () => {
    signIn();
    failRead = false;
    detail = placedOrder('2026-12-03', {
      status: 'Accepted',
      restaurant_name: 'Maple Kitchen',
      editable: false,
      purchased_with: 'acss_debit',
      is_eft: true,
    });
    show(undefined, 41);
    await screen.findByText('Maple Kitchen has confirmed your order.');
    expect(rows('dl.order-receipt-facts')).toContainEqual(['Payment', 'Bank debit (pre-authorized debit)']);
    expect(screen.queryByRole('link', { name: 'Edit order' })).toBeNull();
    expect(screen.queryByText(/^Changes lock/)).toBeNull();
    expect((await helpLine()).textContent).toContain('and quote order CW-1041.');
  });

  it('saves the delivery as an iCalendar file from the keyboard', async () => {
    signIn();
    failRead = false;
    detail = placedOrder('2026-12-03', { restaurant_name: 'Maple Kitchen' });
    const saved: Blob[] = [];
    // the browser's object URLs, for this test only; happy-dom would follow the download link to
    // the blob and leave the page there, where the later tests' fetches go nowhere
    const created = vi
      .spyOn(URL, 'createObjectURL')
      .mockImplementation((blob) => (saved.push(blob as Blob), 'blob:ics'));
    const revoked = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const stay = (event: Event) => event.preventDefault();
    document.addEventListener('click', stay);
    onTestFinished(() => {
      created.mockRestore();
      revoked.mockRestore();
      document.removeEventListener('click', stay);
    });
    show(undefined, 41);
    const button = await screen.findByRole('button', { name: 'Add to calendar' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    expect(saved).toHaveLength(1);
    const text = await saved[0]!.text();
    expect(text).toContain('DTSTART:20261203T153000Z');
    expect(text).toContain('SUMMARY:Catering delivery: Maple Kitchen (CW-1041)');
    expect(text).toContain('UID:order-41@caterway.ca');
    await helpLine();
  });

  it("keeps the checkout's receipt and points to My Orders when the order cannot be read", async () => {
    signIn();
    failRead = true;
    show(receipt, 41);
    await screen.findByText(/The order's details could not be loaded/);
    screen.getByRole('heading', { name: 'Order CW-2026-000031' });
    expect(screen.getByRole('link', { name: 'See it in My Orders' }).getAttribute('href')).toBe('/my-orders');
    expect((await helpLine()).textContent).toContain('and quote order CW-2026-000031.');
  });
});
