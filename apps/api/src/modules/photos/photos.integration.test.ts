import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoSrcset } from '@caterway/domain';
import { createTestApp, type TestContext } from '../../../test/helpers.js';
import { createLocalStorage } from '../../adapters/storage/index.js';
import { createCatalogueChangesService } from '../catalogue-changes/catalogue-changes.service.js';
import { auth } from '../order-lifecycle/lifecycle.test-helpers.js';
import { teamFixture, type SignedIn } from '../partner/partner.test-helpers.js';
import { makePhoto, multipartBody } from './photos.test-helpers.js';

// Issue 19 part 3 "Photos" (decision 054): managers, owners and operations upload a restaurant's
// logo, banner and dish photos; the storefront shows them with their srcset at once (the
// catalogue's version moves), the audit log says who did it, and removing one brings the art back.

describe('restaurant photos', () => {
  let ctx: TestContext;
  let team: Awaited<ReturnType<typeof teamFixture>>;
  let owner: SignedIn;
  let manager: SignedIn;
  let staff: SignedIn;
  let otherOwner: SignedIn;
  let ops: SignedIn;
  let chefId: number;
  let dish: { id: number; main_image_url: string };
  let otherDish: number;
  let dataDir: string;
  let photo: Buffer;

  const url = (path = '') => `/api/v2/partner/restaurants/${chefId}/photos${path}`;
  const upload = (user: SignedIn | null, target: string, data: Buffer, chef = chefId) => {
    const body = multipartBody([
      ['target', target],
      ['file', { filename: 'photo.jpg', type: 'image/jpeg', data }],
    ]);
    return ctx.app.inject({
      method: 'POST',
      url: `/api/v2/partner/restaurants/${chef}/photos`,
      headers: { ...body.headers, ...auth(user?.jwt ?? null) },
      payload: body.payload,
    });
  };

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'caterway-photos-'));
    ctx = await createTestApp({ env: { DATA_DIR: dataDir } });
    team = await teamFixture(ctx, 2);
    chefId = team.chefs[0]!.id;
    [owner, manager, staff, otherOwner, ops] = await Promise.all([
      team.member({ 0: 'owner' }),
      team.member({ 0: 'manager' }),
      team.member({ 0: 'staff' }),
      team.member({ 1: 'owner' }),
      team.ops(),
    ]);
    const { rows } = await ctx.db.query<{ id: number; main_image_url: string }>(
      `SELECT id::int, main_image_url FROM menus WHERE chef_id = $1 AND NOT is_deleted ORDER BY position, id LIMIT 1`,
      [chefId],
    );
    dish = rows[0]!;
    const other = await ctx.db.query<{ id: number }>(`SELECT id::int FROM menus WHERE chef_id = $1 LIMIT 1`, [
      team.chefs[1]!.id,
    ]);
    otherDish = other.rows[0]!.id;
    photo = await makePhoto(1600, 1200);
  }, 60_000);
  afterAll(async () => {
    await ctx.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('lets the team read the slots with the generated art, and only managers and up upload', async () => {
    const list = await ctx.app.inject({ method: 'GET', url: url(), headers: auth(staff.jwt) });
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.logo).toEqual({ image_url: expect.stringMatching(/^\/media\/art\/chef-profile\//), photo: null });
    expect(body.dishes.find((d: { menu_id: number }) => d.menu_id === dish.id)).toMatchObject({
      image_url: dish.main_image_url,
      photo: null,
    });

    expect((await upload(staff, `dish:${dish.id}`, photo)).statusCode).toBe(403);
    expect((await upload(null, `dish:${dish.id}`, photo)).statusCode).toBe(401);
    expect((await upload(otherOwner, `dish:${dish.id}`, photo)).statusCode).toBe(404);
    // a dish of another restaurant is not on this menu
    const foreign = await upload(manager, `dish:${otherDish}`, photo);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe('This dish is not on your menu.');
  });

  it('uploads a dish photo: the storefront shows it with its srcset, the version moves and the log says who', async () => {
    const changes = createCatalogueChangesService(ctx.db);
    const versionBefore = (await changes.versions()).get(chefId) ?? 0;
    const res = await upload(manager, `dish:${dish.id}`, photo);
    expect(res.statusCode).toBe(201);
    const uploaded = res.json();
    expect(uploaded).toMatchObject({ target: 'dish', menu_id: dish.id, shape: 'card', width: 1600, height: 1200 });
    expect(uploaded.url).toMatch(/^\/media\/photos\/c\d+\/[0-9a-f]{24}-f500x500-card-400_800_1200\.webp$/);
    expect(uploaded.srcset_avif).toContain('-1200.avif 1200w');

    expect((await changes.versions()).get(chefId)).toBe(versionBefore + 1);
    const audit = await ctx.app.inject({
      method: 'GET',
      url: `/api/v2/partner/restaurants/${chefId}/audit`,
      headers: auth(owner.jwt),
    });
    expect(audit.json().entries[0]).toMatchObject({
      actor: { user_id: manager.id, role: 'manager' },
      entity: 'photo',
      entity_id: String(uploaded.id),
      action: 'upload',
      before: { url: dish.main_image_url },
      after: { url: uploaded.url },
    });

    // the restaurant's page (its preset) shows the photo's URL, and every srcset entry is served
    const detail = await ctx.app.inject({ method: 'GET', url: `/api/v2/presets/${team.chefs[0]!.slug}` });
    expect(detail.statusCode).toBe(200);
    const menus = detail
      .json()
      .preset.chefs.flatMap((c: { menus: Array<{ id: number; main_image_url: string }> }) => c.menus);
    const shown = menus.find((m: { id: number }) => m.id === dish.id);
    expect(shown.main_image_url).toBe(uploaded.url);
    const srcset = photoSrcset(shown.main_image_url)!;
    expect(srcset.webp).toBe(uploaded.srcset_webp);
    for (const entry of [...srcset.webp.split(', '), ...srcset.avif.split(', ')]) {
      const [src, w] = entry.split(' ');
      const img = await ctx.app.inject({ method: 'GET', url: src! });
      expect(img.statusCode).toBe(200);
      expect(img.headers['content-type']).toBe(src!.endsWith('.avif') ? 'image/avif' : 'image/webp');
      expect(img.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(img.rawPayload).metadata();
      expect(`${meta.width}w`).toBe(w);
      expect(meta.exif).toBeUndefined();
    }
    // the URL itself is an image too (its middle width) and answers 304 to its ETag
    const plain = await ctx.app.inject({ method: 'GET', url: uploaded.url });
    expect(plain.statusCode).toBe(200);
    expect((await sharp(plain.rawPayload).metadata()).width).toBe(800);
    const again = await ctx.app.inject({
      method: 'GET',
      url: uploaded.url,
      headers: { 'if-none-match': plain.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    // stored under DATA_DIR/uploads by default
    expect(fs.existsSync(path.join(dataDir, 'uploads/photos', `c${chefId}`))).toBe(true);
  }, 60_000);

  it('moves the focal point: new crops at a new URL, the old crops gone', async () => {
    const list = (await ctx.app.inject({ method: 'GET', url: url(), headers: auth(owner.jwt) })).json();
    const current = list.dishes.find((d: { menu_id: number }) => d.menu_id === dish.id).photo;
    const moved = await ctx.app.inject({
      method: 'PUT',
      url: url(`/${current.id}/focal-point`),
      headers: auth(owner.jwt),
      payload: { x: 0.1, y: 0.9 },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ focal_x: expect.closeTo(0.1, 5), focal_y: expect.closeTo(0.9, 5) });
    expect(moved.json().url).toContain('-f100x900-card-');
    const { rows } = await ctx.db.query(`SELECT main_image_url FROM menus WHERE id = $1`, [dish.id]);
    expect(rows[0].main_image_url).toBe(moved.json().url);
    expect((await ctx.app.inject({ method: 'GET', url: current.url })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: moved.json().url })).statusCode).toBe(200);

    const bad = await ctx.app.inject({
      method: 'PUT',
      url: url(`/${current.id}/focal-point`),
      headers: auth(owner.jwt),
      payload: { x: 1.5, y: 0.5 },
    });
    expect(bad.statusCode).toBe(422);
    const staffMove = await ctx.app.inject({
      method: 'PUT',
      url: url(`/${current.id}/focal-point`),
      headers: auth(staff.jwt),
      payload: { x: 0.5, y: 0.5 },
    });
    expect(staffMove.statusCode).toBe(403);
  }, 60_000);

  it('removes a photo: the generated art comes back and the files go', async () => {
    const list = (await ctx.app.inject({ method: 'GET', url: url(), headers: auth(ops.jwt) })).json();
    const current = list.dishes.find((d: { menu_id: number }) => d.menu_id === dish.id).photo;
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: url(`/${current.id}`), headers: auth(staff.jwt) })).statusCode,
    ).toBe(403);
    const removed = await ctx.app.inject({ method: 'DELETE', url: url(`/${current.id}`), headers: auth(ops.jwt) });
    expect(removed.statusCode).toBe(204);
    const { rows } = await ctx.db.query(`SELECT main_image_url FROM menus WHERE id = $1`, [dish.id]);
    expect(rows[0].main_image_url).toBe(dish.main_image_url);
    expect((await ctx.app.inject({ method: 'GET', url: current.url })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: current.original_url })).statusCode).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: url(`/${current.id}`), headers: auth(ops.jwt) })).statusCode,
    ).toBe(404);
    const audit = await ctx.app.inject({
      method: 'GET',
      url: `/api/v2/partner/restaurants/${chefId}/audit`,
      headers: auth(ops.jwt),
    });
    expect(audit.json().entries[0]).toMatchObject({
      entity: 'photo',
      action: 'delete',
      after: { url: dish.main_image_url },
    });
  }, 60_000);

  it('puts the banner on the restaurant and the presets that showed its art, and the logo on the chef', async () => {
    const before = await ctx.db.query<{ main_image_url: string }>(`SELECT main_image_url FROM chefs WHERE id = $1`, [
      chefId,
    ]);
    const banner = await upload(owner, 'banner', photo);
    expect(banner.statusCode).toBe(201);
    expect(banner.json().url).toMatch(/-banner-800_1200_1600\.webp$/);
    const { rows } = await ctx.db.query(
      `SELECT p.banner_image_url FROM presets p JOIN preset_chefs pc ON pc.preset_id = p.id
        WHERE pc.chef_id = $1 AND p.preset_type = 'restaurant'`,
      [chefId],
    );
    expect(rows[0].banner_image_url).toBe(banner.json().url);
    const logo = await upload(owner, 'logo', photo);
    expect(logo.json().url).toMatch(/-logo-128_256_512\.webp$/);
    // (the restaurant page's answer is cached for up to 60 s per instance until part 4 drops it on NOTIFY)
    const chef = await ctx.db.query(`SELECT profile_image_url FROM chefs WHERE id = $1`, [chefId]);
    expect(chef.rows[0].profile_image_url).toBe(logo.json().url);

    await ctx.app.inject({ method: 'DELETE', url: url(`/${banner.json().id}`), headers: auth(owner.jwt) });
    const after = await ctx.db.query<{ main_image_url: string }>(`SELECT main_image_url FROM chefs WHERE id = $1`, [
      chefId,
    ]);
    expect(after.rows[0]!.main_image_url).toBe(before.rows[0]!.main_image_url);
  }, 60_000);

  it('refuses what is no photo, too small or over 15 MB with the message', async () => {
    const photosNow = async () =>
      (await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM photos WHERE chef_id = $1`, [chefId])).rows[0]!
        .n;
    const countBefore = await photosNow();
    const text = await upload(manager, 'logo', Buffer.from('not a photo at all'));
    expect(text.statusCode).toBe(422);
    expect(text.json().error).toBe('This file is not a photo. Upload a JPEG, PNG, WebP or HEIC image.');

    const small = await upload(manager, 'logo', await makePhoto(700, 500, 'png'));
    expect(small.statusCode).toBe(422);
    expect(small.json().error).toContain('at least 800 × 533 pixels');

    // 16 MB: refused while streaming (the content length alone, or the file's count past 15 MB)
    const big = Buffer.concat([photo, Buffer.alloc(16 * 1024 * 1024 - photo.length, 1)]);
    const large = await upload(manager, 'logo', big);
    expect(large.statusCode).toBe(422);
    expect(large.json().error).toBe('This photo is too large. Upload a photo of at most 15 MB.');

    // the same without a content length (chunked): counted as it streams, refused past 15 MB
    const chunked = multipartBody([
      ['target', 'logo'],
      ['file', { filename: 'big.jpg', type: 'image/jpeg', data: big }],
    ]);
    const streamed = await ctx.app.inject({
      method: 'POST',
      url: url(),
      headers: { 'content-type': chunked.headers['content-type']!, ...auth(manager.jwt) },
      payload: Readable.from(
        (function* () {
          for (let at = 0; at < chunked.payload.length; at += 256 * 1024)
            yield chunked.payload.subarray(at, at + 256 * 1024);
        })(),
      ),
    });
    expect(streamed.statusCode).toBe(422);
    expect(streamed.json().error).toBe('This photo is too large. Upload a photo of at most 15 MB.');

    const noTarget = multipartBody([['file', { filename: 'a.jpg', type: 'image/jpeg', data: photo }]]);
    const missing = await ctx.app.inject({
      method: 'POST',
      url: url(),
      headers: { ...noTarget.headers, ...auth(manager.jwt) },
      payload: noTarget.payload,
    });
    expect(missing.statusCode).toBe(422);
    const json = await ctx.app.inject({
      method: 'POST',
      url: url(),
      headers: auth(manager.jwt),
      payload: { target: 'logo' },
    });
    expect(json.statusCode).toBe(422);
    // nothing was written
    expect(await photosNow()).toBe(countBefore);
  }, 60_000);

  it('takes a HEIC photo from a phone (decoded by libheif in a worker thread)', async () => {
    const heic = fs.readFileSync(path.join(import.meta.dirname, 'fixtures/tiles-1024x683.heic'));
    const res = await upload(owner, 'logo', heic);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ width: 1024, height: 683, shape: 'logo' });
    const img = await ctx.app.inject({ method: 'GET', url: res.json().url });
    expect(img.headers['content-type']).toBe('image/webp');
    expect((await sharp(img.rawPayload).metadata()).width).toBe(256);
  }, 60_000);

  it('serves nothing for unknown or malformed keys', async () => {
    for (const file of [
      'c1/0123456789abcdef01234567-f500x500-card-400.webp',
      'c1/..%2F..%2Fetc%2Fpasswd',
      'x1/0123456789abcdef01234567-original.webp',
    ]) {
      expect((await ctx.app.inject({ method: 'GET', url: `/media/photos/${file}` })).statusCode).toBe(404);
    }
  });

  it('keeps files under the data folder only', async () => {
    const storage = createLocalStorage(path.join(dataDir, 'uploads'));
    await expect(storage.put('../escape.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(/unsafe/);
  });
});
