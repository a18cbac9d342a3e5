/// <reference lib="dom" />
import crypto from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import type pg from 'pg';
import { test, expect, expectAccessible } from './fixtures';
import { apiToken, e2eDb, placeOrder, signInAsDemo, type PlacedOrder } from './order-setup';

// Issue 19 part 1, orders reach the restaurant and it answers: the demo customer checks out; the
// restaurant's email carries Accept and Decline links; opened in a browser with nobody signed
// in, the Accept link shows the order and accepts it with one click, and the customer sees
// Accepted in My Orders. The Decline link asks for a reason: the order is declined, the card's
// hold voided and the customer emailed with the reason and restaurants that can deliver instead.

const kitchenEmail = 'orders-e2e@kitchen.example';

/** A paid order whose restaurant is emailed at kitchenEmail (its notification address). */
async function paidOrder(request: APIRequestContext, db: pg.Client): Promise<PlacedOrder & { number: string }> {
  const token = await apiToken(request);
  const draft = await placeOrder(request, token, db, { pay: false });
  await db.query(
    `INSERT INTO restaurant_settings (chef_id, notification_emails) VALUES ($1, $2)
     ON CONFLICT (chef_id) DO UPDATE SET notification_emails = $2`,
    [draft.preset.chefs[0]!.id, [kitchenEmail]],
  );
  const paid = await request.post(`/api/v2/catering_orders/${draft.id}/finalize`, {
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': crypto.randomUUID() },
    data: { purchase_id: draft.purchaseId, payment_method_id: draft.paymentMethodId },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  const number = ((await paid.json()) as { catering_order: { order_number: string } }).catering_order.order_number;
  return { ...draft, number };
}

/** The restaurant's email about the order (the job queue sends it within seconds), and its link. */
async function emailedLink(db: pg.Client, orderNumber: string, action: 'Accept' | 'Decline'): Promise<string> {
  let text = '';
  await expect
    .poll(
      async () => {
        const { rows } = await db.query<{ text_body: string }>(
          `SELECT text_body FROM outbox_emails WHERE to_address = $1 AND subject LIKE $2 ORDER BY id DESC LIMIT 1`,
          [kitchenEmail, `%${orderNumber}%`],
        );
        text = rows[0]?.text_body ?? '';
        return text;
      },
      { timeout: 20_000 },
    )
    .toContain(`${action}: `);
  const link = new RegExp(`${action}: (\\S+)`).exec(text)![1]!;
  // the e2e server's own address, whatever PUBLIC_URL the emails carry
  const url = new URL(link);
  return `${url.pathname}${url.hash}`;
}

test.describe('orders reach the restaurant', () => {
  let db: pg.Client;
  test.beforeAll(async () => {
    db = await e2eDb();
  });
  test.afterAll(async () => {
    await db?.end();
  });

  test('the restaurant accepts by the email link; the customer sees Accepted', async ({ page, request, browser }) => {
    const order = await paidOrder(request, db);
    const link = await emailedLink(db, order.number, 'Accept');

    const kitchen = await browser.newPage();
    await kitchen.goto(link);
    await expect(kitchen.getByRole('heading', { name: `Accept order ${order.number}?` })).toBeVisible();
    // the token left the address bar; opening the page answered nothing
    expect(new URL(kitchen.url()).hash).toBe('');
    expect((await db.query('SELECT status FROM catering_orders WHERE id = $1', [order.id])).rows[0].status).toBe('New');
    await expectAccessible(kitchen);
    await kitchen.getByRole('button', { name: 'Accept order' }).click();
    await expect(kitchen.getByRole('heading', { name: `Order ${order.number} was accepted` })).toBeVisible();
    await kitchen.close();

    await signInAsDemo(page);
    await page.goto('/my-orders');
    const card = page.getByRole('button', { name: new RegExp(`Order #${order.number}`) });
    await expect(card).toContainText('Accepted');
  });

  test('the restaurant declines by the email link; the hold is voided and the customer told', async ({
    request,
    browser,
  }) => {
    const order = await paidOrder(request, db);
    const link = await emailedLink(db, order.number, 'Decline');
    const kitchen = await browser.newPage();
    await kitchen.goto(link);
    await expect(kitchen.getByRole('heading', { name: `Decline order ${order.number}?` })).toBeVisible();
    await kitchen.getByRole('radio', { name: 'We are fully booked for that time' }).check();
    await kitchen.getByLabel(/Note to the customer/).fill('Our ovens are booked for a wedding that day.');
    await kitchen.getByRole('button', { name: 'Decline order' }).click();
    await expect(kitchen.getByRole('heading', { name: `Order ${order.number} was declined` })).toBeVisible();
    await kitchen.close();

    const { rows } = await db.query<{ status: string; payment_status: string }>(
      'SELECT status, payment_status FROM catering_orders WHERE id = $1',
      [order.id],
    );
    expect(rows[0]).toEqual({ status: 'declined', payment_status: 'canceled' });
    const mail = await db.query<{ text_body: string }>(
      `SELECT text_body FROM outbox_emails WHERE template = 'order_declined' AND text_body LIKE $1`,
      [`%${order.number}%`],
    );
    expect(mail.rows).toHaveLength(1);
    expect(mail.rows[0]!.text_body).toContain("The restaurant's reason: We are fully booked for that time.");
    expect(mail.rows[0]!.text_body).toContain('Our ovens are booked for a wedding that day.');
  });
});
