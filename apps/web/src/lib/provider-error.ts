/**
 * Thrown when the payment provider refuses (a decline, an invalid number): the message is the
 * provider's. Shared by the payment modal (features/payments) and the checkout
 * (features/checkout), which throws it back to the modal for a declined card so the form stays
 * open with the reason.
 */
export class ProviderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderError';
  }
}
