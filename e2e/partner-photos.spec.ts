/// <reference lib="dom" />
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { test, expect } from './fixtures';

// Issue 19 part 3 "Photos" (decision 054): the demo restaurant team (kitchen@caterway.ca, owner of
// Masala House) uploads a photo of a dish in the portal, moves its focal point with the previews,
// and the restaurant's page on the storefront shows it with its srcset instead of the generated art.

const team = { email: 'kitchen@caterway.ca', password: 'Prep4Lunch' };

/** A real 1800 × 1200 JPEG: a plate on a table, near enough (made here, never committed). */
async function dishPhoto(): Promise<Buffer> {
  const plate = await sharp({ create: { width: 700, height: 700, channels: 3, background: '#f4efe6' } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 1800, height: 1200, channels: 3, background: '#7a4b2a' } })
    .composite([{ input: plate, left: 400, top: 250 }])
    .jpeg({ quality: 82 })
    .toBuffer();
}

test('the restaurant uploads a dish photo and the storefront shows it', async ({ page, request }) => {
  test.setTimeout(120_000);
  const signedIn = await request.post('/user_token', { data: { auth: team } });
  expect(signedIn.ok()).toBe(true);
  const { jwt } = (await signedIn.json()) as { jwt: string };
  const list = await request.get('/api/v2/partner/restaurants', { headers: { authorization: `Bearer ${jwt}` } });
  const restaurants = ((await list.json()) as { restaurants: Array<{ id: number; name: string; slug: string }> })
    .restaurants;
  const masala = restaurants.find((r) => r.name === 'Masala House')!;
  expect(masala).toBeDefined();

  await page.goto('/partner');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await dialog.getByLabel('Email').fill(team.email);
  await dialog.getByLabel('Password').fill(team.password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(dialog).toHaveCount(0);

  await page.goto(`/partner/${masala.id}/orders`);
  await page.getByRole('link', { name: 'Photos' }).click();
  await expect(page.getByRole('heading', { name: 'Photos', level: 1 })).toBeVisible();

  // the first dish still shows its generated art
  const dish = page.locator('.photo-slots:not(.photo-slots-brand) article').first();
  const dishName = (await dish.getByRole('heading').textContent())!.trim();
  await expect(dish.getByText('Generated art')).toBeVisible();
  await dish.locator('input[type=file]').setInputFiles({
    name: 'dish.jpg',
    mimeType: 'image/jpeg',
    buffer: await dishPhoto(),
  });
  await expect(dish.getByText('Photo', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(dish.getByText('1800 × 1200 px')).toBeVisible();

  // a focal point low on the photo: the banner preview follows before anything is saved
  await dish.getByRole('button', { name: 'Focal point' }).click();
  const picker = dish.getByRole('slider', { name: `Focal point of ${dishName}` });
  const box = (await picker.boundingBox())!;
  await picker.click({ position: { x: box.width * 0.5, y: box.height * 0.8 } });
  await expect(picker).toHaveAttribute('aria-valuetext', /80% from the top/);
  await expect(dish.getByTestId('preview-banner')).toHaveAttribute('style', /object-position: 50% 9\d/);
  await dish.getByRole('button', { name: 'Save focal point' }).click();
  await expect(dish.getByRole('button', { name: 'Save focal point' })).toHaveCount(0, { timeout: 30_000 });
  const shown = await dish.locator('img').first().getAttribute('src');
  expect(shown).toMatch(/^\/media\/photos\/c\d+\/[0-9a-f]{24}-f\d{3}x(79\d|8\d\d)-card-400_800_1200\.webp$/);

  // the restaurant's page: the dish's row shows the photo with its srcset, and it loads
  // (each instance may keep the page's data for up to a minute until part 4 drops it on change)
  await expect
    .poll(
      async () => {
        await page.goto(`/chefs/${masala.slug}`);
        // the dish's row in the restaurant's menu (the default menu may list it too, with the same image)
        const row = page
          .locator('.menu-card')
          .filter({ has: page.getByRole('heading', { name: dishName }) })
          .last();
        await expect(row).toBeVisible();
        return row.locator('img').getAttribute('src');
      },
      { timeout: 80_000, intervals: [2_000, 5_000, 10_000] },
    )
    .toBe(shown);
  const row = page
    .locator('.menu-card')
    .filter({ has: page.getByRole('heading', { name: dishName }) })
    .last();
  await expect(row.locator('picture > source[type="image/avif"]')).toHaveAttribute('srcset', /-card-400\.avif 400w/);
  const img = row.locator('picture > img');
  await expect(img).toHaveAttribute('srcset', /-card-1200\.webp 1200w/);
  await img.scrollIntoViewIfNeeded();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
  const loaded = await img.evaluate((el: HTMLImageElement) => el.currentSrc);
  expect(loaded).toMatch(/\/media\/photos\/.+-card-\d+\.(avif|webp)$/);
});

test('a HEIC logo from a phone is taken by the built server, and removing it brings the art back', async ({
  request,
}) => {
  const signedIn = await request.post('/user_token', { data: { auth: team } });
  const { jwt } = (await signedIn.json()) as { jwt: string };
  const headers = { authorization: `Bearer ${jwt}` };
  const list = await request.get('/api/v2/partner/restaurants', { headers });
  const restaurants = ((await list.json()) as { restaurants: Array<{ id: number; name: string }> }).restaurants;
  const sakura = restaurants.find((r) => r.name === 'Sakura Sushi')!;
  const photos = `/api/v2/partner/restaurants/${sakura.id}/photos`;
  const art = ((await (await request.get(photos, { headers })).json()) as { logo: { image_url: string } }).logo
    .image_url;
  expect(art).toMatch(/^\/media\/art\//);

  const heic = fs.readFileSync(
    path.join(import.meta.dirname, '../apps/api/src/modules/photos/fixtures/tiles-1024x683.heic'),
  );
  const uploaded = await request.post(photos, {
    headers,
    multipart: { target: 'logo', file: { name: 'IMG_0042.HEIC', mimeType: 'image/heic', buffer: heic } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const photo = (await uploaded.json()) as { id: number; url: string };
  // served by either instance (the bucket is shared), as WebP
  for (let i = 0; i < 2; i++) {
    const img = await request.get(photo.url);
    expect(img.status()).toBe(200);
    expect(img.headers()['content-type']).toBe('image/webp');
  }
  expect((await request.delete(`${photos}/${photo.id}`, { headers })).status()).toBe(204);
  const after = ((await (await request.get(photos, { headers })).json()) as { logo: { image_url: string } }).logo;
  expect(after.image_url).toBe(art);
});
