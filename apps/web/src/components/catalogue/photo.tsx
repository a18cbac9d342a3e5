import type { ImgHTMLAttributes } from 'react';

type PhotoProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'alt'> & { src: string; sizes: string };

// An uploaded photo's URL names its widths (packages/domain photos.ts, decision 054):
// /media/photos/c12/<hash>-f500x500-card-400_800_1200.webp. The same reading as the domain's
// photoSrcset, kept here so the public pages load no module of their own for it (their budget).
const PHOTO_URL = /^(\/media\/photos\/[^?#]+-)(\d+(?:_\d+)*)\.webp$/;

/**
 * An image slot of the storefront: a restaurant's uploaded photo becomes a <picture> with its
 * AVIF and WebP srcsets; the generated art stays a plain <img>. The <picture> lays out as if
 * absent, so the slots' CSS still sizes the <img> (catalogue.css).
 */
export function Photo({ src, sizes, ...img }: PhotoProps) {
  const m = PHOTO_URL.exec(src);
  if (!m) return <img src={src} alt="" {...img} />;
  const set = (ext: string) =>
    m[2]!
      .split('_')
      .map((w) => `${m[1]}${w}.${ext} ${w}w`)
      .join();
  return (
    <picture>
      <source type="image/avif" srcSet={set('avif')} sizes={sizes} />
      <img src={src} srcSet={set('webp')} sizes={sizes} alt="" {...img} />
    </picture>
  );
}
