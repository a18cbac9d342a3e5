// Generated artwork for the catalogue: small deterministic SVGs (warm gradients, the dish the
// name says seen from above (media.dishes.ts), monogram initials) so the storefront looks
// finished without any remote image host. Same kind + seed -> byte-identical SVG, cacheable
// forever; the dish type is part of the seed (decision 074).
import { isDishType, type DishType } from '@caterway/domain';
import { drawDish } from './media.dishes.js';

export const artKinds = ['chef-profile', 'chef-banner', 'dish', 'preset', 'item', 'logo'] as const;
export type ArtKind = (typeof artKinds)[number];

/**
 * A seed is an id with up to three hints: '12', '12-bc' (initials), '34-sushi' (the dish type),
 * '7-sushi-ramen-gyoza' (a banner's three dishes).
 */
export const artSeedPattern = /^[a-z0-9]{1,20}(?:-[a-z0-9]{1,12}){0,3}$/;

/** Hints of URLs written before dish types (decision 074), still drawn as the nearest type. */
const legacyHints: Record<string, DishType> = { cup: 'coffee', tray: 'board' };

const backgrounds = [
  ['#FFE8D6', '#F6A77A'],
  ['#FDF0D5', '#F1A24A'],
  ['#FCE1E4', '#EE8C8C'],
  ['#EEF5DB', '#A9C47F'],
  ['#FFF3B0', '#E09F3E'],
  ['#F5E6D3', '#C98B5E'],
  ['#FFE5EC', '#F29CB0'],
  ['#E8F1E4', '#7FB38F'],
  ['#FFEFD8', '#E3826B'],
] as const;
const greens = ['#2A9D8F', '#6A994E', '#52B788', '#588157', '#38B000'] as const;
const ceramics = ['#264653', '#3D5A80', '#9C6644', '#E76F51', '#457B9D', '#7F5539'] as const;

function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: tiny and fast; the art needs variety, not statistical quality. */
function random(seed: string) {
  let a = hash(seed);
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T,
  };
}
type Random = ReturnType<typeof random>;

function svg(w: number, h: number, bg: readonly [string, string], body: string, angle: number): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" preserveAspectRatio="xMidYMid slice">` +
    `<defs><linearGradient id="g" gradientTransform="rotate(${angle} .5 .5)"><stop offset="0" stop-color="${bg[0]}"/><stop offset="1" stop-color="${bg[1]}"/></linearGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#g)"/>${body}</svg>`
  );
}

/** A few herb leaves on the table around the dish, never on it (from 60% of `spread` out). */
function garnish(r: Random, cx: number, cy: number, spread: number, count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    const a = r.next() * Math.PI * 2;
    const d = spread * (0.6 + r.next() * 0.4);
    const x = Math.round(cx + Math.cos(a) * d);
    const y = Math.round(cy + Math.sin(a) * d * 0.62);
    out += `<ellipse cx="${x}" cy="${y}" rx="${r.int(5, 9)}" ry="${r.int(2, 4)}" transform="rotate(${r.int(0, 179)} ${x} ${y})" fill="${r.pick(greens)}"/>`;
  }
  return out;
}

function monogram(initials: string, cx: number, cy: number, size: number, color: string): string {
  const safe = initials.replace(/[^A-Z]/g, '').slice(0, 3) || 'C';
  return `<text x="${cx}" y="${cy}" text-anchor="middle" dominant-baseline="central" font-family="Georgia,'Times New Roman',serif" font-size="${size}" font-weight="700" fill="${color}">${safe}</text>`;
}

const NEUTRAL: DishType[] = ['salad', 'plate', 'bread'];
const typeOf = (hint: string): DishType | null => (isDishType(hint) ? hint : (legacyHints[hint] ?? null));

/** Renders kind + seed as an SVG document, or null when the kind is unknown or the seed invalid. */
export function renderArt(kind: string, seed: string): string | null {
  if (!(artKinds as readonly string[]).includes(kind) || !artSeedPattern.test(seed)) return null;
  const r = random(`${kind}:${seed}`);
  const hints = seed.split('-').slice(1);
  const bg = r.pick(backgrounds);
  const angle = r.int(0, 90);
  const types = hints.map(typeOf).filter((t): t is DishType => t !== null);
  // a URL that names no type (a banner of a restaurant without dishes yet, a dish between
  // migration 058 and the start-up repair) draws a neutral spread, never a cuisine it is not
  const first = types[0] ?? 'plate';
  switch (kind as ArtKind) {
    case 'chef-profile':
    case 'logo': {
      const initials = hints[0] ?? '';
      const ink = r.pick(ceramics);
      const body =
        `<circle cx="100" cy="100" r="74" fill="#FFFDF8" opacity=".92"/><circle cx="100" cy="100" r="66" fill="none" stroke="${ink}" stroke-width="3" stroke-dasharray="2 6" stroke-linecap="round"/>` +
        monogram(initials.toUpperCase(), 100, 102, initials.length > 2 ? 44 : 56, ink);
      return svg(200, 200, bg, body, angle);
    }
    case 'chef-banner':
    case 'preset': {
      // three dishes in the middle band, so the banner's crop (about 5:1 on a desktop, 3:1 on
      // a phone) never cuts one
      let body = '';
      for (let i = 0; i < 3; i++) {
        const type = types.length ? types[i % types.length]! : NEUTRAL[i]!;
        body += drawDish(r, type, 220 + i * 380 + r.int(-20, 20), 200 + r.int(-8, 8), 100);
      }
      return svg(1200, 400, bg, body, angle);
    }
    case 'item':
      return svg(120, 120, bg, drawDish(r, first, 60, 60, 46), angle);
    case 'dish':
    default:
      // the dish fills the middle square, so a 16:9 card, a 3:2 tile and a square row crop it alike
      return svg(600, 400, bg, drawDish(r, first, 300, 200, 150) + garnish(r, 300, 200, 290, 6), angle);
  }
}
