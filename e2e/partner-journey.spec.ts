/// <reference lib="dom" />
import type { Page } from '@playwright/test';
import type pg from 'pg';
import sharp from 'sharp';
import { formatCents } from '@caterway/domain';
import { test, expect, uniqueEmail } from './fixtures';
import { e2eDb } from './order-setup';

// Issue 19 "The demo" journey: a new member of a restaurant's team is invited, sets a password,
// uploads a photo of a dish and changes its price; the storefront shows both. The restaurant's
// page is read before the change, so the cluster's instances have it cached: the change must
// reach them through the catalogue's invalidation (decision 056), not by expiry.

const ops = { email: 'ops@caterway.ca', password: 'Kitchen4Ops' };

async function token(page: Page, who: { email: string; password: string }): Promise<string> {
  const res = await page.request.post('/user_token', { data: { auth: who } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { jwt: string }).jwt;
}

/** A 1600 × 1100 JPEG made here: a bowl on a board. */
async function photo(): Promise<Buffer> {
  const bowl = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#e9d8b4' } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 1600, height: 1100, channels: 3, background: '#5b3a22' } })
    .composite([{ input: bowl, left: 500, top: 250 }])
    .jpeg({ quality: 80 })
    .toBuffer();
}

test.describe('a restaurant team on both sides', () => {
  let db: pg.Client;
  test.beforeAll(async () => {
    db = await e2eDb();
  });
  test.afterAll(async () => {
    await db?.end();
  });

  test('invite → set a password → upload a photo → change a price → the storefront shows both', async ({
    page,
    browser,
  }) => {
    test.setTimeout(150_000);
    // Sakura Sushi, the demo team's second restaurant, and one of its priced dishes
    const { rows } = await db.query<{ id: number; slug: string; dish: string; price: number }>(
      `SELECT c.id::int AS id, c.slug, m.name AS dish, m.price_cents AS price
         FROM chefs c JOIN menus m ON m.chef_id = c.id AND NOT m.is_deleted AND m.price_cents > 0
        WHERE c.slug = 'sakura-sushi' ORDER BY m.position, m.id LIMIT 1`,
    );
    const r = rows[0]!;

    // the storefront's page, read first: the instances now hold it
    await page.goto(`/chefs/${r.slug}`);
    await expect(page.getByText(r.dish, { exact: true }).first()).toBeVisible();

    // operations invite a new manager
    const email = uniqueEmail('sous-chef');
    const jwt = await token(page, ops);
    const invited = await page.request.post(`/api/v2/partner/restaurants/${r.id}/invites`, {
      headers: { authorization: `Bearer ${jwt}` },
      data: { email, role: 'manager' },
    });
    expect(invited.status(), await invited.text()).toBe(201);
    let text = '';
    await expect
      .poll(async () => {
        const mail = await db.query<{ text_body: string }>(
          `SELECT text_body FROM outbox_emails WHERE to_address = $1 AND template = 'restaurant_invite' ORDER BY id DESC LIMIT 1`,
          [email],
        );
        text = mail.rows[0]?.text_body ?? '';
        return text;
      })
      .toContain('Accept the invitation: ');
    const link = new URL(/Accept the invitation: (\S+)/.exec(text)![1]!);

    // the new manager sets a password in a browser of their own
    const cook = await browser.newPage();
    await cook.goto(`${link.pathname}${link.hash}`);
    await cook.getByLabel('First name').fill('Kenji');
    await cook.getByLabel('Last name').fill('Sato');
    await cook.getByLabel('Password', { exact: true }).fill('Nigiri4Lunch!');
    await cook.getByLabel('Confirm password').fill('Nigiri4Lunch!');
    await cook.getByRole('button', { name: 'Create my account and join' }).click();
    const sections = cook.getByRole('navigation', { name: 'Restaurant portal' });
    await expect(sections).toBeVisible({ timeout: 20_000 });

    // a photo of the dish
    await cook.goto(`/partner/${r.id}/photos`);
    const slot = cook.locator('article').filter({ has: cook.getByRole('heading', { name: r.dish, exact: true }) });
    await slot
      .locator('input[type=file]')
      .setInputFiles({ name: 'bowl.jpg', mimeType: 'image/jpeg', buffer: await photo() });
    await expect(slot.getByText('1600 × 1100 px')).toBeVisible({ timeout: 45_000 });

    // its price
    await sections.getByRole('link', { name: 'Menu' }).click();
    await cook.getByRole('button', { name: `Edit ${r.dish}` }).click();
    const editor = cook.getByRole('dialog', { name: `Edit ${r.dish}` });
    const after = r.price + 150;
    await editor
      .getByLabel('Price ($)')
      .first()
      .fill((after / 100).toFixed(2));
    await editor.getByRole('button', { name: 'Save dish' }).click();
    await expect(editor).toHaveCount(0);
    await cook.close();

    // the storefront: the new price and the photo, though the page was cached before the change
    const started = Date.now();
    await expect
      .poll(
        async () => {
          await page.goto(`/chefs/${r.slug}`);
          const row = page
            .locator('.menu-card')
            .filter({ has: page.getByRole('heading', { name: r.dish }) })
            .first();
          const src = (await row.locator('img').first().getAttribute('src')) ?? '';
          return [(await row.textContent())?.includes(formatCents(after)), src.startsWith('/media/photos/')];
        },
        { timeout: 10_000, intervals: [200] },
      )
      .toEqual([true, true]);
    // well within the cache's 60 s: the change was announced, not waited out
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
