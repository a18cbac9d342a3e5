import { describe, expect, it } from 'vitest';
import { dishTypes } from '@caterway/domain';
import { artKinds, renderArt } from './media.art.js';
import { drawings } from './media.dishes.js';

const wellFormed = (art: string) => {
  expect(art.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  expect(art.endsWith('</svg>')).toBe(true);
  expect(art).not.toMatch(/NaN|undefined|Infinity|https?:\/\/(?!www\.w3\.org)/);
  // every element that opens closes (the drawings are hand-written strings)
  const opened = (art.match(/<(svg|g|defs|linearGradient)\b/g) ?? []).length;
  const closed = (art.match(/<\/(svg|g|defs|linearGradient)>/g) ?? []).length;
  expect(opened).toBe(closed);
};

describe('generated artwork', () => {
  it('draws the same SVG for the same kind and seed, and another for another seed', () => {
    expect(renderArt('dish', '12-sushi')).toBe(renderArt('dish', '12-sushi'));
    expect(renderArt('dish', '12-sushi')).not.toBe(renderArt('dish', '13-sushi'));
    expect(renderArt('dish', '12-sushi')).not.toBe(renderArt('dish', '12-salad'));
  });

  it('has one distinct picture per dish type', () => {
    expect(Object.keys(drawings).sort()).toEqual([...dishTypes].sort());
    const fixed = { next: () => 0.5, int: (min: number) => min, pick: <T>(list: readonly T[]) => list[0] as T };
    const bodies = dishTypes.map((type) => drawings[type](fixed));
    expect(new Set(bodies).size).toBe(dishTypes.length);
  });

  it('keeps dishes and options under 3 KB and three-dish banners under 6 KB, all well formed', () => {
    for (let i = 1; i <= 40; i++) {
      for (const type of dishTypes) {
        for (const kind of ['dish', 'item'] as const) {
          const art = renderArt(kind, `${i}-${type}`)!;
          wellFormed(art);
          expect(Buffer.byteLength(art), `${kind} ${i}-${type}`).toBeLessThan(3072);
        }
      }
    }
    for (let i = 0; i < dishTypes.length; i++) {
      const three = [0, 1, 2].map((k) => dishTypes[(i + k * 7) % dishTypes.length]).join('-');
      for (const kind of ['chef-banner', 'preset'] as const) {
        const art = renderArt(kind, `${i + 1}-${three}`)!;
        wellFormed(art);
        expect(Buffer.byteLength(art), `${kind} ${three}`).toBeLessThan(6144);
      }
    }
    for (const kind of artKinds) wellFormed(renderArt(kind, '77')!);
  });

  it('draws the dish type the seed names, and old shape hints as the nearest type', () => {
    // a pizza has a crust-coloured disc; maki have nori rings; a board is wood
    expect(renderArt('dish', '5-pizza')).toContain('#D9A066');
    expect(renderArt('dish', '5-sushi')).toContain('#1F2D24');
    expect(renderArt('dish', '5-tray')).toContain('#A47148');
    expect(renderArt('dish', '5-cup')).toContain('#6F4E37');
  });

  it('shows the dishes a banner names', () => {
    const banner = renderArt('chef-banner', '9-sushi-ramen-dumplings')!;
    expect(banner).toContain('#1F2D24'); // maki
    expect(banner).toContain('#E9B872'); // ramen broth
    expect(banner).toContain('#FBF5E9'); // dumplings
    expect(banner.match(/<g transform="translate\(/g)).toHaveLength(3);
  });

  it('keeps the picture inside the middle of its frame so any card crop shows it whole', () => {
    // dish art is 600 x 400 with the plate (radius 150) centred: a 16:9 card shows y 31..369,
    // a square row x 100..500
    expect(renderArt('dish', '3-salad')).toContain('translate(300 200) scale(3.13)');
    // banners: three dishes of radius 100 on the middle band (y 100..300) of a 1200 x 400 banner
    expect(renderArt('preset', '3-salad-soup-bread')).toMatch(/translate\(\d+ (19[2-9]|20[0-8])\) scale\(2.08\)/);
  });

  it('draws a neutral spread when the URL names no dish type, never a cuisine at random', () => {
    // a new restaurant's banner before it has dishes: salad, a plate and bread
    const banner = renderArt('chef-banner', '41')!;
    expect(banner).toContain('#EEF5DB'); // salad leaves' bowl
    expect(banner).toContain('#E8C28A'); // flatbread
    expect(banner).not.toContain('#1F2D24'); // no maki
    expect(renderArt('dish', '41')).toContain('#C8553D'); // the generic plate
  });

  it('writes the initials of a chef profile as a monogram', () => {
    expect(renderArt('chef-profile', '7-tc')).toContain('>TC</text>');
  });

  it('refuses unknown kinds and malformed seeds', () => {
    expect(renderArt('avatar', '1')).toBeNull();
    expect(renderArt('dish', '../etc')).toBeNull();
    expect(renderArt('dish', '<script>')).toBeNull();
    expect(renderArt('dish', '')).toBeNull();
    expect(renderArt('dish', '1-a-b-c-d')).toBeNull();
  });
});
