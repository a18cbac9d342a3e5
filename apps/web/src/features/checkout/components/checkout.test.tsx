// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  checkoutOrderResponseSchema,
  createCateringOrderBodySchema,
  currentUserResponseSchema,
  finalizedOrderResponseSchema,
  finalizeOrderBodySchema,
  paymentConfigResponseSchema,
  sessionStatusResponseSchema,
  updateCateringOrderBodySchema,
  userPaymentMethodsResponseSchema,
  type OrderPayload,
} from '@caterway/contracts';
import {
  contractBody,
  contractJson,
  errorAnswer,
  setupContractServer,
  validationFailure,
} from '@caterway/contracts/testing';
import { formatIsoDate, messages } from '@caterway/domain';
import { Component as CheckoutRoute } from '../../../app/routes/checkout';
import { camelizeKeys } from '../../../lib/case';
import { describedText, renderPage, signIn } from '../../../test/render';
import { activeSession, presetDetail, priceOrder, profile } from '../../../test/wire';
import type { CheckoutState } from '../../../types/checkout-state';
import { saveDelivery } from '../../delivery/delivery-store';

// The checkout (ordering-payments §2, §4, §5, §8) through its route with the cart in the
// navigation state: the session check, the profile's details, the order created on entry and
// priced by the server, the form's checks with the spec's messages, the payment modal and the
// finalize call, and the keyboard (focus on the first invalid field, Escape closing the modal).

const FEE = 1250;
const wirePreset = presetDetail();
const line = (id: number, menuId: number, quantity: number, priceCents: number) => ({
  id,
  menuId,
  chefId: 1,
  quantity,
  menuItemsMapping: {},
  specialInstruction: '',
  servingDetails: [],
  menuName: `Dish ${menuId}`,
  unitPriceCents: priceCents,
  lineTotalCents: quantity * priceCents,
});
const cartState: CheckoutState = {
  preset: camelizeKeys<CheckoutState['preset']>(wirePreset),
  deliveryPriceCents: FEE,
  checkoutData: [line(501, 11, 6, 1500), line(502, 12, 2, 800)],
  restaurantAddress: '1 King St W, Toronto, ON M5H 1A1',
  receivingMethod: 'delivery',
};

let sent: OrderPayload[] = [];
let finalized: { body: unknown; key: string | null }[] = [];
let refuseOrder: string[] | null = null;
let declineCard = false;

const orderAnswer = (payload: OrderPayload) =>
  contractJson(checkoutOrderResponseSchema, {
    catering_order: {
      id: 41,
      purchase_id: 'pur_41',
      client_secret: null,
      saved_cards: [],
      is_eft: false,
      full_name: 'Dana Park',
      email: 'dana@example.com',
      status: 'draft',
      totals: priceOrder(createCateringOrderBodySchema.parse({ catering_order: payload }).catering_order, FEE),
    },
  });

setupContractServer(
  http.get('/api/v2/session', () => contractJson(sessionStatusResponseSchema, activeSession())),
  http.get('/api/v2/current', () => contractJson(currentUserResponseSchema, { user: profile() })),
  http.post('/api/v2/catering_orders', async ({ request }) => {
    const raw = (await request.clone().json()) as { catering_order: OrderPayload };
    await contractBody(request, createCateringOrderBodySchema);
    sent.push(raw.catering_order);
    return orderAnswer(raw.catering_order);
  }),
  http.put('/api/v2/catering_orders/41', async ({ request }) => {
    const raw = (await request.clone().json()) as { catering_order: OrderPayload };
    if (refuseOrder) return validationFailure(refuseOrder);
    await contractBody(request, updateCateringOrderBodySchema);
    sent.push(raw.catering_order);
    return orderAnswer(raw.catering_order);
  }),
  http.post('/api/v2/catering_orders/41/finalize', async ({ request }) => {
    const key = request.headers.get('idempotency-key');
    finalized.push({ body: await contractBody(request, finalizeOrderBodySchema), key });
    if (declineCard) return errorAnswer(402, 'Your card was declined.');
    return contractJson(finalizedOrderResponseSchema, {
      catering_order: {
        id: 41,
        order_number: 'CW-1041',
        status: 'placed',
        total_cents: 13_391,
        payment_status: 'authorized',
      },
    });
  }),
  http.get('/api/v2/payments/config', () =>
    contractJson(paymentConfigResponseSchema, { provider: 'sandbox', publishable_key: '' }),
  ),
  http.get('/api/v2/user_payment_methods', () =>
    contractJson(userPaymentMethodsResponseSchema, {
      payment_methods: [
        {
          id: 1,
          name: 'Dana Park',
          payment_method_id: 'pm_visa',
          is_default: true,
          payment_type: 'card',
          brand: 'Visa',
          last4: '4242',
          exp_month: 12,
          exp_year: 2099,
          description: '',
        },
      ],
    }),
  ),
);

const inFiveDays = formatIsoDate(new Date(Date.now() + 5 * 86_400_000));
beforeEach(() => {
  sent = [];
  finalized = [];
  refuseOrder = null;
  declineCard = false;
  saveDelivery(
    { address: '1 Yonge St, Toronto, ON', lat: 43.64, lng: -79.37, deliveryDate: inFiveDays, deliveryTime: '11:30 AM' },
    'delivery',
  );
});

