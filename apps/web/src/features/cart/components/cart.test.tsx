// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  deliveryFeeBodySchema,
  deliveryFeeResponseSchema,
  presetDetailResponseSchema,
  systemVarsResponseSchema,
  presetAvailabilityResponseSchema,
} from '@caterway/contracts';
import { contractBody, contractJson, setupContractServer } from '@caterway/contracts/testing';
import { formatIsoDate, messages } from '@caterway/domain';
import { Component as PresetRoute } from '../../../app/routes/preset-detail';
import { Component as RestaurantRoute } from '../../../app/routes/restaurant';
import { modalStore } from '../../../stores/modals';
import { renderPage, signIn } from '../../../test/render';
import { presetDetail, wireMenu } from '../../../test/wire';
import type { CheckoutState } from '../../../types/checkout-state';
import { cartPriceChanges } from '../../checkout/components/checkout-page';
import { saveDelivery } from '../../delivery/delivery-store';
import { cartStore, resetCart } from '../cart-store';

// The cart on a restaurant page (ordering-payments §2, §4 Cart, §5, §9), rendered through the
// /chefs/{slug} route with the preset and the delivery fee from MSW: the default cart and its
// totals, editing and removing lines with their confirmations, the chef minimum, Reset to
// default, the sign-in gate before checkout, and the keyboard in its dialogs.

let deliverable = true;
/** what a test changes in the restaurant's detail */
let detailOver: Parameters<typeof presetDetail>[0] = {};
const feeRequests: unknown[] = [];
setupContractServer(
  // the slot notice asks whether the chosen time works: it does (no notice)
  http.get('/api/v2/presets/:id/availability', () =>
    contractJson(presetAvailabilityResponseSchema, {
      available: true,
      reason: null,
      message: null,
      next_available: null,
      why: null,
      earliest_available: null,
    }),
  ),
  http.get('/api/v2/presets/:slug', ({ params }) =>
    contractJson(presetDetailResponseSchema, { preset: presetDetail({ slug: String(params.slug), ...detailOver }) }),
  ),
  // the item dialog's dietary types
  http.get('/api/v2/system_vars', () =>
    contractJson(systemVarsResponseSchema, {
      preset_dietary_type: [
        { id: 1, name: 'Vegan', icon: '' },
        { id: 2, name: 'Gluten free', icon: '' },
      ],
    }),
  ),
  http.post('/api/v2/delivery_fee_by_distance', async ({ request }) => {
    feeRequests.push(await contractBody(request, deliveryFeeBodySchema));
    return contractJson(deliveryFeeResponseSchema, {
      delivery_fee: deliverable ? 1250 : 0,
      distance_km: deliverable ? 2.4 : 40,
      deliverable,
      ranges: [{ min_km: 0, max_km: 10, fee_cents: 1250 }],
      store_hours: {},
    });
  }),
);

beforeEach(() => {
  resetCart(7);
  resetCart(70);
  deliverable = true;
  detailOver = {};
  feeRequests.length = 0;
  const inFiveDays = formatIsoDate(new Date(Date.now() + 5 * 86_400_000));
  saveDelivery(
    { address: '1 Yonge St, Toronto, ON', lat: 43.64, lng: -79.37, deliveryDate: inFiveDays, deliveryTime: '11:30 AM' },
    'delivery',
  );
});

const cart = () => screen.getByRole('complementary', { name: 'Your order' });
const totals = () =>
  [...cart().querySelectorAll('dl > div')].map((row) => [
    row.querySelector('dt')!.textContent,
    row.querySelector('dd')!.textContent,
  ]);
/** The dishes in the cart's Menu and Additional items lists, by their Edit buttons. */
const lineNames = () =>
  within(cart())
    .queryAllByRole('button', { name: /^Edit / })
    .map((b) => b.getAttribute('aria-label')!.replace(/^Edit /, ''));

async function openRestaurant() {
  renderPage(<RestaurantRoute />, { at: '/chefs/maple-kitchen', path: '/chefs/:slug' });
  await screen.findByRole('complementary', { name: 'Your order' });
  // the fee has arrived
  await waitFor(() => expect(totals()).toContainEqual(['Delivery Fee', '$12.50']));
}

