import crypto from 'node:crypto';
import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { altchaPayloadSchema, type AltchaChallenge, type AltchaPayload } from '@caterway/contracts';
import type { Clock } from '../../lib/clock.js';
import type { AltchaRepository } from './altcha.repository.js';

// Self-hosted ALTCHA proof of work (ARCHITECTURE.md, captcha port; the demo form's
// 'Please verify if you are human.', browse-account-orders §5). altcha-lib v2 in its
// deterministic mode: the server picks a secret counter in [minNumber, maxNumber), derives
// SHA-256(salt || nonce || counter) and publishes half of that key as the prefix to find.
// The browser counts up from 0 until its digest starts with the prefix, so the work is
// about `counter` digests. The challenge is HMAC-signed (with an expiry inside), so the
// server keeps no state until a solution is redeemed; redeemed signatures are stored so each
// solution is accepted once.

export interface AltchaDifficulty {
  /** smallest secret counter: some work even for a lucky draw */
  minNumber: number;
  /** the counter is drawn below this; the average work is (min + max) / 2 digests */
  maxNumber: number;
  /** how long a challenge may be solved and redeemed */
  expiresInMs: number;
}

// Tuned for phones. Measured in headless Chromium on this project's shared 2-core machine:
// the browser solver (apps/web/src/features/marketing/captcha, WebCrypto SHA-256 in a Web
// Worker, 32 digests in flight) does about 90,000-150,000 digests a second; a mid-range phone
// is several times slower. ~13,000 digests on average is then a fraction of a second on a
// laptop and about a second on a phone; a bot pays the same per submission. (altcha-lib's
// README example, PBKDF2 with cost 5,000, takes over 10 s on these CPUs.)
export const defaultAltchaDifficulty: AltchaDifficulty = {
  minNumber: 2_000,
  maxNumber: 24_000,
  expiresInMs: 20 * 60 * 1000,
};

export const ALTCHA_ALGORITHM = 'SHA-256';

/** Secrets for signing, derived from the app's JWT secret (HKDF, one label per use). */
export function deriveAltchaSecrets(jwtSecret: Uint8Array): { signature: string; keySignature: string } {
  const derive = (info: string) =>
    Buffer.from(crypto.hkdfSync('sha256', jwtSecret, 'caterway-altcha', info, 32)).toString('hex');
  return { signature: derive('challenge-signature'), keySignature: derive('derived-key-signature') };
}

export type AltchaVerdict = 'verified' | 'malformed' | 'expired' | 'invalid' | 'replayed';

/** The `altcha` form field: base64 of the payload JSON, as the ALTCHA widget sends it. */
export function decodeAltchaPayload(value: string): AltchaPayload | null {
  try {
    const json: unknown = JSON.parse(Buffer.from(value, 'base64').toString('utf8'));
    const parsed = altchaPayloadSchema.safeParse(json);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function encodeAltchaPayload(payload: AltchaPayload): string {
  return Buffer.from(JSON.stringify(payload), 'utf8').toString('base64');
}

export function createAltchaService(deps: {
  usedChallenges: AltchaRepository;
  clock: Clock;
  secrets: { signature: string; keySignature: string };
  difficulty?: AltchaDifficulty;
}) {
  const difficulty = deps.difficulty ?? defaultAltchaDifficulty;
  let sinceCleanup = 0;

  return {
    async createChallenge(): Promise<AltchaChallenge> {
      const expiresAt = new Date(deps.clock.now().getTime() + difficulty.expiresInMs);
      const challenge = await createChallenge({
        algorithm: ALTCHA_ALGORITHM,
        cost: 1,
        counter: crypto.randomInt(difficulty.minNumber, difficulty.maxNumber),
        deriveKey,
        expiresAt,
        hmacSignatureSecret: deps.secrets.signature,
        hmacKeySignatureSecret: deps.secrets.keySignature,
      });
      return challenge as AltchaChallenge;
    },

    /**
     * Checks a submitted payload and, when it holds, redeems it (only the first redemption
     * of a challenge is 'verified'). Expiry follows the injected clock, so it is testable;
     * altcha-lib checks the wall clock too, which agrees with it outside tests.
     */
    async verifyAndRedeem(value: string): Promise<AltchaVerdict> {
      const payload = decodeAltchaPayload(value);
      if (!payload) return 'malformed';
      const { expiresAt } = payload.challenge.parameters;
      const nowSeconds = deps.clock.now().getTime() / 1000;
      if (expiresAt === undefined) return 'invalid'; // every challenge we sign carries one
      if (expiresAt < nowSeconds) return 'expired';
      const result = await verifySolution({
        challenge: payload.challenge,
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret: deps.secrets.signature,
        hmacKeySignatureSecret: deps.secrets.keySignature,
      });
      if (result.expired) return 'expired';
      if (!result.verified) return 'invalid';
      if (++sinceCleanup >= 100) {
        sinceCleanup = 0;
        await deps.usedChallenges.deleteExpired(deps.clock.now());
      }
      const first = await deps.usedChallenges.insertUsed(payload.challenge.signature, new Date(expiresAt * 1000));
      return first ? 'verified' : 'replayed';
    },
  };
}
export type AltchaService = ReturnType<typeof createAltchaService>;