async function openCheckout() {
  signIn();
  renderPage(<CheckoutRoute />, { at: '/checkout', state: cartState });
  await screen.findByRole('radiogroup', { name: 'Tip' });
  // created on entry and priced by the server
  await waitFor(() =>
    expect(screen.queryByText('Estimated; the final price is confirmed when you continue.')).toBeNull(),
  );
}
const details = () => screen.getByRole('complementary', { name: 'Order details' });
const continueButton = () => screen.getByRole('button', { name: 'Continue to payment' });

describe('the checkout page', () => {
  it('says the cart is empty when the page has none', () => {
    renderPage(<CheckoutRoute />, { at: '/checkout' });
    screen.getByText(messages.cartEmpty);
    screen.getByRole('link', { name: 'Browse restaurants and presets' });
  });

  it('asks a visitor to sign in to pay', () => {
    renderPage(<CheckoutRoute />, { at: '/checkout', state: cartState });
    expect(screen.getByRole('status').textContent).toBe('Please Sign In to Pay.');
    screen.getByRole('button', { name: 'Sign In' });
  });

  it('fills the form from the profile and the delivery details, and creates the order the server prices', async () => {
    await openCheckout();
    expect(screen.getByLabelText<HTMLInputElement>('First name').readOnly).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Company').value).toBe('Maple Analytics');
    expect(screen.getByLabelText<HTMLInputElement>('Phone').value).toBe('416-555-0142');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      preset_id: 7,
      receiving_method: 'delivery',
      delivery_address: '1 Yonge St, Toronto, ON',
      delivery_date: inFiveDays,
      delivery_time: '11:30',
      delivery_fee: FEE,
      company_name: 'Maple Analytics',
    });
    expect(sent[0]!.preset_items.map((l) => [l.menu_id, l.quantity])).toEqual([
      [11, 6],
      [12, 2],
    ]);
    within(details()).getByText('$133.91', { selector: 'dd' });
    // the phones' one-line bar: the same total, leading to these details (issue 20)
    within(details()).getByRole('button', { name: 'Total $133.91, show the order details' });
  });

  it('checks the form with the spec messages and puts the focus on the first field in error', async () => {
    const user = userEvent.setup();
    await openCheckout();
    await user.clear(screen.getByLabelText('Company'));
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'dana@');
    await user.click(continueButton());
    const company = screen.getByLabelText('Company');
    expect(describedText(company)).toBe('Please fill in the required field.');
    expect(describedText(screen.getByLabelText('Email'))).toBe('Invalid email address');
    await waitFor(() => expect(document.activeElement).toBe(company));
    // nothing more was sent
    expect(sent).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks for both on-site contact details or neither', async () => {
    const user = userEvent.setup();
    await openCheckout();
    await user.click(screen.getByRole('checkbox', { name: 'Someone else will receive the order' }));
    await user.type(screen.getByLabelText('On-site contact name'), 'Sam Lee');
    await user.click(continueButton());
    expect(describedText(screen.getByLabelText('On-site contact phone'))).toBe(
      'Please give both the on-site contact name and phone, or neither.',
    );
  });

  it("lists the server's refusals that are about no field in the order details", async () => {
    refuseOrder = ['The delivery fee has changed to $14.00. Please review your order.'];
    const user = userEvent.setup();
    await openCheckout();
    await user.click(continueButton());
    expect((await within(details()).findByRole('alert')).textContent).toBe(
      'The delivery fee has changed to $14.00. Please review your order.',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('pays with the default saved card in the payment modal and goes to the completed page', async () => {
    const user = userEvent.setup();
    await openCheckout();
    await user.click(screen.getByRole('radio', { name: '10%' }));
    await user.click(continueButton());
    const modal = await screen.findByRole('dialog', { name: 'Pay by Credit Card' });
    expect(sent.at(-1)).toMatchObject({ tip_percent: 10, tip_cents: null });
    const visa = await within(modal).findByRole('radio', { name: /4242/ });
    expect((visa as HTMLInputElement).checked).toBe(true);
    await user.click(within(modal).getByRole('button', { name: /^Pay \$[\d,]+\.\d{2}$/ }));
    expect((await screen.findByRole('status', { name: 'Current page' })).textContent).toBe('/checkout-completed');
    expect(finalized).toEqual([
      { body: { purchase_id: 'pur_41', payment_method_id: 'pm_visa', save_card: false }, key: expect.any(String) },
    ]);
  });

  it('closes the payment modal with Escape, giving the focus back, and shows a card decline in the order details and the open modal', async () => {
    declineCard = true;
    const user = userEvent.setup();
    await openCheckout();
    continueButton().focus();
    await user.keyboard('{Enter}');
    let modal = await screen.findByRole('dialog', { name: 'Pay by Credit Card' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(continueButton());

    await user.keyboard('{Enter}');
    modal = await screen.findByRole('dialog', { name: 'Pay by Credit Card' });
    await within(modal).findByRole('radio', { name: /4242/ });
    await user.click(within(modal).getByRole('button', { name: /^Pay \$[\d,]+\.\d{2}$/ }));
    expect((await within(details()).findByRole('alert')).textContent).toBe('Your card was declined.');
    // the card form stays open with the reason, to pay with another card at once (issue 20)
    expect((await within(modal).findByRole('alert')).textContent).toBe('Your card was declined.');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
