// The payment modal talks to the provider through these two small interfaces, so the sandbox
// (tested, offline) and Stripe Elements (production) are interchangeable behind them
// (ARCHITECTURE.md 'Boundaries': payments).

export { ProviderError } from '../../../lib/provider-error';

/** Registered by the card fields: turns what was typed into a provider payment method id. */
export interface CardCollector {
  /** null when the fields are invalid (their errors are shown); throws ProviderError on a decline. */
  createPaymentMethod(): Promise<string | null>;
  /** After a decline: empties the card number (the rest of what was typed stays) and focuses it. */
  clearNumber?(): void;
}

export interface BankSetupInput {
  clientSecret: string;
  billingName: string;
  billingEmail: string;
  institutionNumber: string;
  transitNumber: string;
  accountNumber: string;
}
