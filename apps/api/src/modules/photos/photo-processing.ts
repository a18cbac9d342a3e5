import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import sharp, { type Sharp } from 'sharp';
import { cropAround, photoRatios, photoRules, type PhotoShape } from '@caterway/domain';
import { AppError } from '../../lib/errors.js';

// What an upload becomes (decision 054): its real type read from its first bytes (never the file
// name or the browser's content type), refused when it is no photo, too large or too small;
// turned upright by its EXIF orientation, every metadata block dropped, and re-encoded. The
// original kept is a WebP of at most ORIGINAL_MAX px a side; the pages get crops of it around the
// focal point, one per shape, at the widths the storefront's slots use, as WebP and AVIF.

export type PhotoType = 'jpeg' | 'png' | 'webp' | 'heic';

export const photoMessages = {
  notAPhoto: 'This file is not a photo. Upload a JPEG, PNG, WebP or HEIC image.',
  tooLarge: `This photo is too large. Upload a photo of at most ${photoRules.maxMegabytes} MB.`,
  tooSmall: (width: number, height: number) =>
    `This photo is ${width} × ${height} pixels, too small. Upload a photo of at least ${photoRules.minWidth} × ${photoRules.minHeight} pixels.`,
} as const;

/** The shapes the storefront shows and the widths its slots ask for (srcset). */
export const SHAPES: Record<PhotoShape, { ratio: number; widths: readonly number[] }> = {
  // restaurant and preset cards, dish rows and quick views: 3:2 (cards show it at 16:9, cover)
  card: { ratio: photoRatios.card, widths: [400, 800, 1200] },
  // the restaurant page's banner: full width, clamp(140px, 26vw, 280px) high, about 4:1
  banner: { ratio: photoRatios.banner, widths: [800, 1200, 1600, 2400] },
  // the restaurant's logo: a 40 to 56 px square
  logo: { ratio: photoRatios.logo, widths: [128, 256, 512] },
};

const ORIGINAL_MAX = 3200;
const WEBP = { quality: 80, effort: 4 } as const;
const AVIF = { quality: 55, effort: 2 } as const;

