import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../lib/clock.js';
import type { AltchaRepository } from './altcha.repository.js';
import {
  createAltchaService,
  decodeAltchaPayload,
  defaultAltchaDifficulty,
  deriveAltchaSecrets,
  encodeAltchaPayload,
} from './altcha.service.js';

// An in-memory stand-in for the used-challenges table, typed against the real repository.
function memoryRepository(): AltchaRepository {
  const used = new Map<string, Date>();
  return {
    insertUsed(signature, expiresAt) {
      if (used.has(signature)) return Promise.resolve(false);
      used.set(signature, expiresAt);
      return Promise.resolve(true);
    },
    deleteExpired(now) {
      let n = 0;
      for (const [k, at] of used) if (at < now && used.delete(k)) n++;
      return Promise.resolve(n);
    },
  };
}

const secrets = deriveAltchaSecrets(new TextEncoder().encode('unit-secret-unit-secret-unit-secret-01'));
const easy = { minNumber: 10, maxNumber: 200, expiresInMs: 60_000 };

async function solved(service: ReturnType<typeof createAltchaService>) {
  const challenge = await service.createChallenge();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('not solved');
  return encodeAltchaPayload({ challenge, solution });
}

describe('altcha service', () => {
  it('derives distinct, stable secrets from the JWT secret', () => {
    const again = deriveAltchaSecrets(new TextEncoder().encode('unit-secret-unit-secret-unit-secret-01'));
    expect(again).toEqual(secrets);
    expect(secrets.signature).not.toBe(secrets.keySignature);
    expect(secrets.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(deriveAltchaSecrets(new TextEncoder().encode('another-secret-another-secret-00')).signature).not.toBe(
      secrets.signature,
    );
  });

  it('issues a signed SHA-256 challenge with an expiry and a hidden counter in range', async () => {
    const clock = fixedClock(new Date());
    const service = createAltchaService({ usedChallenges: memoryRepository(), clock, secrets, difficulty: easy });
    const challenge = await service.createChallenge();
    expect(challenge.parameters.algorithm).toBe('SHA-256');
    expect(challenge.parameters.expiresAt).toBe(Math.floor((clock.now().getTime() + 60_000) / 1000));
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    const solution = await solveChallenge({ challenge, deriveKey });
    expect(solution!.counter).toBeGreaterThanOrEqual(10);
    expect(solution!.counter).toBeLessThan(200);
  });

  it('accepts a solution once, then calls it a replay', async () => {
    const service = createAltchaService({
      usedChallenges: memoryRepository(),
      clock: fixedClock(new Date()),
      secrets,
      difficulty: easy,
    });
    const payload = await solved(service);
    expect(await service.verifyAndRedeem(payload)).toBe('verified');
    expect(await service.verifyAndRedeem(payload)).toBe('replayed');
  });

  it('refuses an expired challenge by the injected clock', async () => {
    const clock = fixedClock(new Date());
    const service = createAltchaService({ usedChallenges: memoryRepository(), clock, secrets, difficulty: easy });
    const payload = await solved(service);
    clock.advance(61_000);
    expect(await service.verifyAndRedeem(payload)).toBe('expired');
  });

  it('refuses a wrong counter, a tampered challenge and a foreign signature', async () => {
    const service = createAltchaService({
      usedChallenges: memoryRepository(),
      clock: fixedClock(new Date()),
      secrets,
      difficulty: easy,
    });
    const good = decodeAltchaPayload(await solved(service))!;
    const wrongKey = {
      ...good,
      solution: {
        ...good.solution,
        derivedKey: good.solution.derivedKey.replace(/^./, (c) => (c === '0' ? '1' : '0')),
      },
    };
    expect(await service.verifyAndRedeem(encodeAltchaPayload(wrongKey))).toBe('invalid');
    const easier = {
      ...good,
      challenge: { ...good.challenge, parameters: { ...good.challenge.parameters, keyPrefix: '00' } },
    };
    expect(await service.verifyAndRedeem(encodeAltchaPayload(easier))).toBe('invalid');
    const other = createAltchaService({
      usedChallenges: memoryRepository(),
      clock: fixedClock(new Date()),
      secrets: deriveAltchaSecrets(new TextEncoder().encode('someone-else-someone-else-someone')),
      difficulty: easy,
    });
    expect(await other.verifyAndRedeem(encodeAltchaPayload(good))).toBe('invalid');
  });

  it('calls garbage malformed', async () => {
    const service = createAltchaService({
      usedChallenges: memoryRepository(),
      clock: fixedClock(new Date()),
      secrets,
      difficulty: easy,
    });
    expect(await service.verifyAndRedeem('not base64 json')).toBe('malformed');
    expect(await service.verifyAndRedeem(Buffer.from('{"challenge":1}').toString('base64'))).toBe('malformed');
  });

  it('keeps the default work small enough for a phone', () => {
    // average digests per solve; see the tuning note in altcha.service.ts
    const average = (defaultAltchaDifficulty.minNumber + defaultAltchaDifficulty.maxNumber) / 2;
    expect(average).toBeLessThanOrEqual(15_000);
    expect(defaultAltchaDifficulty.minNumber).toBeGreaterThan(0);
  });
});
