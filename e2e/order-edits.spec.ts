/// <reference lib="dom" />
import type { Page } from '@playwright/test';
import type pg from 'pg';
import { test, expect, expectAccessible, demoCustomer } from './fixtures';
import { acceptAsStaff, apiToken, e2eDb, orderRow, placeOrder, signInAsDemo as signIn } from './order-setup';

// Issue 5 items 4 and 5 in the browser: the demo customer edits an accepted order (adds a dish,
// Update Order, the increase authorised), then, with the card now declining, edits again, is
// asked for a payment method and pays the difference with a new card; a New order shows the
// not-accepted message and no buttons; a visitor is sent to sign in and brought back. Then an
// add-on order to a placed order: the add-on page, its dialogs and limit, the add-on checkout;
// and a parent already delivered sends the user to /complete-addon-order. axe on each page.
// Orders are placed through the API; staff acceptance is written to the database (order-setup.ts).

test.describe.configure({ mode: 'serial' });

let db: pg.Client;
test.beforeAll(async () => {
  db = await e2eDb();
});
test.afterAll(async () => {
  await db?.end();
});

const cartOf = (page: Page) => page.getByRole('complementary', { name: 'Your order' });

/** Adds the first dish of 'Additional items' to the cart. */
async function addExtraDish(page: Page) {
  await cartOf(page).getByRole('button', { name: 'Add items' }).click();
  const extra = page.getByRole('dialog', { name: 'Additional items' });
  await extra.getByRole('button', { name: /^Add / }).first().click();
  await expect(page.getByText('Item added!')).toBeVisible();
  await extra.getByRole('button', { name: 'Close' }).click();
  await expect(extra).toHaveCount(0);
}

test('edit an accepted order, then pay the difference with a new card after a decline', async ({
  page,
  request,
  allowConsoleErrors,
}) => {
  const token = await apiToken(request);
  const order = await placeOrder(request, token, db);
  await acceptAsStaff(request, order.id);
  const before = await orderRow(db, order.id);
  await signIn(page);

  await page.goto(`/chefs/${order.preset.slug}/${order.id}`);
  await expect(page.getByText(/Editing order/)).toBeVisible();
  const cart = cartOf(page);
  const updateOrder = cart.getByRole('button', { name: 'Update Order' });
  const cancelChanges = cart.getByRole('button', { name: 'Cancel Changes' });
  await expect(updateOrder).toBeDisabled();
  await expect(cancelChanges).toBeDisabled();
  await expect(page.getByRole('heading', { name: 'Edit details' })).toBeVisible();
  await expect(page.getByLabel('Phone')).toHaveValue('416-555-0142');
  await expectAccessible(page);

  // Cancel Changes asks, then restores the order as saved.
  await addExtraDish(page);
  await expect(updateOrder).toBeEnabled();
  await cancelChanges.click();
  await page.getByRole('dialog', { name: 'Cancel changes' }).getByRole('button', { name: 'Yes' }).click();
  await expect(updateOrder).toBeDisabled();
  await expect(cart.getByRole('region', { name: 'Additional items' })).toHaveCount(0);

  // Update Order asks, the server reprices and authorises the increase.
  await addExtraDish(page);
  await updateOrder.click();
  await page.getByRole('dialog', { name: 'Update order' }).getByRole('button', { name: 'Yes' }).click();
  await expect(page).toHaveURL(/\/checkout-completed$/);
  await expect(page.getByText('Thank you! Your order has been submitted')).toBeVisible();
  const raised = await orderRow(db, order.id);
  expect(raised.status).toBe('Accepted');
  expect(raised.total_cents).toBeGreaterThan(before.total_cents);
  expect(raised.authorized_cents).toBe(raised.total_cents);
  expect(raised.payment_intent_id).not.toBe(before.payment_intent_id);

  // The card now declines: the next increase needs a new payment method (Card Setup).
  allowConsoleErrors(/status of 402/);
  await db.query(`UPDATE sandbox_payment_methods SET decline_code = 'generic_decline' WHERE id = $1`, [
    order.paymentMethodId,
  ]);
  await page.goto(`/chefs/${order.preset.slug}/${order.id}`);
  await addExtraDish(page);
  await updateOrder.click();
  await page.getByRole('dialog', { name: 'Update order' }).getByRole('button', { name: 'Yes' }).click();
  await expect(cart.getByText('Your card was declined. Please update the payment method.')).toBeVisible();
  expect((await orderRow(db, order.id)).status).toBe('CardSetup');
  await expect(updateOrder).toBeDisabled();

  await cart.getByRole('button', { name: 'Update Payment Method' }).click();
  const pay = page.getByRole('dialog', { name: 'Pay by Credit Card' });
  await expect(pay).toBeVisible();
  await expectAccessible(page);
  await pay.getByLabel('Add a new card').check();
  await pay.getByLabel('Card number').fill('4242 4242 4242 4242');
  await pay.getByLabel('Expiry (MM/YY)').fill('12/34');
  await pay.getByLabel('CVC').fill('123');
  await pay.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page).toHaveURL(/\/checkout-completed$/);
  const paid = await orderRow(db, order.id);
  expect(paid.status).toBe('ReadyToCapture');
  expect(paid.authorized_cents).toBe(paid.total_cents);
  expect(paid.total_cents).toBeGreaterThan(raised.total_cents);
  expect(paid.payment_method_id).not.toBe(order.paymentMethodId);
});

