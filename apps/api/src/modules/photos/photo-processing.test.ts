import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { cropAround, cropObjectPosition, photoSrcset } from '@caterway/domain';
import { AppError } from '../../lib/errors.js';
import { decodePhoto, detectPhotoType, photoMessages, renderShape } from './photo-processing.js';

// Real images made here with sharp: what a phone sends (a big JPEG lying on its side with GPS in
// its EXIF), what a screenshot is (a small PNG), and what is no photo at all.

const HEIC_FIXTURE = path.join(import.meta.dirname, 'fixtures/tiles-1024x683.heic');

/** A 4000×3000 JPEG stored landscape whose EXIF says "rotate 90° clockwise" (orientation 6), with GPS. */
async function phoneJpeg(): Promise<Buffer> {
  // left half red, right half blue: after the turn red is on top
  const half = (colour: string) => sharp({ create: { width: 2000, height: 3000, channels: 3, background: colour } });
  const [red, blue] = await Promise.all([half('#d00').png().toBuffer(), half('#00d').png().toBuffer()]);
  return sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#000' } })
    .composite([
      { input: red, left: 0, top: 0 },
      { input: blue, left: 2000, top: 0 },
    ])
    .jpeg({ quality: 80 })
    .withExif({
      IFD0: { Make: 'Caterway Test Phone', Model: 'Pixel' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '43/1 39/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '79/1 23/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('photo processing', () => {
  it('turns a phone photo upright by its EXIF orientation and drops every metadata block', async () => {
    const input = await phoneJpeg();
    const inMeta = await sharp(input).metadata();
    expect(inMeta.orientation).toBe(6);
    expect(inMeta.exif).toBeDefined();
    expect(input.includes(Buffer.from('Caterway Test Phone'))).toBe(true);

    const photo = await decodePhoto(input);
    // 4000×3000 on its side is 3000×4000 upright, scaled to fit 3200
    expect([photo.width, photo.height]).toEqual([2400, 3200]);
    const meta = await sharp(photo.original).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(photo.original.includes(Buffer.from('Caterway Test Phone'))).toBe(false);
    // red (the stored left half) is now on top
    const { data } = await sharp(photo.original)
      .extract({ left: 1200, top: 100, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(150);
    expect(data[2]).toBeLessThan(80);

    const card = await renderShape(photo.original, photo, 'card', { x: 0.5, y: 0.5 });
    expect(card.widths).toEqual([400, 800, 1200]);
    for (const v of card.variants) {
      const m = await sharp(v.data).metadata();
      expect(m.format).toBe(v.format === 'webp' ? 'webp' : 'heif');
      expect([m.width, m.height]).toEqual([v.width, Math.round(v.width / 1.5)]);
      expect(m.exif).toBeUndefined();
    }
    expect(card.variants.map((v) => `${v.format}:${v.width}`)).toEqual([
      'webp:400',
      'avif:400',
      'webp:800',
      'avif:800',
      'webp:1200',
      'avif:1200',
    ]);
  }, 60_000);

  it('crops each shape around the focal point, kept inside the photo', () => {
    expect(cropAround(3000, 2000, 4, 0.5, 0.5)).toEqual({ left: 0, top: 625, width: 3000, height: 750 });
    expect(cropAround(3000, 2000, 4, 0.5, 0)).toEqual({ left: 0, top: 0, width: 3000, height: 750 });
    expect(cropAround(3000, 2000, 4, 0.5, 1)).toEqual({ left: 0, top: 1250, width: 3000, height: 750 });
    expect(cropAround(3000, 2000, 1, 0.9, 0.5)).toEqual({ left: 1000, top: 0, width: 2000, height: 2000 });
    expect(cropAround(3000, 2000, 1, 0.1, 0.5)).toEqual({ left: 0, top: 0, width: 2000, height: 2000 });
    // the portal's preview shows the same rectangle: object-position in percent of the room left
    expect(cropObjectPosition(3000, 2000, 4, 0.5, 0.5)).toEqual({ x: 50, y: 50 });
    expect(cropObjectPosition(3000, 2000, 4, 0.5, 0.2)).toEqual({ x: 50, y: 2 });
    expect(cropObjectPosition(3000, 2000, 1, 0.9, 0.5)).toEqual({ x: 100, y: 50 });
  });

  it('makes only the widths the crop is wide enough for (a small photo is never enlarged)', async () => {
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    const photo = await decodePhoto(png);
    const banner = await renderShape(photo.original, photo, 'banner', { x: 0.5, y: 0.5 });
    expect(banner.widths).toEqual([800]);
    const logo = await renderShape(photo.original, photo, 'logo', { x: 0.5, y: 0.5 });
    expect(logo.widths).toEqual([128, 256, 512]);
  }, 30_000);

  it('refuses a PNG smaller than 800 × 533 with the sizes in the message', async () => {
    const png = await sharp({ create: { width: 700, height: 500, channels: 4, background: '#fff' } })
      .png()
      .toBuffer();
    const err = await refusal(decodePhoto(png));
    expect(err.status).toBe(422);
    expect(err.message).toBe(photoMessages.tooSmall(700, 500));
    expect(err.message).toContain('at least 800 × 533 pixels');
  });

  it('refuses a text file, whatever it is called, and a JPEG header with nothing behind it', async () => {
    const text = Buffer.from('Menu for Friday\nButter chicken, naan, rice\n');
    expect(detectPhotoType(text)).toBeNull();
    expect((await refusal(decodePhoto(text))).message).toBe(
      'This file is not a photo. Upload a JPEG, PNG, WebP or HEIC image.',
    );
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);
    expect(detectPhotoType(broken)).toBe('jpeg');
    expect((await refusal(decodePhoto(broken))).message).toBe(photoMessages.notAPhoto);
  });

  it('refuses more than 15 MB', async () => {
    const err = await refusal(decodePhoto(Buffer.alloc(15 * 1024 * 1024 + 1)));
    expect(err.message).toBe(photoMessages.tooLarge);
    expect(err.message).toContain('at most 15 MB');
  });

  it('reads the real type from the bytes', async () => {
    const webp = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .webp()
      .toBuffer();
    const avif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .avif()
      .toBuffer();
    expect(detectPhotoType(webp)).toBe('webp');
    // AVIF is an HEIF file too, but not one the upload accepts
    expect(detectPhotoType(avif)).toBeNull();
    expect(detectPhotoType(fs.readFileSync(HEIC_FIXTURE))).toBe('heic');
  });

  it('decodes a real HEIC (HEVC) photo through libheif', async () => {
    const photo = await decodePhoto(fs.readFileSync(HEIC_FIXTURE));
    expect([photo.width, photo.height]).toEqual([1024, 683]);
    const meta = await sharp(photo.original).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    // the fixture's top-left tile is red
    const { data } = await sharp(photo.original)
      .extract({ left: 100, top: 100, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(150);
    expect(data[1]).toBeLessThan(90);
  }, 30_000);

  it('names every variant in the srcset of the catalogue URL', () => {
    expect(photoSrcset('/media/photos/c12/0123456789abcdef01234567-f500x500-card-400_800_1200.webp')).toEqual({
      webp:
        '/media/photos/c12/0123456789abcdef01234567-f500x500-card-400.webp 400w, ' +
        '/media/photos/c12/0123456789abcdef01234567-f500x500-card-800.webp 800w, ' +
        '/media/photos/c12/0123456789abcdef01234567-f500x500-card-1200.webp 1200w',
      avif:
        '/media/photos/c12/0123456789abcdef01234567-f500x500-card-400.avif 400w, ' +
        '/media/photos/c12/0123456789abcdef01234567-f500x500-card-800.avif 800w, ' +
        '/media/photos/c12/0123456789abcdef01234567-f500x500-card-1200.avif 1200w',
    });
    expect(photoSrcset('/media/art/dish/12-bowl.svg')).toBeNull();
  });
});
