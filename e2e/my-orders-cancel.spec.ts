import type { Page } from '@playwright/test';
import { test, expect, demoCustomer } from './fixtures';

// Issue 5 item 3, cancelling in the browser: 'Are you sure you want to cancel this order?',
// YES calls DELETE api/v2/catering_orders/{id} (which voids or refunds the payment) and the
// list reloads. Cancels the LAST editable order of the demo customer's seeded history (the
// other journeys use the first one), accepted by the seed through the state machine.

interface Entry {
  id: number;
  order_number: string;
  editable: boolean;
}

async function signInThroughPrompt(page: Page) {
  await page.goto('/my-orders');
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await dialog.getByLabel('Email').fill(demoCustomer.email);
  await dialog.getByLabel('Password').fill(demoCustomer.password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/my-orders$/);
}

test('cancelling an accepted order: YES cancels it and the list reloads with it under PAST', async ({
  page,
  request,
}) => {
  const signedIn = await request.post('/user_token', {
    data: { auth: { email: demoCustomer.email, password: demoCustomer.password } },
  });
  const jwt = ((await signedIn.json()) as { jwt: string }).jwt;
  const list = (await (
    await request.get('/api/v2/order_history', { headers: { authorization: `Bearer ${jwt}` } })
  ).json()) as { upcoming: Entry[] };
  const target = list.upcoming.filter((o) => o.editable).at(-1)!;
  expect(target, 'the seed has an accepted, editable order').toBeTruthy();

  await signInThroughPrompt(page);
  const card = page.getByRole('button', { name: new RegExp(`Order #${target.order_number}`) });
  await card.click();
  await page
    .getByRole('dialog', { name: `Order #${target.order_number}` })
    .getByRole('button', { name: 'Cancel', exact: true })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Cancel order' });
  await expect(confirm.getByText('Are you sure you want to cancel this order?')).toBeVisible();
  const [response] = await Promise.all([
    page.waitForResponse(
      (r) => r.request().method() === 'DELETE' && r.url().endsWith(`/api/v2/catering_orders/${target.id}`),
    ),
    confirm.getByRole('button', { name: 'YES' }).click(),
  ]);
  expect(response.status()).toBe(200);
  expect(((await response.json()) as { catering_order: { status: string } }).catering_order.status).toBe('Canceled');

  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(card).toHaveCount(0);
  await page.getByRole('tab', { name: 'PAST' }).click();
  await expect(card).toBeVisible();
  await expect(card.getByText('Canceled', { exact: true })).toBeVisible();
});
