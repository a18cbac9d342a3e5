import type {
  AddUserPaymentMethodBody,
  CreateSetupIntentBody,
  PaymentConfigResponse,
  SandboxAuthenticateBody,
  SandboxConfirmSetupBody,
  SandboxCreateCardBody,
  SandboxPaymentIntentResponse,
  SandboxPaymentMethodResponse,
  SandboxSetupIntentResponse,
  SetupIntentResponse,
  UserPaymentMethod,
  UserPaymentMethodResponse,
  UserPaymentMethodsResponse,
} from '../payments.js';
import type { CallOptions, Transport } from './transport.js';

// Payments (ordering-payments §2 Payments page, §7): which provider the browser talks to, the
// user's saved cards and bank accounts, a bank debit's setup intent, and the sandbox provider's
// browser-side calls (what Stripe.js does against Stripe: a card, a bank setup, 3-D Secure).

/** Query keys of payment data. */
export const paymentKeys = {
  all: ['payments'] as const,
  config: () => [...paymentKeys.all, 'config'] as const,
  methods: () => [...paymentKeys.all, 'methods'] as const,
};

export function paymentsClient(send: Transport) {
  const methods = (r: UserPaymentMethodsResponse): UserPaymentMethod[] => r.payment_methods;
  return {
    /** GET api/v2/payments/config: sandbox or Stripe, and Stripe's publishable key */
    config: (o?: CallOptions) => send<PaymentConfigResponse>('GET', '/api/v2/payments/config', o),
    /** GET api/v2/user_payment_methods: default first */
    methods: (o?: CallOptions) =>
      send<UserPaymentMethodsResponse>('GET', '/api/v2/user_payment_methods', o).then(methods),
    /** POST api/v2/user_payment_methods -> 201: a card's pm id, or a bank account's confirmed setup intent */
    addMethod: (body: AddUserPaymentMethodBody, o?: CallOptions) =>
      send<UserPaymentMethodResponse>('POST', '/api/v2/user_payment_methods', { ...o, body }).then(
        (r) => r.payment_method,
      ),
    /** DELETE api/v2/user_payment_methods/{id}: answers the methods left */
    deleteMethod: (id: number, o?: CallOptions) =>
      send<UserPaymentMethodsResponse>('DELETE', `/api/v2/user_payment_methods/${id}`, o).then(methods),
    /** POST api/v2/payment_methods/{id}/set_as_default, no body: answers the methods, default first */
    setDefault: (id: number, o?: CallOptions) =>
      send<UserPaymentMethodsResponse>('POST', `/api/v2/payment_methods/${id}/set_as_default`, o).then(methods),
    /** POST api/v2/payment_methods/create_setup_intent: for a bank debit (acss_debit) mandate */
    createSetupIntent: (body: CreateSetupIntentBody, o?: CallOptions) =>
      send<SetupIntentResponse>('POST', '/api/v2/payment_methods/create_setup_intent', { ...o, body }),

    // ---- the sandbox provider (PAYMENTS=sandbox)
    /** POST api/v2/sandbox/payment_methods: a card tokenised; a decline answers 402 { error } */
    sandboxCreateCard: (body: SandboxCreateCardBody, o?: CallOptions) =>
      send<SandboxPaymentMethodResponse>('POST', '/api/v2/sandbox/payment_methods', { ...o, body }).then(
        (r) => r.payment_method,
      ),
    /** POST api/v2/sandbox/setup_intents/confirm: a bank debit set up with the Canadian bank numbers */
    sandboxConfirmSetup: (body: SandboxConfirmSetupBody, o?: CallOptions) =>
      send<SandboxSetupIntentResponse>('POST', '/api/v2/sandbox/setup_intents/confirm', { ...o, body }).then(
        (r) => r.setup_intent,
      ),
    /** POST api/v2/sandbox/payment_intents/authenticate: the 3-D Secure step, completed or failed */
    sandboxAuthenticate: (body: SandboxAuthenticateBody, o?: CallOptions) =>
      send<SandboxPaymentIntentResponse>('POST', '/api/v2/sandbox/payment_intents/authenticate', {
        ...o,
        body,
      }).then((r) => r.payment_intent),
  };
}

export type PaymentsClient = ReturnType<typeof paymentsClient>;
