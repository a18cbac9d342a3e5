// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  cateringOrderDetailResponseSchema,
  checkoutOrderResponseSchema,
  deliveryFeeResponseSchema,
  presetDetailResponseSchema,
  siteConfigResponseSchema,
  updateCateringOrderBodySchema,
  type OrderPayload,
} from '@caterway/contracts';
import { contractBody, contractJson, errorAnswer, setupContractServer } from '@caterway/contracts/testing';
import { formatIsoDate } from '@caterway/domain';
import { describedText, renderPage, signIn } from '../../test/render';
import { placedOrder, presetDetail, priceOrder, siteConfig } from '../../test/wire';
import { Component as EditOrderRoute } from './edit-order';

// The edit catered order page (ordering-payments §2 'Edit catered order page', §4 'Order edit')
// through its route at /chefs/{slug}/{orderId}: the order's cart and details, Update Order and
// Cancel Changes with their confirmations, the form's checks with the spec's messages, the
// server's refusal, an order the upcoming-order rule closes, and the keyboard in the dialogs.

const inFiveDays = formatIsoDate(new Date(Date.now() + 5 * 86_400_000));
let order = placedOrder(inFiveDays);
let edits: OrderPayload[] = [];
let refuseEdit: string | null = null;

setupContractServer(
  http.get('/api/v2/catering_orders/41', () =>
    contractJson(cateringOrderDetailResponseSchema, { catering_order: order }),
  ),
  http.get('/api/v2/presets/:id', () => contractJson(presetDetailResponseSchema, { preset: presetDetail() })),
  http.get('/api/v2/site_config', () => contractJson(siteConfigResponseSchema, siteConfig())),
  http.post('/api/v2/delivery_fee_by_distance', () =>
    contractJson(deliveryFeeResponseSchema, {
      delivery_fee: 1250,
      distance_km: 2.4,
      deliverable: true,
      ranges: [{ min_km: 0, max_km: 10, fee_cents: 1250 }],
      store_hours: {},
    }),
  ),
  http.put('/api/v2/catering_orders/41', async ({ request }) => {
    if (refuseEdit) return errorAnswer(409, refuseEdit);
    const raw = (await request.clone().json()) as { catering_order: OrderPayload };
    const body = await contractBody(request, updateCateringOrderBodySchema);
    edits.push(raw.catering_order);
    return contractJson(checkoutOrderResponseSchema, {
      catering_order: {
        id: 41,
        purchase_id: 'pur_41',
        client_secret: null,
        saved_cards: [],
        is_eft: false,
        full_name: 'Dana Park',
        email: 'dana@example.com',
        status: 'New',
        totals: priceOrder(body.catering_order, 1250),
      },
    });
  }),
);

beforeEach(() => {
  order = placedOrder(inFiveDays);
  edits = [];
  refuseEdit = null;
});

async function openEdit() {
  signIn();
  renderPage(<EditOrderRoute />, { at: '/chefs/maple-kitchen/41', path: '/chefs/:slug/:orderId' });
  await screen.findByRole('heading', { name: 'Edit details' }, { timeout: 3000 });
}
const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });
const currentPage = () => screen.queryByRole('status', { name: 'Current page' })?.textContent;

