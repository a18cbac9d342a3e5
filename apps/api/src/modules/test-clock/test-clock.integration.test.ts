import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers.js';
import { productionEnv } from '../../../test/production-env.js';
import { ConfigError, loadConfig } from '../../config/env.js';
import { controllableClock, fixedClock } from '../../lib/clock.js';

// The controllable clock of browser tests (issue 6): only with E2E_CONTROLLABLE_CLOCK, never in
// production, and the one clock the API and the job runner share moves forward only.

const NOW = new Date('2026-11-23T15:00:00Z');

describe('test clock', () => {
  const contexts: TestContext[] = [];
  afterAll(async () => {
    for (const c of contexts) await c.close();
  });

  it('refuses to start in production with the flag', () => {
    const production = productionEnv;
    expect(() => loadConfig({ ...production, E2E_CONTROLLABLE_CLOCK: '1' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...production, E2E_CONTROLLABLE_CLOCK: '1' })).toThrow(/E2E_CONTROLLABLE_CLOCK/);
    expect(loadConfig(production).controllableClock).toBe(false);
  });

  it('moves the server clock forward when the flag is set', async () => {
    const clock = controllableClock(fixedClock(NOW));
    const ctx = await createTestApp({ clock, env: { E2E_CONTROLLABLE_CLOCK: '1' } });
    contexts.push(ctx);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v2/test/clock', payload: { advance_seconds: 3600 } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ now: '2026-11-23T16:00:00.000Z' });
    expect(ctx.deps.clock.now().toISOString()).toBe('2026-11-23T16:00:00.000Z');
    const back = await ctx.app.inject({ method: 'POST', url: '/api/v2/test/clock', payload: { advance_seconds: -60 } });
    expect(back.statusCode).toBe(422);
    expect(clock.now().toISOString()).toBe('2026-11-23T16:00:00.000Z');
  });

  it('does not exist without the flag', async () => {
    const ctx = await createTestApp({ clock: controllableClock(fixedClock(NOW)) });
    contexts.push(ctx);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v2/test/clock', payload: { advance_seconds: 3600 } });
    expect(res.statusCode).toBe(404);
  });
});
