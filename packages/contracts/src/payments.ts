import { z } from 'zod';

// Saved payment methods (ordering-payments §2 Payments page, §3 Saved payment method, §7).

export const userPaymentMethodSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    payment_method_id: z.string(),
    is_default: z.boolean(),
    payment_type: z.enum(['card', 'acss_debit']),
    brand: z.string(),
    last4: z.string(),
    exp_month: z.number().int().nullable(),
    exp_year: z.number().int().nullable(),
    description: z.string(),
  })
  .meta({ id: 'UserPaymentMethod' });
export type UserPaymentMethod = z.infer<typeof userPaymentMethodSchema>;

/** GET api/v2/user_payment_methods: default first. */
export const userPaymentMethodsResponseSchema = z.object({ payment_methods: z.array(userPaymentMethodSchema) });
export type UserPaymentMethodsResponse = z.infer<typeof userPaymentMethodsResponseSchema>;

/** POST api/v2/user_payment_methods: a card pm id, or for bank accounts the confirmed setup intent. */
export const addUserPaymentMethodBodySchema = z.object({
  payment_method_id: z.string().min(1).max(200),
  stripe_setup_intent_id: z.string().max(200).optional(),
  name: z.string().trim().max(120).optional(),
  email: z.string().trim().max(254).optional(),
});
export type AddUserPaymentMethodBody = z.input<typeof addUserPaymentMethodBodySchema>;

/** POST api/v2/payment_methods/create_setup_intent */
export const createSetupIntentBodySchema = z.object({
  payment_type: z.enum(['card', 'acss_debit']).default('acss_debit'),
});
export type CreateSetupIntentBody = z.input<typeof createSetupIntentBodySchema>;
export const setupIntentResponseSchema = z.object({ setup_intent_id: z.string(), client_secret: z.string() });
export type SetupIntentResponse = z.infer<typeof setupIntentResponseSchema>;

/** The sandbox provider's browser-side calls (what Stripe.js does against Stripe). */
export const sandboxCreateCardBodySchema = z.object({
  number: z.string().trim().min(12).max(23),
  exp_month: z.number().int().min(1).max(12),
  exp_year: z.number().int().min(2000).max(2100),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, 'Your card\u2019s security code is invalid.'),
  name: z.string().trim().max(120).optional(),
});
export type SandboxCreateCardBody = z.input<typeof sandboxCreateCardBodySchema>;
export const sandboxConfirmSetupBodySchema = z.object({
  client_secret: z.string().min(1).max(300),
  billing_name: z.string().trim().min(1).max(120),
  billing_email: z.string().trim().max(254),
  institution_number: z.string().regex(/^\d{3}$/),
  transit_number: z.string().regex(/^\d{5}$/),
  account_number: z.string().regex(/^\d{7,12}$/),
});
export type SandboxConfirmSetupBody = z.input<typeof sandboxConfirmSetupBodySchema>;

/** What the browser needs to talk to the provider. */
export const paymentConfigResponseSchema = z.object({
  provider: z.enum(['sandbox', 'stripe']),
  publishable_key: z.string(),
});
export type PaymentConfigResponse = z.infer<typeof paymentConfigResponseSchema>;

/** POST api/v2/user_payment_methods -> 201 the saved method. */
export const userPaymentMethodResponseSchema = z.object({ payment_method: userPaymentMethodSchema });
export type UserPaymentMethodResponse = z.infer<typeof userPaymentMethodResponseSchema>;
export const userPaymentMethodIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** POST api/v2/sandbox/payment_methods: what Stripe.js returns from createPaymentMethod. */
export const sandboxPaymentMethodResponseSchema = z.object({
  payment_method: z.object({
    id: z.string(),
    brand: z.string(),
    last4: z.string(),
    exp_month: z.number().int(),
    exp_year: z.number().int(),
  }),
});
export type SandboxPaymentMethodResponse = z.infer<typeof sandboxPaymentMethodResponseSchema>;
/** POST api/v2/sandbox/setup_intents/confirm: what stripe.confirmAcssDebitSetup resolves with. */
export const sandboxSetupIntentResponseSchema = z.object({
  setup_intent: z.object({ id: z.string(), status: z.string(), payment_method_id: z.string().nullable() }),
});
export type SandboxSetupIntentResponse = z.infer<typeof sandboxSetupIntentResponseSchema>;

/** POST /api/stripe/webhook: the event was taken (stored once; duplicate when its id was seen before). */
export const stripeWebhookResponseSchema = z.object({
  received: z.literal(true),
  duplicate: z.boolean(),
  /** applied: it changed an order; ignored: an event type or payment we do not act on; stale: an intent the order replaced */
  outcome: z.enum(['applied', 'ignored', 'stale']),
});

/**
 * POST api/v2/sandbox/payment_intents/authenticate: the sandbox's 3-D Secure step (what
 * stripe.handleNextAction does against the card's bank): the customer completes or fails it.
 */
export const sandboxAuthenticateBodySchema = z.object({
  client_secret: z.string().min(1).max(200),
  outcome: z.enum(['complete', 'fail']),
});
export type SandboxAuthenticateBody = z.input<typeof sandboxAuthenticateBodySchema>;
export const sandboxPaymentIntentResponseSchema = z.object({
  payment_intent: z.object({ id: z.string(), status: z.string() }),
});
export type SandboxPaymentIntentResponse = z.infer<typeof sandboxPaymentIntentResponseSchema>;
