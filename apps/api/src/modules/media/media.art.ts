// Generated artwork for the catalogue: small deterministic SVGs (warm gradients, plates and
// bowls seen from above, garnish, monogram initials) so the storefront looks finished
// without any remote image host. Same kind + seed -> byte-identical SVG, cacheable forever.

export const artKinds = ['chef-profile', 'chef-banner', 'dish', 'preset', 'item', 'logo'] as const;
export type ArtKind = (typeof artKinds)[number];

/** A seed is an id with up to two hints: '12', '12-bc' (initials), '34-bowl' (shape). */
export const artSeedPattern = /^[a-z0-9]{1,20}(?:-[a-z0-9]{1,12}){0,2}$/;

export const dishShapes = ['plate', 'bowl', 'cup', 'cake', 'sandwich', 'pizza', 'tray'] as const;
type Shape = (typeof dishShapes)[number];
// shapes with few elements, so a three-dish banner stays under 3 KB
const lightShapes: Shape[] = ['plate', 'bowl', 'cup', 'cake', 'sandwich'];

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
const foods = [
  '#E63946',
  '#F4A261',
  '#E9C46A',
  '#BC4749',
  '#D4A373',
  '#8D5524',
  '#F77F00',
  '#C1121F',
  '#EDB458',
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

function garnish(r: Random, cx: number, cy: number, spread: number, count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    const a = r.next() * Math.PI * 2;
    const d = spread * (0.2 + r.next() * 0.8);
    const x = Math.round(cx + Math.cos(a) * d);
    const y = Math.round(cy + Math.sin(a) * d);
    if (r.next() < 0.5) {
      out += `<ellipse cx="${x}" cy="${y}" rx="${r.int(4, 9)}" ry="${r.int(2, 4)}" transform="rotate(${r.int(0, 179)} ${x} ${y})" fill="${r.pick(greens)}"/>`;
    } else {
      out += `<circle cx="${x}" cy="${y}" r="${r.int(2, 6)}" fill="${r.pick([...foods, ...greens])}"/>`;
    }
  }
  return out;
}

/** One dish seen from above, centred on (cx, cy) with radius s. */
function dish(r: Random, shape: Shape, cx: number, cy: number, s: number, g = 1): string {
  const shadow = `<ellipse cx="${cx + 6}" cy="${cy + 10}" rx="${s}" ry="${Math.round(s * 0.96)}" fill="#000" opacity=".13"/>`;
  const plate = `<circle cx="${cx}" cy="${cy}" r="${s}" fill="#FFFDF8"/><circle cx="${cx}" cy="${cy}" r="${Math.round(s * 0.78)}" fill="#F3EEE6"/>`;
  const food = r.pick(foods);
  const food2 = r.pick(foods);
  const q = (f: number) => Math.round(s * f);
  switch (shape) {
    case 'bowl': {
      const glaze = r.pick(ceramics);
      return (
        `${shadow}<circle cx="${cx}" cy="${cy}" r="${s}" fill="${glaze}"/><circle cx="${cx}" cy="${cy}" r="${q(0.84)}" fill="#FFF8EC"/>` +
        `<circle cx="${cx - q(0.2)}" cy="${cy - q(0.15)}" r="${q(0.38)}" fill="${food}"/><circle cx="${cx + q(0.25)}" cy="${cy + q(0.1)}" r="${q(0.33)}" fill="${food2}"/>` +
        `<circle cx="${cx - q(0.05)}" cy="${cy + q(0.35)}" r="${q(0.25)}" fill="${r.pick(greens)}"/>${garnish(r, cx, cy, q(0.55), Math.round(7 * g))}`
      );
    }
    case 'cup': {
      const liquid = r.pick(['#6F4E37', '#C68B59', '#F4A261', '#E9C46A', '#B5838D', '#A7C957']);
      return (
        `${shadow}${plate}<rect x="${cx + q(0.45)}" y="${cy - q(0.1)}" width="${q(0.4)}" height="${q(0.2)}" rx="${q(0.1)}" fill="${r.pick(ceramics)}"/>` +
        `<circle cx="${cx}" cy="${cy}" r="${q(0.55)}" fill="${r.pick(ceramics)}"/><circle cx="${cx}" cy="${cy}" r="${q(0.45)}" fill="${liquid}"/>` +
        `<circle cx="${cx - q(0.12)}" cy="${cy - q(0.12)}" r="${q(0.12)}" fill="#fff" opacity=".35"/>`
      );
    }
    case 'cake':
      return (
        `${shadow}${plate}<path d="M${cx - q(0.5)} ${cy + q(0.3)}L${cx + q(0.5)} ${cy + q(0.3)}L${cx + q(0.1)} ${cy - q(0.5)}Z" fill="#F6E7CB"/>` +
        `<path d="M${cx - q(0.5)} ${cy + q(0.3)}L${cx + q(0.5)} ${cy + q(0.3)}L${cx + q(0.42)} ${cy + q(0.14)}L${cx - q(0.42)} ${cy + q(0.14)}Z" fill="${food}"/>` +
        garnish(r, cx + q(0.1), cy - q(0.1), q(0.25), Math.round(4 * g))
      );
    case 'sandwich': {
      const bread = r.pick(['#D4A373', '#E6B980', '#C68B59']);
      return (
        `${shadow}${plate}<path d="M${cx - q(0.6)} ${cy + q(0.35)}L${cx + q(0.2)} ${cy + q(0.35)}L${cx - q(0.6)} ${cy - q(0.45)}Z" fill="${bread}"/>` +
        `<path d="M${cx - q(0.55)} ${cy + q(0.28)}L${cx + q(0.08)} ${cy + q(0.28)}" stroke="${r.pick(greens)}" stroke-width="${q(0.07)}"/>` +
        `<path d="M${cx - q(0.1)} ${cy - q(0.35)}L${cx + q(0.6)} ${cy - q(0.35)}L${cx + q(0.6)} ${cy + q(0.35)}Z" fill="${bread}"/>` +
        `<path d="M${cx} ${cy - q(0.28)}L${cx + q(0.52)} ${cy - q(0.28)}" stroke="${food}" stroke-width="${q(0.07)}"/>${garnish(r, cx, cy, q(0.6), Math.round(3 * g))}`
      );
    }
    case 'pizza': {
      let toppings = '';
      for (let i = 0; i < 6; i++) {
        const a = (i / 6) * Math.PI * 2 + r.next();
        const d = q(0.3 + r.next() * 0.35);
        toppings += `<circle cx="${Math.round(cx + Math.cos(a) * d)}" cy="${Math.round(cy + Math.sin(a) * d)}" r="${q(0.1)}" fill="#B23A48"/>`;
      }
      return (
        `${shadow}<circle cx="${cx}" cy="${cy}" r="${s}" fill="#D9A066"/><circle cx="${cx}" cy="${cy}" r="${q(0.86)}" fill="#D1495B"/>` +
        `<circle cx="${cx}" cy="${cy}" r="${q(0.8)}" fill="#F6D08B" opacity=".85"/>${toppings}${garnish(r, cx, cy, q(0.6), Math.round(5 * g))}`
      );
    }
    case 'tray': {
      let pieces = '';
      for (let row = 0; row < 2; row++) {
        for (let col = 0; col < 3; col++) {
          pieces += `<circle cx="${cx - q(0.6) + col * q(0.6)}" cy="${cy - q(0.22) + row * q(0.44)}" r="${q(0.18)}" fill="${(row + col) % 2 ? food : food2}"/>`;
        }
      }
      return (
        `<rect x="${cx - s + 6}" y="${cy - q(0.6) + 10}" width="${s * 2}" height="${q(1.2)}" rx="${q(0.12)}" fill="#000" opacity=".13"/>` +
        `<rect x="${cx - s}" y="${cy - q(0.6)}" width="${s * 2}" height="${q(1.2)}" rx="${q(0.12)}" fill="#8B5E3C"/>` +
        `<rect x="${cx - s + q(0.06)}" y="${cy - q(0.54)}" width="${s * 2 - q(0.12)}" height="${q(1.08)}" rx="${q(0.1)}" fill="#A47148"/>${pieces}${garnish(r, cx, cy, q(0.5), Math.round(4 * g))}`
      );
    }
    default:
      return (
        `${shadow}${plate}<ellipse cx="${cx - q(0.15)}" cy="${cy}" rx="${q(0.42)}" ry="${q(0.32)}" fill="${food}"/>` +
        `<circle cx="${cx + q(0.3)}" cy="${cy - q(0.18)}" r="${q(0.24)}" fill="${food2}"/><circle cx="${cx + q(0.22)}" cy="${cy + q(0.3)}" r="${q(0.2)}" fill="${r.pick(greens)}"/>` +
        garnish(r, cx, cy, q(0.6), Math.round(6 * g))
      );
  }
}

