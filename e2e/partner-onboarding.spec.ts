/// <reference lib="dom" />
import type pg from 'pg';
import { test, expect, expectAccessible, uniqueEmail } from './fixtures';
import { e2eDb } from './order-setup';

// Issue 19 "Who and where" (decision 059): operations add a restaurant from the console; it starts
// off the storefront, its owner gets an invitation by email, sets a password and lands in the
// portal, which says the restaurant is not on the storefront yet. Operations then suspend a live
// restaurant with a reason and it leaves the storefront; publishing it again brings it back.

const ops = { email: 'ops@caterway.ca', password: 'Kitchen4Ops' };

async function signIn(page: import('@playwright/test').Page, who: { email: string; password: string }) {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await dialog.getByLabel('Email').fill(who.email);
  await dialog.getByLabel('Password').fill(who.password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(dialog).toHaveCount(0);
}

/** The link of the newest invitation emailed to `to` (the outbox), as a path on this server. */
async function invitationLink(db: pg.Client, to: string): Promise<string> {
  let text = '';
  await expect
    .poll(async () => {
      const { rows } = await db.query<{ text_body: string }>(
        `SELECT text_body FROM outbox_emails WHERE to_address = $1 AND template = 'restaurant_invite' ORDER BY id DESC LIMIT 1`,
        [to],
      );
      text = rows[0]?.text_body ?? '';
      return text;
    })
    .toContain('Accept the invitation: ');
  const url = new URL(/Accept the invitation: (\S+)/.exec(text)![1]!);
  return `${url.pathname}${url.hash}`;
}

test.describe('operations run the restaurants', () => {
  let db: pg.Client;
  test.beforeAll(async () => {
    db = await e2eDb();
  });
  test.afterAll(async () => {
    await db?.end();
  });

  test('a new restaurant: added by operations, its owner invited, sets a password, lands in the portal', async ({
    page,
    browser,
    allowConsoleErrors,
  }) => {
    const ownerEmail = uniqueEmail('owner');
    const name = `Pho Lane ${Date.now().toString(36)}`;
    await signIn(page, ops);
    await page.goto('/ops');
    await page.getByRole('button', { name: 'Add restaurant' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a restaurant' });
    await dialog.getByLabel('Restaurant name').fill(name);
    await dialog.getByLabel("Owner's first name").fill('Linh');
    await dialog.getByLabel("Owner's last name").fill('Tran');
    await dialog.getByLabel("Owner's email").fill(ownerEmail);
    await dialog.getByLabel('Street address').fill('100 King St W');
    await dialog.getByLabel('City').fill('Toronto');
    await dialog.getByLabel('Province or state').fill('ON');
    await dialog.getByLabel('Postal or ZIP code').fill('M5X 1A9');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Add and invite the owner' }).click();
    await expect(dialog).toHaveCount(0);
    await page.getByLabel('Name or city').fill(name);
    const row = page.getByRole('article').filter({ has: page.getByRole('heading', { name }) });
    await expect(row).toContainText('Onboarding');
    await expect(row.getByRole('button', { name: `Publish ${name}` })).toBeVisible();

    // the owner follows the emailed link in a browser of their own
    const owner = await browser.newPage();
    await owner.goto(await invitationLink(db, ownerEmail));
    await owner.getByLabel('First name').fill('Linh');
    await owner.getByLabel('Last name').fill('Tran');
    await owner.getByLabel('Password', { exact: true }).fill('Pho4Lunch!x');
    await owner.getByLabel('Confirm password').fill('Pho4Lunch!x');
    await owner.getByRole('button', { name: 'Create my account and join' }).click();
    await expect(owner.getByText('Not on the storefront yet', { exact: false })).toBeVisible({ timeout: 15_000 });
    await expect(owner.getByText(name).first()).toBeVisible();
    await owner.close();

    // no dish yet: operations cannot publish it, and are told why
    allowConsoleErrors(/status of 422/);
    await row.getByRole('button', { name: `Publish ${name}` }).click();
    await expect(page.getByText('Add at least one dish with a price before the restaurant goes live.')).toBeVisible();
  });

  test('a suspended restaurant leaves the storefront; publishing it again brings it back', async ({
    page,
    request,
  }) => {
    const { rows } = await db.query<{ id: number; name: string; slug: string }>(
      `SELECT c.id::int AS id, c.business_name AS name, c.slug FROM chefs c
        WHERE c.status = 'live' AND c.city = 'Vancouver'
          AND NOT EXISTS (SELECT 1 FROM restaurant_members m WHERE m.chef_id = c.id)
        ORDER BY c.id DESC LIMIT 1`,
    );
    const chef = rows[0]!;
    expect((await request.get(`/api/v2/presets/${chef.slug}`)).status()).toBe(200);
    await signIn(page, ops);
    await page.goto('/ops');
    await page.getByLabel('Name or city').fill(chef.name);
    const row = page.getByRole('article').filter({ has: page.getByRole('heading', { name: chef.name, exact: true }) });
    await row.getByRole('button', { name: `Suspend ${chef.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Suspend ${chef.name}?` });
    await dialog.getByLabel('Reason (its team sees it)').fill('Health inspection pending');
    await dialog.getByRole('button', { name: 'Suspend' }).click();
    await expect(row).toContainText('Suspended: Health inspection pending');
    // every instance drops the restaurant at once (decision 051): its page is gone
    await expect.poll(async () => (await request.get(`/api/v2/presets/${chef.slug}`)).status()).toBe(404);

    await row.getByRole('button', { name: `Publish ${chef.name}` }).click();
    await expect(row).toContainText('Live');
    await expect.poll(async () => (await request.get(`/api/v2/presets/${chef.slug}`)).status()).toBe(200);
  });
});
