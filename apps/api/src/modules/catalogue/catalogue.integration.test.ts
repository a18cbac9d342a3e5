import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers.js';
import { loadReferenceData } from '../../db/seed/loader.js';

describe('GET /api/v2/system_vars', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
    await loadReferenceData(ctx.db);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('answers both lists with id, name and icon', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/v2/system_vars?value_types=preset_dietary_type,preset_cuisine_type',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['preset_cuisine_type', 'preset_dietary_type']);
    expect(body.preset_dietary_type.map((v: { name: string }) => v.name)).toEqual([
      'Vegetarian',
      'Vegan',
      'Gluten Free',
      'Dairy Free',
      'Nut Free',
      'Halal',
      'Kosher',
      'Keto',
      'Pescatarian',
    ]);
    expect(body.preset_cuisine_type.map((v: { name: string }) => v.name)).toEqual(
      expect.arrayContaining(['Italian', 'Indian', 'Japanese', 'Mexican', 'Canadian']),
    );
    expect(body.preset_cuisine_type[0]).toEqual({ id: expect.any(Number), name: 'Italian', icon: expect.any(String) });
  });

  it('answers only the requested type, in the spec spelling too', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v2/system_vars?valueTypes=preset_cuisine_type' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json())).toEqual(['preset_cuisine_type']);
    const repeated = await ctx.app.inject({
      method: 'GET',
      url: '/api/v2/system_vars?value_types=preset_dietary_type&value_types=preset_cuisine_type',
    });
    expect(Object.keys(repeated.json()).sort()).toEqual(['preset_cuisine_type', 'preset_dietary_type']);
  });

  it('answers both types when none is named', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v2/system_vars' });
    expect(res.statusCode).toBe(200);
    expect(res.json().preset_dietary_type.length).toBe(9);
    expect(res.json().preset_cuisine_type.length).toBeGreaterThanOrEqual(20);
  });

  it('refuses an unknown type with a message list', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/v2/system_vars?value_types=preset_cuisine_type,colours',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      error: 'Value types: unknown type colours',
      messages: ['Value types: unknown type colours'],
    });
  });
});
