import { describe, expect, it } from 'vitest';
import { bytesToHex, candidate, encodeAltchaPayload, hexToBytes, solveAltcha, type AltchaChallenge } from './solver';

// A challenge built the way altcha-lib v2 builds one in deterministic mode: hash the secret
// counter's candidate and publish the first half of the key as the prefix to find.
// (WebCrypto here too: this test runs under the browser app's types, without Node's.)
async function challengeFor(counter: number, cost = 1): Promise<AltchaChallenge> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const nonce = crypto.getRandomValues(new Uint8Array(16));
  let key = new Uint8Array(await crypto.subtle.digest('SHA-256', candidate(salt, nonce, counter)));
  for (let i = 1; i < cost; i++) key = new Uint8Array(await crypto.subtle.digest('SHA-256', key));
  return {
    parameters: {
      algorithm: 'SHA-256',
      nonce: bytesToHex(nonce),
      salt: bytesToHex(salt),
      cost,
      keyLength: 32,
      keyPrefix: bytesToHex(key.subarray(0, 16)),
      expiresAt: Math.floor(Date.now() / 1000) + 600,
    },
    signature: 'ab'.repeat(32),
  };
}

describe('ALTCHA solver', () => {
  it('converts hex both ways and refuses bad hex', () => {
    expect(bytesToHex(hexToBytes('00ff10'))).toBe('00ff10');
    expect(() => hexToBytes('abc')).toThrow();
    expect(() => hexToBytes('zz')).toThrow();
  });

  it('lays out salt, nonce and a big-endian uint32 counter', () => {
    const bytes = candidate(new Uint8Array([1, 2]), new Uint8Array([3]), 0x01020304);
    expect([...bytes]).toEqual([1, 2, 3, 1, 2, 3, 4]);
  });

  it('finds the secret counter and the full derived key', async () => {
    const challenge = await challengeFor(1234);
    const solution = await solveAltcha(challenge, { batchSize: 100 });
    expect(solution?.counter).toBe(1234);
    expect(solution?.derivedKey.startsWith(challenge.parameters.keyPrefix)).toBe(true);
    expect(solution?.derivedKey).toHaveLength(64);
  });

  it('applies the cost as repeated hashing', async () => {
    const solution = await solveAltcha(await challengeFor(37, 3), { batchSize: 16 });
    expect(solution?.counter).toBe(37);
  });

  it('stops when aborted and when the counter limit is reached', async () => {
    const controller = new AbortController();
    controller.abort();
    expect(await solveAltcha(await challengeFor(500), { signal: controller.signal })).toBeNull();
    expect(await solveAltcha(await challengeFor(500), { maxCounter: 100, batchSize: 32 })).toBeNull();
  });

  it('refuses algorithms it does not speak', async () => {
    const challenge = await challengeFor(1);
    await expect(
      solveAltcha({ ...challenge, parameters: { ...challenge.parameters, algorithm: 'PBKDF2/SHA-256' } }),
    ).rejects.toThrow(/Unsupported/);
  });

  it('encodes the payload as base64 JSON of challenge and solution', async () => {
    const challenge = await challengeFor(1);
    const encoded = encodeAltchaPayload(challenge, { counter: 1, derivedKey: 'aa', time: 3 });
    expect(JSON.parse(atob(encoded))).toEqual({ challenge, solution: { counter: 1, derivedKey: 'aa', time: 3 } });
  });
});