function monogram(initials: string, cx: number, cy: number, size: number, color: string): string {
  const safe = initials.replace(/[^A-Z]/g, '').slice(0, 3) || 'C';
  return `<text x="${cx}" y="${cy}" text-anchor="middle" dominant-baseline="central" font-family="Georgia,'Times New Roman',serif" font-size="${size}" font-weight="700" fill="${color}">${safe}</text>`;
}

/** Renders kind + seed as an SVG document, or null when the kind is unknown or the seed invalid. */
export function renderArt(kind: string, seed: string): string | null {
  if (!(artKinds as readonly string[]).includes(kind) || !artSeedPattern.test(seed)) return null;
  const r = random(`${kind}:${seed}`);
  const [, hintA = '', hintB = ''] = seed.split('-');
  const bg = r.pick(backgrounds);
  const angle = r.int(0, 90);
  const shapeOf = (hint: string): Shape =>
    (dishShapes as readonly string[]).includes(hint) ? (hint as Shape) : r.pick(dishShapes);
  switch (kind as ArtKind) {
    case 'chef-profile':
    case 'logo': {
      const ink = r.pick(ceramics);
      const body =
        `<circle cx="100" cy="100" r="74" fill="#FFFDF8" opacity=".92"/><circle cx="100" cy="100" r="66" fill="none" stroke="${ink}" stroke-width="3" stroke-dasharray="2 6" stroke-linecap="round"/>` +
        monogram(hintA.toUpperCase(), 100, 102, hintA.length > 2 ? 44 : 56, ink);
      return svg(200, 200, bg, body, angle);
    }
    case 'chef-banner':
    case 'preset': {
      let body = '';
      const count = 3;
      for (let i = 0; i < count; i++) {
        const cx = Math.round(((i + 0.5) * 1200) / count + r.int(-30, 30));
        const cy = 200 + r.int(-40, 40);
        body += dish(r, i === 0 && hintA ? shapeOf(hintA) : r.pick(lightShapes), cx, cy, r.int(115, 140), 0.5);
      }
      return svg(1200, 400, bg, body + garnish(r, 600, 200, 560, 6), angle);
    }
    case 'item':
      return svg(120, 120, bg, dish(r, shapeOf(hintA || hintB), 60, 58, 42), angle);
    case 'dish':
    default:
      return svg(600, 400, bg, dish(r, shapeOf(hintA), 300, 195, 150) + garnish(r, 300, 200, 290, 6), angle);
  }
}