describe('the edit order page', () => {
  it('sends a visitor home to sign in', async () => {
    renderPage(<EditOrderRoute />, { at: '/chefs/maple-kitchen/41', path: '/chefs/:slug/:orderId' });
    await waitFor(() => expect(currentPage()).toBe('/'));
  });

  it("shows the order's cart and details; Update Order and Cancel Changes wait for a change", async () => {
    await openEdit();
    screen.getByText(/Editing order/);
    screen.getByText('CW-1041');
    expect(screen.getByLabelText<HTMLInputElement>(/PO number/).value).toBe('PO-4471');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Other amount' }).checked).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Tip amount ($)').value).toBe('7.25');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Family Style' }).checked).toBe(true);
    expect(button('Update Order').disabled).toBe(true);
    expect(button('Cancel Changes').disabled).toBe(true);
    const cart = screen.getByRole('complementary', { name: 'Your order' });
    within(cart).getByText('6 × $15.00');
    // the cart's total is the charge: food, fee, HST and the order's tip
    await waitFor(() =>
      expect(within(cart).getByRole('button', { name: /View order/ }).textContent).toContain('$141.16'),
    );
    // no Checkout button on the edit page: its own buttons instead
    expect(within(cart).queryByRole('button', { name: 'Checkout' })).toBeNull();
    // the support line with the order's number (issue 20 §4)
    expect((await screen.findByText('Need help with this order?')).parentElement!.textContent).toContain(
      'and quote order CW-1041.',
    );
  });

  it('saves an edit after its confirmation and goes to the completed page', async () => {
    const user = userEvent.setup();
    await openEdit();
    const po = screen.getByLabelText(/PO number/);
    await user.clear(po);
    await user.type(po, 'PO-5000');
    await user.click(button('Update Order'));
    const confirm = await screen.findByRole('dialog', { name: 'Update order' });
    within(confirm).getByText('Are you sure you want to update this order?');
    await user.click(within(confirm).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(currentPage()).toBe('/checkout-completed'));
    expect(edits).toHaveLength(1);
    expect(edits[0]).toMatchObject({
      po_number: 'PO-5000',
      tip_cents: 725,
      tip_percent: null,
      serving_style: 'Family Style',
    });
    expect(edits[0]!.preset_items.map((l) => [l.menu_id, l.quantity])).toEqual([
      [11, 6],
      [12, 2],
    ]);
  });

  it('sends the cart as edited: a removed line is gone', async () => {
    const user = userEvent.setup();
    await openEdit();
    const cart = screen.getByRole('complementary', { name: 'Your order' });
    await user.click(within(cart).getByRole('button', { name: 'Remove Dish 12' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Remove Dish 12' })).getByRole('button', { name: 'Remove' }),
    );
    await user.click(button('Update Order'));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Update order' })).getByRole('button', { name: 'Yes' }),
    );
    await waitFor(() => expect(edits).toHaveLength(1));
    expect(edits[0]!.preset_items.map((l) => l.menu_id)).toEqual([11]);
  });

  it('puts the order back with Cancel Changes after its confirmation', async () => {
    const user = userEvent.setup();
    await openEdit();
    const po = screen.getByLabelText<HTMLInputElement>(/PO number/);
    await user.clear(po);
    await user.type(po, 'PO-9');
    await user.click(button('Cancel Changes'));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel changes' });
    within(confirm).getByText('Are you sure you want to discard your changes?');
    await user.click(within(confirm).getByRole('button', { name: 'Yes' }));
    expect(po.value).toBe('PO-4471');
    expect(button('Update Order').disabled).toBe(true);
    expect(edits).toHaveLength(0);
  });

  it('checks the details with the spec messages before sending, with the focus on the first field in error', async () => {
    const user = userEvent.setup();
    await openEdit();
    const phone = screen.getByLabelText('Phone');
    await user.clear(phone);
    await user.clear(screen.getByLabelText('Tip amount ($)'));
    await user.type(screen.getByLabelText('Tip amount ($)'), 'abc');
    await user.click(button('Update Order'));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Update order' })).getByRole('button', { name: 'Yes' }),
    );
    expect(describedText(phone)).toBe('Please fill in the required field.');
    expect(describedText(screen.getByLabelText('Tip amount ($)'))).toBe(
      'Please enter the tip in dollars, such as 5.00.',
    );
    await waitFor(() => expect(document.activeElement).toBe(phone));
    expect(edits).toHaveLength(0);
  });

  it("shows the server's refusal of the edit by the buttons", async () => {
    refuseEdit = 'This order can no longer be edited.';
    const user = userEvent.setup();
    await openEdit();
    await user.type(screen.getByLabelText(/Cost centre/), 'CC 310');
    await user.click(button('Update Order'));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Update order' })).getByRole('button', { name: 'Yes' }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe('This order can no longer be edited.');
    expect(currentPage()).toBeUndefined();
  });

  it('closes the confirmation with Escape, sending nothing, and the focus goes back to Update Order', async () => {
    const user = userEvent.setup();
    await openEdit();
    await user.type(screen.getByLabelText(/Cost centre/), 'CC 310');
    button('Update Order').focus();
    await user.keyboard('{Enter}');
    const confirm = await screen.findByRole('dialog', { name: 'Update order' });
    expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Yes' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(button('Update Order'));
    expect(edits).toHaveLength(0);
  });

  it('shows why an order can no longer change, with no buttons', async () => {
    order = placedOrder(inFiveDays, {
      edit_rule: { allowed: false, message: 'Orders cannot be changed within 24 hours of delivery.' },
      editable: false,
    });
    signIn();
    renderPage(<EditOrderRoute />, { at: '/chefs/maple-kitchen/41', path: '/chefs/:slug/:orderId' });
    await screen.findByRole('heading', { name: 'Order CW-1041' });
    screen.getByText('Orders cannot be changed within 24 hours of delivery.');
    screen.getByText('6 × Dish 11');
    expect(screen.queryByRole('button', { name: 'Update Order' })).toBeNull();
    expect((await screen.findByText('Need help with this order?')).parentElement!.textContent).toContain(
      'and quote order CW-1041.',
    );
  });
});
