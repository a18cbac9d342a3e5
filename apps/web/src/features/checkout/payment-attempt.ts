import { isApiError } from '../../lib/api-client';

// One Idempotency-Key per payment attempt (issue 4 item 7). An attempt is one set of finalize
// arguments (order, purchase id, payment method, save flag). Retrying that same attempt after a
// network error, a 409 (the first call is still running) or a 5xx reuses its key, so the server
// answers with the first result instead of charging again; a definitive answer (paid, declined,
// refused) ends the attempt and the next payment gets a fresh key.

export interface AttemptBody {
  orderId: number;
  purchaseId: string;
  paymentMethodId: string;
  saveCard: boolean;
}

export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  // Not a secure context (plain http on a LAN address): a v4 uuid from getRandomValues.
  const bytes = c.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Whether a failed finalize may have reached the server and should be retried with the same key. */
export function isRetryableFailure(error: unknown): boolean {
  if (!isApiError(error)) return true; // network failure: the request may or may not have arrived
  return error.status === 409 || error.status >= 500;
}

export function createPaymentAttempts(makeKey: () => string = newIdempotencyKey) {
  let current: { fingerprint: string; key: string } | null = null;
  return {
    /** The key for this attempt: the same as last time when the same attempt is being retried. */
    keyFor(body: AttemptBody): string {
      const fingerprint = JSON.stringify([body.orderId, body.purchaseId, body.paymentMethodId, body.saveCard]);
      if (current?.fingerprint !== fingerprint) current = { fingerprint, key: makeKey() };
      return current.key;
    },
    /** The attempt got a definitive answer: the next payment is a new attempt. */
    settle(): void {
      current = null;
    },
  };
}

export type PaymentAttempts = ReturnType<typeof createPaymentAttempts>;

/**
 * Runs finalize for one attempt: retries automatically (same key) after a retryable failure,
 * up to `retries` times, then rethrows; the attempt stays open so a manual retry reuses the key.
 */
export async function runPaymentAttempt<T>(
  attempts: PaymentAttempts,
  body: AttemptBody,
  call: (key: string) => Promise<T>,
  { retries = 2, delayMs = 1000, sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms)) } = {},
): Promise<T> {
  const key = attempts.keyFor(body);
  for (let attempt = 0; ; attempt++) {
    try {
      const result = await call(key);
      attempts.settle();
      return result;
    } catch (error) {
      if (!isRetryableFailure(error)) {
        attempts.settle();
        throw error;
      }
      if (attempt >= retries) throw error;
      await sleep(delayMs * (attempt + 1));
    }
  }
}

/**
 * The client secret when the card's bank asks for 3-D Secure (finalize or Update Payment Method
 * answered payment_status 'requires_action'); null when the payment is done.
 */
export function authenticationSecret(answer: {
  paymentStatus?: string | null;
  clientSecret?: string | null;
}): string | null {
  return answer.paymentStatus === 'requires_action' && answer.clientSecret ? answer.clientSecret : null;
}
