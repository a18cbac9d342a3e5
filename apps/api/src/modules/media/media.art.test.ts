import { describe, expect, it } from 'vitest';
import { artKinds, dishShapes, renderArt } from './media.art.js';

describe('generated artwork', () => {
  it('draws the same SVG for the same kind and seed, and another for another seed', () => {
    expect(renderArt('dish', '12-bowl')).toBe(renderArt('dish', '12-bowl'));
    expect(renderArt('dish', '12-bowl')).not.toBe(renderArt('dish', '13-bowl'));
  });

  it('keeps every picture a small well-formed SVG under 3 KB', () => {
    for (const kind of artKinds) {
      for (let i = 1; i <= 150; i++) {
        for (const hint of ['', ...dishShapes, 'ab']) {
          const art = renderArt(kind, hint ? `${i}-${hint}` : String(i))!;
          expect(art.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
          expect(art.endsWith('</svg>')).toBe(true);
          expect(Buffer.byteLength(art)).toBeLessThan(3072);
          expect(art).not.toMatch(/NaN|undefined|https?:\/\/(?!www\.w3\.org)/);
        }
      }
    }
  });

  it('writes the initials of a chef profile as a monogram', () => {
    expect(renderArt('chef-profile', '7-tc')).toContain('>TC</text>');
  });

  it('draws the requested shape', () => {
    // a pizza has a crust-coloured disc; a tray is a wooden board
    expect(renderArt('dish', '5-pizza')).toContain('#D9A066');
    expect(renderArt('dish', '5-tray')).toContain('#8B5E3C');
  });

  it('refuses unknown kinds and malformed seeds', () => {
    expect(renderArt('avatar', '1')).toBeNull();
    expect(renderArt('dish', '../etc')).toBeNull();
    expect(renderArt('dish', '<script>')).toBeNull();
    expect(renderArt('dish', '')).toBeNull();
  });
});