// libheif's wasm decode runs synchronously on the thread that calls it (a 12 MP photo held the
// event loop for about a second): each HEIC is decoded in a worker thread of its own instead.
const HEIC_DECODE = createRequire(import.meta.url).resolve('heic-decode');
const HEIC_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
require(workerData.module)({ buffer: workerData.buffer }).then(
  (image) => parentPort.postMessage({ width: image.width, height: image.height, data: image.data }, [image.data.buffer]),
  (err) => parentPort.postMessage({ error: String((err && err.message) || err) }),
);`;
const HEIC_TIMEOUT_MS = 30_000;

function decodeHeic(buffer: Buffer): Promise<{ width: number; height: number; data: Uint8ClampedArray }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(HEIC_WORKER, {
      eval: true,
      workerData: { module: HEIC_DECODE, buffer },
      resourceLimits: { maxOldGenerationSizeMb: 512 },
    });
    const timer = setTimeout(() => void worker.terminate(), HEIC_TIMEOUT_MS);
    const done = () => {
      clearTimeout(timer);
      void worker.terminate();
    };
    worker.once('message', (m: { error?: string; width: number; height: number; data: Uint8ClampedArray }) => {
      done();
      if (m.error) reject(new Error(m.error));
      else resolve(m);
    });
    worker.once('error', (err: Error) => {
      done();
      reject(err);
    });
    worker.once('exit', () => {
      clearTimeout(timer);
      reject(new Error('the HEIC decoder stopped'));
    });
  });
}

const validation = (message: string) => new AppError('validation', message, { messages: [message] });

/** The type of an image by its leading bytes (magic numbers), or null. */
export function detectPhotoType(bytes: Uint8Array): PhotoType | null {
  const ascii = (start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && ascii(0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (bytes.length >= 16 && ascii(4, 8) === 'ftyp') {
    // the ftyp box: major brand, minor version, then compatible brands up to the box's size
    const size = Math.min(bytes.length, (bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!);
    const brands = [ascii(8, 12)];
    for (let at = 16; at + 4 <= size; at += 4) brands.push(ascii(at, at + 4));
    if (brands.some((b) => ['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx'].includes(b))) return 'heic';
  }
  return null;
}

export interface DecodedPhoto {
  /** upright, no metadata, WebP */
  original: Buffer;
  width: number;
  height: number;
  /** sha256 of `original`, 24 hex digits */
  hash: string;
}

/**
 * Checks and normalises an upload: refuses (422 with the message) what is not a JPEG, PNG, WebP
 * or HEIC photo of at least 800 × 533 px (after rotation), and answers it upright, stripped of
 * metadata, as a WebP of at most 3200 px a side.
 */
export async function decodePhoto(upload: Buffer): Promise<DecodedPhoto> {
  if (upload.byteLength > photoRules.maxBytes) throw validation(photoMessages.tooLarge);
  const type = detectPhotoType(upload);
  if (!type) throw validation(photoMessages.notAPhoto);
  let image: Sharp;
  let width: number;
  let height: number;
  try {
    if (type === 'heic') {
      // libvips' prebuilt binaries decode AVIF but not HEVC: libheif's wasm build does, and
      // applies the container's rotation and mirroring (HEIC carries no EXIF orientation to read)
      const decoded = await decodeHeic(upload);
      ({ width, height } = decoded);
      image = sharp(Buffer.from(decoded.data.buffer, decoded.data.byteOffset, decoded.data.byteLength), {
        raw: { width, height, channels: 4 },
      });
    } else {
      image = sharp(upload, { failOn: 'error', limitInputPixels: 120_000_000 }).autoOrient();
      const meta = await sharp(upload, { failOn: 'error', limitInputPixels: 120_000_000 }).metadata();
      const turned = (meta.orientation ?? 1) >= 5;
      width = turned ? meta.height : meta.width;
      height = turned ? meta.width : meta.height;
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw validation(photoMessages.notAPhoto);
  }
  if (!width || !height) throw validation(photoMessages.notAPhoto);
  if (width < photoRules.minWidth || height < photoRules.minHeight) {
    throw validation(photoMessages.tooSmall(width, height));
  }
  try {
    // sharp writes no metadata unless asked (withMetadata / keepExif): EXIF, GPS, XMP, ICC are gone
    const { data, info } = await image
      .resize({ width: ORIGINAL_MAX, height: ORIGINAL_MAX, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .webp({ quality: 90, effort: 4 })
      .toBuffer({ resolveWithObject: true });
    return { original: data, width: info.width, height: info.height, hash: hashOf(data) };
  } catch {
    throw validation(photoMessages.notAPhoto);
  }
}

export function hashOf(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 24);
}

export interface EncodedVariant {
  width: number;
  height: number;
  format: 'webp' | 'avif';
  data: Buffer;
}

/** A shape's crop at each of its widths (those the crop is wide enough for, at least one), as WebP and AVIF. */
export async function renderShape(
  original: Buffer,
  size: { width: number; height: number },
  shape: PhotoShape,
  focal: { x: number; y: number },
): Promise<{ widths: number[]; variants: EncodedVariant[] }> {
  const { ratio, widths: wanted } = SHAPES[shape];
  const crop = cropAround(size.width, size.height, ratio, focal.x, focal.y);
  const fits = wanted.filter((w) => w <= crop.width);
  const widths = fits.length ? fits : [crop.width];
  const variants: EncodedVariant[] = [];
  for (const width of widths) {
    const height = Math.round(width / ratio);
    const base = sharp(original).extract(crop).resize({ width, height, fit: 'fill' });
    const [webp, avif] = await Promise.all([base.clone().webp(WEBP).toBuffer(), base.clone().avif(AVIF).toBuffer()]);
    variants.push({ width, height, format: 'webp', data: webp }, { width, height, format: 'avif', data: avif });
  }
  return { widths, variants };
}
