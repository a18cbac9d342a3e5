import { describe, expect, it } from 'vitest';
import { clampToEdge, metresPerPixel, pixelOffset } from './map-math';

describe('map math of the location panel (zoom 15)', () => {
  it('uses the Web-Mercator ground resolution', () => {
    expect(metresPerPixel(0, 15)).toBeCloseTo(4.777, 2);
    expect(metresPerPixel(43.65, 15)).toBeCloseTo(3.457, 2);
  });
  it('places a point east and north of the centre right and up', () => {
    const center = { lat: 43.65, lng: -79.38 };
    const { x, y } = pixelOffset(center, { lat: 43.651, lng: -79.379 }, 15);
    // 0.001 deg of latitude is ~111 m, of longitude ~80 m at 43.65 N
    expect(x).toBeCloseTo(80.5 / 3.457, 0);
    expect(y).toBeCloseTo(-111.3 / 3.457, 0);
  });
  it('clamps an off-map point to the edge along the same direction', () => {
    const p = clampToEdge(1000, 500, 300, 180);
    expect(p.x).toBeCloseTo(300);
    expect(p.y).toBeCloseTo(150);
    expect(clampToEdge(0, -900, 300, 180)).toEqual({ x: 0, y: -180 });
  });
});