describe('the restaurant cart', () => {
  it("starts from the preset's default cart with the fetched delivery fee and the preset's tax", async () => {
    await openRestaurant();
    expect(lineNames()).toEqual(['Dish 11', 'Dish 12']);
    within(cart()).getByText('6 × $15.00');
    within(cart()).getByText('2 × $8.00');
    // $106.00 + $12.50, HST 13% on both: $15.41
    expect(totals()).toEqual([
      ['Subtotal', '$106.00'],
      ['Delivery Fee', '$12.50'],
      ['HST (ON) 13.000%', '$15.41'],
      ['Total', '$133.91'],
    ]);
    expect(feeRequests).toEqual([
      { chef_id: 1, user_lat: 43.64, user_lng: -79.37, address: '1 Yonge St, Toronto, ON' },
    ]);
    const progress = within(cart()).getByRole('progressbar', { name: 'Minimum order for Maple Kitchen' });
    expect(progress.getAttribute('aria-valuetext')).toBe('$106.00 of $100.00');
    within(cart()).getByText(messages.priceHelp);
  });

  it('asks a visitor to sign in before checkout', async () => {
    const user = userEvent.setup();
    await openRestaurant();
    await user.click(within(cart()).getAllByRole('button', { name: 'Checkout' }).at(-1)!);
    expect((await screen.findByRole('alert')).textContent).toContain('Please Sign In to CheckOut.');
    expect(modalStore.get()).toBe('signIn');
  });

  it('takes a signed-in customer to /checkout', async () => {
    signIn();
    const user = userEvent.setup();
    await openRestaurant();
    await user.click(within(cart()).getAllByRole('button', { name: 'Checkout' }).at(-1)!);
    expect((await screen.findByRole('status', { name: 'Current page' })).textContent).toBe('/checkout');
  });

  it('edits a line in its dialog, refusing a quantity under the dish minimum with the spec message', async () => {
    const user = userEvent.setup();
    await openRestaurant();
    await user.click(within(cart()).getByRole('button', { name: 'Edit Dish 11' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dish 11' });
    const quantity = within(dialog).getByLabelText('Quantity');
    await user.clear(quantity);
    await user.type(quantity, '3');
    await user.click(within(dialog).getByRole('button', { name: 'Save item' }));
    const refusal = 'Minimum order amount of 5 per item not met. Please increase quantity and continue.';
    expect(within(dialog).getAllByText(refusal).length).toBeGreaterThan(0);
    await user.clear(quantity);
    await user.type(quantity, '8');
    await user.click(within(dialog).getByRole('button', { name: 'Save item' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    within(cart()).getByText('8 × $15.00');
    expect(totals()[0]).toEqual(['Subtotal', '$136.00']);
  });

  it("shows a dish the restaurant 86'd as Sold out, disabled, and a sold-out option at 0 and locked in the dialog", async () => {
    const base = presetDetail();
    const options = [
      { id: 111, name: 'Rice', price_cents: 0, main_image_url: '', dietary_types: '' },
      { id: 112, name: 'Naan', price_cents: 200, main_image_url: '', dietary_types: '' },
    ];
    detailOver = {
      chefs: [
        {
          ...base.chefs[0]!,
          menus: [wireMenu(11, 1500, 5, { menu_items: options }), wireMenu(12, 800), wireMenu(13, 500)],
        },
      ],
      preset_items: base.preset_items.map((i) =>
        i.menu_id === 11 ? { ...i, menu_items: options, menu_items_mapping: { '111': 6, '112': 6 } } : i,
      ),
      sold_out: { menu_ids: [12, 13], menu_item_ids: [112] },
    };
    const user = userEvent.setup();
    await openRestaurant();
    const soldOut = screen.getByRole('button', { name: 'Sold out Dish 13' });
    expect(soldOut).toHaveProperty('disabled', true);
    expect(soldOut.textContent).toBe('Sold out');
    // Dish 12 was in the cart already: its line says so (the checkout would refuse it)
    const line12 = within(cart()).getByText('Dish 12').closest('li')!;
    expect(line12.textContent).toContain('Sold out');

    await user.click(within(cart()).getByRole('button', { name: 'Edit Dish 11' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dish 11' });
    const naan = within(dialog).getByLabelText(/Naan/);
    expect(naan).toHaveProperty('disabled', true);
    expect(naan).toHaveProperty('value', '0');
    expect(within(dialog).getByText('Sold out')).toBeTruthy();
    expect(within(dialog).getByLabelText(/Rice/)).toHaveProperty('disabled', false);
  });

  it('removes a line after the confirmation; the chef minimum then stops checkout with its message', async () => {
    signIn();
    const user = userEvent.setup();
    await openRestaurant();
    await user.click(within(cart()).getByRole('button', { name: 'Remove Dish 11' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove Dish 11' });
    within(confirm).getByText('Are you sure you want to remove this item from your order?');
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(lineNames()).toEqual(['Dish 12']);
    expect(totals()[0]).toEqual(['Subtotal', '$16.00']);
    within(cart()).getByText('$84.00 to go');

    await user.click(within(cart()).getAllByRole('button', { name: 'Checkout' }).at(-1)!);
    const problem =
      'Minimum $100.00 order not met for Maple Kitchen. Please add additional items or increase quantity and continue.';
    expect(within(cart()).getByRole('alert').textContent).toBe(problem);
    expect(screen.queryByRole('status', { name: 'Current page' })).toBeNull();
  });

  it('puts the default cart back with Reset to default after its confirmation', async () => {
    const user = userEvent.setup();
    await openRestaurant();
    expect(within(cart()).queryByRole('button', { name: 'Reset to default' })).toBeNull();
    await user.click(within(cart()).getByRole('button', { name: 'Remove Dish 12' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(lineNames()).toEqual(['Dish 11']);
    await user.click(within(cart()).getByRole('button', { name: 'Reset to default' }));
    const confirm = await screen.findByRole('dialog', { name: 'Reset preset' });
    within(confirm).getByText('Are you sure you want to reset the preset?');
    await user.click(within(confirm).getByRole('button', { name: 'Yes' }));
    expect(lineNames()).toEqual(['Dish 11', 'Dish 12']);
  });

  it('opens the confirmation from the keyboard on its confirm button; Escape cancels and the focus comes back', async () => {
    const user = userEvent.setup();
    await openRestaurant();
    const remove = within(cart()).getByRole('button', { name: 'Remove Dish 12' });
    remove.focus();
    await user.keyboard('{Enter}');
    const confirm = await screen.findByRole('dialog', { name: 'Remove Dish 12' });
    expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Remove' }));
    await user.tab();
    expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Close' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(lineNames()).toEqual(['Dish 11', 'Dish 12']);
    expect(document.activeElement).toBe(remove);
  });

  it('says when the restaurant does not deliver to the address, and refuses checkout', async () => {
    deliverable = false;
    signIn();
    const user = userEvent.setup();
    renderPage(<RestaurantRoute />, { at: '/chefs/maple-kitchen', path: '/chefs/:slug' });
    await screen.findByRole('complementary', { name: 'Your order' });
    await within(cart()).findByText(messages.notDeliverable);
    await user.click(within(cart()).getAllByRole('button', { name: 'Checkout' }).at(-1)!);
    expect(within(cart()).getByRole('alert').textContent).toBe(
      'This restaurant does not deliver to this address. Please choose a closer address or pickup.',
    );
    expect(screen.queryByRole('status', { name: 'Current page' })).toBeNull();
  });
});

describe('a saved cart keeps the prices it was saved at (decision 060)', () => {
  /** Dana's saved cart of Maple Kitchen: Dish 11 was $13.50 when saved and is $15.00 now; Dish 12 unchanged. */
  const savedCart = (ownedByViewer: boolean): Parameters<typeof presetDetail>[0] => {
    const base = presetDetail();
    return {
      id: 70,
      slug: 'friday-lunch',
      name: 'Friday lunch',
      preset_type: 'save_for_later',
      base_preset_id: 7,
      owned_by_viewer: ownedByViewer,
      preset_items: base.preset_items.map((item) => ({
        ...item,
        saved_unit_price_cents: item.menu_id === 11 ? 1350 : item.price_cents,
      })),
    };
  };
  const openSaved = async (name: string) => {
    renderPage(<PresetRoute />, { at: '/preset-detail/friday-lunch', path: '/preset-detail/:idOrSlug' });
    return screen.findByRole('complementary', { name });
  };
  /** The cart the checkout was handed, read from the router's state. */
  const checkoutState = async () => {
    const probe = await screen.findByRole('status', { name: 'Current page' });
    expect(probe.textContent).toBe('/checkout');
    return JSON.parse(probe.getAttribute('data-state')!) as CheckoutState;
  };

  it("hands the checkout the saved prices beside today's, edited or not, so it says which changed", async () => {
    detailOver = savedCart(true);
    signIn();
    const user = userEvent.setup();
    await openSaved('Your order');
    await waitFor(() => expect(totals()).toContainEqual(['Delivery Fee', '$12.50']));
    // the cart reads today's price
    within(cart()).getByText('6 × $15.00');

    // edited on this device, the cart still knows what Dish 11 cost when it was saved
    await user.click(within(cart()).getByRole('button', { name: 'Edit Dish 12' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dish 12' });
    const quantity = within(dialog).getByLabelText('Quantity');
    await user.clear(quantity);
    await user.type(quantity, '3');
    await user.click(within(dialog).getByRole('button', { name: 'Save item' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    within(cart()).getByText('3 × $8.00');

    await user.click(within(cart()).getAllByRole('button', { name: 'Checkout' }).at(-1)!);
    const state = await checkoutState();
    expect(state.checkoutData.map((l) => [l.menuName, l.quantity, l.unitPriceCents, l.addedUnitPriceCents])).toEqual([
      ['Dish 11', 6, 1500, 1350],
      ['Dish 12', 3, 800, 800],
    ]);
    expect(cartPriceChanges(state.checkoutData)).toEqual([{ menuName: 'Dish 11', fromCents: 1350, toCents: 1500 }]);
  });

  it("starts a visitor's own cart from a shared one at today's prices: nothing changed for them", async () => {
    detailOver = savedCart(false);
    const user = userEvent.setup();
    const shared = await openSaved('Shared cart');
    await user.click(within(shared).getByRole('button', { name: 'Start my own cart' }));
    const own = cartStore.get()['7']!.checkoutData as CheckoutState['checkoutData'];
    expect(own.map((l) => [l.menuName, l.unitPriceCents, l.addedUnitPriceCents])).toEqual([
      ['Dish 11', 1500, 1500],
      ['Dish 12', 800, 800],
    ]);
    expect(cartPriceChanges(own)).toEqual([]);
  });
});
