import { AppError } from '../../lib/errors.js';
import { PaymentDeclinedError, PaymentRequestError } from '../../ports/payments.js';

/**
 * Provider refusals as HTTP answers, with the provider's message as it is (ordering-payments
 * §9: the card error shown is the provider message): a decline is 402, an idempotency key
 * reused with other parameters 409, any other refused request 422. Anything else passes through.
 */
export function providerErrorToAppError(err: unknown): unknown {
  if (err instanceof PaymentDeclinedError) return new AppError('payment_required', err.message);
  if (err instanceof PaymentRequestError) {
    return new AppError(
      err.code === 'idempotency_error' ? 'conflict' : 'validation',
      err.message,
      err.code === 'idempotency_error' ? {} : { messages: [err.message] },
    );
  }
  return err;
}

/** Runs a provider call and rethrows its refusals as AppError. */
export async function withProviderErrors<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw providerErrorToAppError(err);
  }
}
