import { z } from 'zod';
import { messages, passwordProblems } from '@caterway/domain';
import { emailSchema, errorBodySchema, messagesBodySchema } from './common.js';

// Wire format is snake_case (ARCHITECTURE.md, HTTP API). address1/address2 keep their names.
// The API validates with these schemas and the SPAs reuse them for their forms, so the
// same messages show on both sides.
const trimmed = z.string().trim();
const requiredText = (max = 200) => trimmed.min(1, messages.required).max(max);
const email = emailSchema;

/**
 * A new password: required, then the shared rules of passwordProblems() (the API adds the email's
 * context word and the breached-password list). 128 characters may be 512 UTF-16 units.
 */
const newPassword = z
  .string()
  .min(1, messages.required)
  .max(512)
  .superRefine((password, ctx) => {
    if (password.length === 0) return;
    for (const message of passwordProblems(password)) ctx.addIssue({ code: 'custom', message });
  });

/** Runs the "passwords match" check even when other fields failed, so one answer lists every problem. */
const bothPasswordsGiven = (payload: { value: unknown }) => {
  const v = payload.value as { password?: unknown; password_confirmation?: unknown } | undefined;
  return typeof v?.password === 'string' && typeof v?.password_confirmation === 'string';
};

/**
 * A sign-up needs a geocoded address: latitude and longitude are sent (ordering-payments §5
 * 'Sign-up', §7 POST api/v2/users). Absent or null: the address was not chosen from the suggestions.
 */
const coordinate = (name: string, limit: number) =>
  z
    .number({
      error: (issue) => (issue.input === undefined || issue.input === null ? messages.addressNotFound : undefined),
    })
    .min(-limit, `${name} must be between -${limit} and ${limit}.`)
    .max(limit, `${name} must be between -${limit} and ${limit}.`);

export const signUpBodySchema = z.object({
  user: z
    .object({
      first_name: requiredText(80),
      last_name: requiredText(80),
      email,
      phone: requiredText(40),
      company_name: trimmed.max(200).optional().default(''),
      address1: requiredText(300),
      address2: trimmed.max(200).optional().default(''),
      password: newPassword,
      password_confirmation: z.string().min(1, messages.required).max(512),
      latitude: coordinate('Latitude', 90),
      longitude: coordinate('Longitude', 180),
      ref: trimmed.max(100).optional(),
    })
    .refine((u) => u.password === u.password_confirmation, {
      message: messages.passwordsMustMatch,
      path: ['password_confirmation'],
      when: bothPasswordsGiven,
    }),
});
export type SignUpBody = z.input<typeof signUpBodySchema>;

export const signInBodySchema = z.object({
  auth: z.object({ email, password: z.string().min(1, messages.required).max(512) }),
});
export type SignInBody = z.input<typeof signInBodySchema>;

/** The signed-in user as the storefront keeps it (spec: ordering-payments §3 User). */
export const sessionUserSchema = z
  .object({
    id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    confirmed: z.boolean(),
    role: z.enum(['customer', 'staff']),
    admin_token: z.string().nullable(),
  })
  .meta({ id: 'SessionUser' });
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const signInResponseSchema = z.object({ jwt: z.string(), user: sessionUserSchema });
export type SignInResponse = z.infer<typeof signInResponseSchema>;

/**
 * The answer to a sign-up: the same for a new and an already registered email (docs/decisions/029),
 * so it names no account. The spec's storefront does not read it (ordering-payments §7).
 */
export const signUpResponseSchema = z.object({ message: z.string() });
export type SignUpResponse = z.infer<typeof signUpResponseSchema>;

/** Full profile (spec: browse-account-orders §3 User / account). Group-order times are epoch seconds. */
export const profileSchema = sessionUserSchema
  .extend({
    phone: z.string(),
    company_name: z.string(),
    address1: z.string(),
    address2: z.string(),
    city: z.string(),
    province: z.string(),
    zip: z.string(),
    country: z.enum(['CA', 'US']),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    about_me: z.string(),
    default_delivery_instructions: z.string(),
    favorite_cousine_types: z.array(z.string()),
    dietary_types: z.array(z.string()),
    go_name: z.string(),
    go_head_count: z.number().int(),
    go_budget_cents: z.number().int(),
    go_gap_days: z.number().int(),
    /** epoch seconds (browse-account-orders §3): the next 17:00, say, in the account's zone */
    go_cutoff_time: z.number().int(),
    go_delivery_time: z.number().int(),
  })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof profileSchema>;

export const currentUserResponseSchema = z.object({ user: profileSchema });
export type CurrentUserResponse = z.infer<typeof currentUserResponseSchema>;
export const tokenExchangeResponseSchema = z.object({ jwt: z.string(), user: sessionUserSchema });
export type TokenExchangeResponse = z.infer<typeof tokenExchangeResponseSchema>;
export const sessionStatusResponseSchema = z.object({
  active: z.literal(true),
  /** ISO instant: the absolute end of the session */
  expires_at: z.string(),
  /** ISO instant: when the session ends unless the user does something first */
  idle_expires_at: z.string(),
});
export type SessionStatusResponse = z.infer<typeof sessionStatusResponseSchema>;

export const passwordResetRequestBodySchema = z.object({ user: z.object({ email }) });
export type PasswordResetRequestBody = z.input<typeof passwordResetRequestBodySchema>;
/**
 * POST users/password.json's error answers: the documents read `message` (ordering-payments §7,
 * 'error response has message'), so `message` holds the error's text beside `error` (and `messages`).
 */
export const passwordResetRequestErrorResponses = {
  422: messagesBodySchema.extend({ message: z.string() }),
  429: errorBodySchema.extend({ message: z.string() }),
} as const;
export const resendConfirmationBodySchema = z.object({ user: z.object({ email }) });
export type ResendConfirmationBody = z.input<typeof resendConfirmationBodySchema>;

export const passwordResetBodySchema = z.object({
  user: z
    .object({
      // A missing or empty token means the page was opened without its link's token.
      reset_password_token: trimmed
        .max(200)
        .default('')
        .refine((t) => t.length > 0, messages.invalidLink),
      password: newPassword,
      password_confirmation: z.string().min(1, messages.required).max(512),
    })
    .refine((u) => u.password === u.password_confirmation, {
      message: messages.bothPasswordsSame,
      path: ['password_confirmation'],
      when: bothPasswordsGiven,
    }),
});
export type PasswordResetBody = z.input<typeof passwordResetBodySchema>;

export const confirmationQuerySchema = z.object({ confirmation_token: z.string().max(200).optional() });
export type ConfirmationQuery = z.infer<typeof confirmationQuerySchema>;

/** Where the confirmation link lands (the SPA's /confirmation route forwards the query to /). */
export const confirmationRedirect = {
  ok: (firstName: string) => `/confirmation?confirmed=ok&name=${encodeURIComponent(firstName)}`,
  failed: '/confirmation?confirmed=failed',
} as const;
