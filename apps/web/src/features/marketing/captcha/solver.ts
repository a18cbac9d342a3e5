import type { AltchaChallenge } from '@caterway/contracts';

// A small ALTCHA v2 solver for the browser (the `altcha` widget package is ~30 KB gzipped
// and brings its own UI; this is ~1 KB). It speaks the protocol altcha-lib uses on the
// server (apps/api/src/modules/altcha): for counter = 0, 1, 2, ... derive
// key = SHA-256^cost(salt || nonce || uint32be(counter)) and stop at the first key that
// starts with keyPrefix. WebCrypto's digest is asynchronous, so candidates go in batches
// (Promise.all) to amortise the round trips; between batches the loop yields, so even on
// the main thread (no Worker) the page stays responsive.

/** The challenge as GET api/v2/altcha/challenge answers it (packages/contracts). */
export type { AltchaChallenge };

export interface AltchaSolution {
  counter: number;
  derivedKey: string;
  /** milliseconds spent */
  time: number;
}

export function hexToBytes(hex: string): Uint8Array {
  if (hex.length % 2 !== 0 || !/^[0-9a-f]*$/i.test(hex)) throw new Error('Invalid hex string');
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

export function bytesToHex(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += b.toString(16).padStart(2, '0');
  return s;
}

/** salt || nonce || counter as a big-endian uint32: the "password" altcha-lib v2 hashes. */
export function candidate(salt: Uint8Array, nonce: Uint8Array, counter: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(salt.length + nonce.length + 4);
  out.set(salt, 0);
  out.set(nonce, salt.length);
  new DataView(out.buffer).setUint32(salt.length + nonce.length, counter, false);
  return out;
}

async function deriveKey(data: Uint8Array<ArrayBuffer>, cost: number, keyLength: number): Promise<Uint8Array> {
  let key = new Uint8Array(await crypto.subtle.digest('SHA-256', data));
  for (let i = 1; i < cost; i++) key = new Uint8Array(await crypto.subtle.digest('SHA-256', key));
  return key.subarray(0, keyLength);
}

function startsWith(key: Uint8Array, prefix: Uint8Array): boolean {
  for (let i = 0; i < prefix.length; i++) if (key[i] !== prefix[i]) return false;
  return true;
}

export interface SolveOptions {
  signal?: AbortSignal;
  /** digests in flight at once (default 32) */
  batchSize?: number;
  /** give up after this many candidates (the server's counters are far below it) */
  maxCounter?: number;
}

/** Finds the smallest counter whose derived key starts with the prefix; null when aborted or exhausted. */
export async function solveAltcha(
  challenge: AltchaChallenge,
  options: SolveOptions = {},
): Promise<AltchaSolution | null> {
  const { algorithm, salt, nonce, cost, keyLength = 32, keyPrefix } = challenge.parameters;
  if (algorithm !== 'SHA-256') throw new Error(`Unsupported ALTCHA algorithm: ${algorithm}`);
  if (keyPrefix.length % 2 !== 0) throw new Error('Odd-length key prefixes are not supported');
  const saltBytes = hexToBytes(salt);
  const nonceBytes = hexToBytes(nonce);
  const prefix = hexToBytes(keyPrefix.toLowerCase());
  // Measured in Chromium: 16-32 digests in flight is fastest; larger batches queue up and slow down.
  const batchSize = options.batchSize ?? 32;
  const maxCounter = Math.min(options.maxCounter ?? 5_000_000, 0xffffffff);
  const started = performance.now();

  for (let base = 0; base <= maxCounter; base += batchSize) {
    if (options.signal?.aborted) return null;
    const count = Math.min(batchSize, maxCounter - base + 1);
    const keys = await Promise.all(
      Array.from({ length: count }, (_, i) =>
        deriveKey(candidate(saltBytes, nonceBytes, base + i), Math.max(1, cost), keyLength),
      ),
    );
    for (let i = 0; i < keys.length; i++) {
      if (startsWith(keys[i]!, prefix)) {
        return { counter: base + i, derivedKey: bytesToHex(keys[i]!), time: Math.round(performance.now() - started) };
      }
    }
  }
  return null;
}

/** The `altcha` form field: base64 of { challenge, solution }, as the ALTCHA widget sends it. */
export function encodeAltchaPayload(challenge: AltchaChallenge, solution: AltchaSolution): string {
  return btoa(JSON.stringify({ challenge, solution }));
}
