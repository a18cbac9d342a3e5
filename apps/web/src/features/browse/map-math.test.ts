import { describe, expect, it } from 'vitest';
import { bearingDeg, flatKm, schematicPoint, schematicRings } from './map-math';

describe('map math of the schematic map panel', () => {
  const here = { lat: 43.6487, lng: -79.3817 };
  it('gives the bearing clockwise from north', () => {
    expect(bearingDeg(here, { lat: 43.7, lng: -79.3817 })).toBeCloseTo(0, 1);
    expect(bearingDeg(here, { lat: 43.6487, lng: -79.3 })).toBeCloseTo(90, 0);
    expect(bearingDeg(here, { lat: 43.6, lng: -79.3817 })).toBeCloseTo(180, 1);
    expect(bearingDeg(here, { lat: 43.6487, lng: -79.45 })).toBeCloseTo(270, 0);
  });
  it('chooses round rings that reach the farthest restaurant, at most four', () => {
    expect(schematicRings(4.3)).toEqual([2, 4, 6]);
    expect(schematicRings(0.9)).toEqual([0.25, 0.5, 0.75, 1]);
    expect(schematicRings(18)).toEqual([5, 10, 15, 20]);
    expect(schematicRings(0)).toEqual([0.25]);
    expect(schematicRings(48).length).toBeLessThanOrEqual(4);
  });
  it('places east to the right and north up, at its share of the radius', () => {
    const east = schematicPoint(90, 2, 4, 100);
    expect(east.x).toBeCloseTo(50);
    expect(east.y).toBeCloseTo(0);
    const north = schematicPoint(0, 4, 4, 100);
    expect(north.y).toBeCloseTo(-100);
    // beyond the outer ring: on it
    expect(schematicPoint(180, 9, 4, 100).y).toBeCloseTo(100);
  });
  it('estimates short distances on a flat projection', () => {
    // 0.01 deg of latitude is 1.113 km
    expect(flatKm(here, { lat: 43.6587, lng: -79.3817 })).toBeCloseTo(1.113, 2);
    expect(flatKm(here, here)).toBe(0);
  });
});
