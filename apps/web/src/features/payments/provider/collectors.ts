// The payment modal talks to the provider through these two small interfaces, so the sandbox
// (tested, offline) and Stripe Elements (production) are interchangeable behind them
// (ARCHITECTURE.md 'Boundaries': payments).

/** Thrown when the provider refuses (a decline, an invalid number): the message is the provider's. */
export class ProviderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** Registered by the card fields: turns what was typed into a provider payment method id. */
export interface CardCollector {
  /** null when the fields are invalid (their errors are shown); throws ProviderError on a decline. */
  createPaymentMethod(): Promise<string | null>;
}

export interface BankSetupInput {
  clientSecret: string;
  billingName: string;
  billingEmail: string;
  institutionNumber: string;
  transitNumber: string;
  accountNumber: string;
}