test('a New order shows the not-accepted message and no buttons; another order id goes to /error', async ({
  page,
  request,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/status of 404/);
  const order = await placeOrder(request, await apiToken(request), db);
  await signIn(page);
  await page.goto(`/chefs/${order.preset.slug}/${order.id}`);
  await expect(
    page.getByText(
      "This order hasn't been accepted yet. You will only be able to edit or cancel this order once accepted.",
    ),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Update Order' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Update Payment Method' })).toHaveCount(0);
  await expectAccessible(page);
  await page.goto(`/chefs/${order.preset.slug}/999999999`);
  await expect(page).toHaveURL(/\/error$/);
});

test('a visitor is asked to sign in and brought back to the edit page @phone', async ({ page, request }) => {
  const order = await placeOrder(request, await apiToken(request), db);
  await acceptAsStaff(request, order.id);
  await page.goto(`/chefs/${order.preset.slug}/${order.id}`);
  await expect(page).toHaveURL(/\/$/);
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await dialog.getByLabel('Email').fill(demoCustomer.email);
  await dialog.getByLabel('Password').fill(demoCustomer.password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(new RegExp(`/chefs/${order.preset.slug}/${order.id}$`));
  await expect(page.getByText(/Editing order/)).toBeVisible();
  await expectAccessible(page);
});

test('place an add-on order to a placed order', async ({ page, request }) => {
  test.setTimeout(150_000);
  const token = await apiToken(request);
  const parent = await placeOrder(request, token, db);
  const created = await request.post(`/api/v2/catering_orders/${parent.id}/add_on_order`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(created.status()).toBe(201);
  const addOn = (await created.json()) as { id: number; preset_id: number };
  expect(Object.keys(addOn).sort()).toEqual(['id', 'preset_id']);
  // a limit of 2 lines for this chef, to see the add-on limit
  await db.query('UPDATE chefs SET addon_maximum_items_qty = 2 WHERE id = $1', [parent.preset.chefs[0]!.id]);
  await signIn(page);

  await page.goto(`/add_on_order/chefs?aoId=${addOn.id}&presetId=${addOn.preset_id}&parentId=${parent.id}`);
  await expect(page.getByText(/Add-on to order/)).toBeVisible();
  const cart = cartOf(page);
  await expect(cart.getByText('This Vendor Requires 1 Hour Notice')).toBeVisible();
  // the page's ordering details say the same 1 hour, not the preset's own notice
  const facts = page.getByRole('region', { name: 'Ordering details' });
  await expect(facts.getByText('This Vendor Requires 1 Hour Notice', { exact: true })).toBeVisible();
  await expect(facts.getByText(/hours? notice$/)).toHaveCount(0);
  await expect(cart.getByText('Your cart is empty. Add dishes from the menu.')).toBeVisible();
  await expect(cart.getByText('Delivery Fee')).toHaveCount(0);
  await expectAccessible(page);

  // Two dishes from the menu; a third is over the add-on limit.
  const addButtons = page.getByRole('main').getByRole('button', { name: /^Add (?!items)/ });
  await addButtons.nth(0).click();
  await addButtons.nth(1).click();
  await expect(cart.getByRole('button', { name: /^Remove / })).toHaveCount(2);
  await cart.getByRole('button', { name: 'Add items' }).click();
  await page.getByRole('dialog', { name: 'Additional items' }).getByRole('button', { name: /^Add / }).first().click();
  await expect(page.getByText('You cannot add more than 2 items.')).toBeVisible();
  await page.getByRole('dialog', { name: 'Additional items' }).getByRole('button', { name: 'Close' }).click();

  // The remove and reset confirmations.
  await cart
    .getByRole('button', { name: /^Remove / })
    .first()
    .click();
  const remove = page.getByRole('dialog', { name: /^Remove / });
  await expect(remove.getByText('Are you sure you want to remove this item from your order?')).toBeVisible();
  await remove.getByRole('button', { name: 'Remove' }).click();
  await expect(cart.getByRole('button', { name: /^Remove / })).toHaveCount(1);
  await cart.getByRole('button', { name: 'Reset to default' }).click();
  const reset = page.getByRole('dialog', { name: 'Reset preset' });
  await expect(reset.getByText('Are you sure you want to reset the preset?')).toBeVisible();
  await reset.getByRole('button', { name: 'Yes' }).click();
  await expect(cart.getByRole('button', { name: /^Remove / })).toHaveCount(0);
  await cart.getByRole('button', { name: 'Checkout' }).last().click();
  await expect(page.getByText('Your cart is empty.').first()).toBeVisible();

  await addButtons.nth(0).click();
  await cart.getByRole('button', { name: 'Checkout' }).last().click();
  await expect(page).toHaveURL(/\/add_on_checkout$/);
  await expect(page.getByRole('heading', { name: 'Add-on Checkout', level: 1 })).toBeVisible();
  await expect(page.getByText(/Delivered with your order:/)).toBeVisible();
  await page.getByLabel('Company').fill('');
  const phone = page.getByLabel('Phone');
  if ((await phone.inputValue()) === '') await phone.fill('416-555-0142');
  const details = page.getByRole('complementary', { name: 'Order details' });
  await expect(details.getByText('Delivery Fee')).toHaveCount(0);
  await expectAccessible(page);
  // the checkout sends back the parent link the add-on page was opened for (parentToken)
  const [saved] = await Promise.all([
    page.waitForRequest((r) => r.url().includes('/update_addon_order') && r.method() === 'PUT'),
    details.getByRole('button', { name: 'Continue to payment' }).click(),
  ]);
  expect((saved.postDataJSON() as { parent_token: string }).parent_token).toBe(
    `/chefs/${parent.preset.slug}/${parent.id}`,
  );
  const pay = page.getByRole('dialog', { name: 'Pay by Credit Card' });
  await expect(pay).toBeVisible();

  // left before paying: the add-on page starts again from the items kept last time (addLastTimeItem)
  await page.goto(`/add_on_order/chefs?aoId=${addOn.id}&presetId=${addOn.preset_id}&parentId=${parent.id}`);
  await expect(cart.getByRole('button', { name: /^Remove / })).toHaveCount(1);
  await cart.getByRole('button', { name: 'Checkout' }).last().click();
  await expect(page.getByRole('heading', { name: 'Add-on Checkout', level: 1 })).toBeVisible();
  const phoneAgain = page.getByLabel('Phone');
  if ((await phoneAgain.inputValue()) === '') await phoneAgain.fill('416-555-0142');
  await details.getByRole('button', { name: 'Continue to payment' }).click();
  await pay.getByLabel('Add a new card').check();
  await pay.getByLabel('Card number').fill('4242 4242 4242 4242');
  await pay.getByLabel('Expiry (MM/YY)').fill('12/34');
  await pay.getByLabel('CVC').fill('123');
  await pay.getByRole('button', { name: /^Pay \$[\d,]+\.\d{2}$/ }).click();
  await expect(page).toHaveURL(/\/checkout-completed\?order=\d+$/);
  const { rows } = await db.query(
    'SELECT status, parent_order_id, delivery_fee_cents, total_cents FROM catering_orders WHERE id = $1',
    [addOn.id],
  );
  expect(rows[0]).toMatchObject({ status: 'New', parent_order_id: String(parent.id), delivery_fee_cents: 0 });
  expect(rows[0].total_cents).toBeGreaterThan(0);

  // My Orders lists the parent once; its detail has both tabs, the add-on under Addon Orders
  const numbers = await db.query<{ id: string; order_number: string }>(
    'SELECT id, order_number FROM catering_orders WHERE id = ANY($1::bigint[])',
    [[parent.id, addOn.id]],
  );
  const numberOf = (id: number) => numbers.rows.find((r) => Number(r.id) === id)!.order_number;
  await page.goto('/my-orders');
  await expect(page.getByRole('button', { name: new RegExp(`Order #${numberOf(addOn.id)}`) })).toHaveCount(0);
  await page.getByRole('button', { name: new RegExp(`Order #${numberOf(parent.id)}`) }).click();
  const modal = page.getByRole('dialog', { name: `Order #${numberOf(parent.id)}` });
  await expect(modal.getByRole('tab', { name: 'Original Order' })).toBeVisible();
  await modal.getByRole('tab', { name: 'Addon Orders' }).click();
  await expect(modal.getByText(numberOf(addOn.id))).toBeVisible();
  await expectAccessible(page);
});

test('an add-on to an order already delivered goes to /complete-addon-order', async ({ page, request }) => {
  const token = await apiToken(request);
  const parent = await placeOrder(request, token, db);
  const addOn = (await (
    await request.post(`/api/v2/catering_orders/${parent.id}/add_on_order`, {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json()) as {
    id: number;
    preset_id: number;
  };
  // the parent's delivery time passes
  await db.query(`UPDATE catering_orders SET delivery_at = now() - interval '2 hours' WHERE id = $1`, [parent.id]);
  await signIn(page);
  await page.goto(`/add_on_order/chefs?aoId=${addOn.id}&presetId=${addOn.preset_id}&parentId=${parent.id}`);
  await expect(page).toHaveURL(new RegExp(`/complete-addon-order\\?orderId=${parent.id}$`));
  await expect(
    page.getByText(/^Cannot be proceed! This order has already been delivered at .+ at \d{1,2}:\d{2} (AM|PM)$/),
  ).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Go to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});
