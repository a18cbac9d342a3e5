// Uploaded photos (issue 19 part 3; decision 054): the rules of an upload, the shapes the pages
// crop to, and the URL form that names a photo's variants. The catalogue stores one URL per image
// slot; for an uploaded photo it reads
//   /media/photos/c12/<hash>-f500x500-card-400_800_1200.webp
// (restaurant folder, content hash, focal point, shape, the widths made), and each variant is
//   /media/photos/c12/<hash>-f500x500-card-800.webp  (and .avif)
// so the storefront derives srcset from the URL alone and a new upload or focal point is a new URL.

export const photoRules = {
  maxBytes: 15 * 1024 * 1024,
  maxMegabytes: 15,
  minWidth: 800,
  minHeight: 533,
} as const;

export const photoShapes = ['card', 'banner', 'logo'] as const;
export type PhotoShape = (typeof photoShapes)[number];

/** Width / height of each shape: cards 3:2, the restaurant banner about 4:1, the logo square. */
export const photoRatios: Record<PhotoShape, number> = { card: 3 / 2, banner: 4, logo: 1 };

const PHOTO_URL = /^(\/media\/photos\/[^?#]+-)(\d+(?:_\d+)*)\.webp$/;

/** The srcset of an uploaded photo's URL, in WebP and AVIF; null for any other image (the generated art). */
export function photoSrcset(url: string): { webp: string; avif: string } | null {
  const m = PHOTO_URL.exec(url);
  if (!m) return null;
  const set = (ext: string) =>
    m[2]!
      .split('_')
      .map((w) => `${m[1]}${w}.${ext} ${w}w`)
      .join(', ');
  return { webp: set('webp'), avif: set('avif') };
}

export interface CropRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The crop of a shape: the largest rectangle of `ratio` (width / height) inside the image,
 * centred on the focal point (0..1 from the left and the top) as far as the edges allow. The API
 * cuts the stored crops with it; the portal's previews show the same rectangle.
 */
export function cropAround(width: number, height: number, ratio: number, focalX: number, focalY: number): CropRect {
  let w = width;
  let h = Math.round(width / ratio);
  if (h > height) {
    h = height;
    w = Math.round(height * ratio);
  }
  const clamp = (v: number, max: number) => Math.max(0, Math.min(max, v));
  const left = clamp(Math.round(focalX * width - w / 2), width - w);
  const top = clamp(Math.round(focalY * height - h / 2), height - h);
  return { left, top, width: w, height: h };
}

/** The CSS object-position (percent) that shows exactly cropAround's rectangle with object-fit: cover. */
export function cropObjectPosition(width: number, height: number, ratio: number, focalX: number, focalY: number) {
  const crop = cropAround(width, height, ratio, focalX, focalY);
  const pct = (offset: number, room: number) => (room > 0 ? Math.round((offset / room) * 1000) / 10 : 50);
  return { x: pct(crop.left, width - crop.width), y: pct(crop.top, height - crop.height) };
}
