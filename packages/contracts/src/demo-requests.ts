import { z } from 'zod';

// The demo-request form (browse-account-orders §5 'Demo form', §7, §8) and the self-hosted
// ALTCHA proof-of-work captcha that protects it (ARCHITECTURE.md, captcha port). The rules
// with spec messages live in @caterway/domain validateDemoRequest, run by the form and again
// by the API; the wire schema is deliberately loose so those messages, not zod's, answer.

const text = (max: number) => z.string().max(max).optional();

export const demoRequestInputSchema = z.object({
  name: text(200),
  email: text(320),
  company: text(200),
  phone: text(40),
  /** one of 0-10, 10-25, 25-50, 50-100, 100-150, 150-300, 300+ */
  num_people_range: text(20),
  /** one of Daily, Weekly, Monthly, Occasionally, One Time Event */
  order_frequency: text(40),
  message: text(5000),
  /** base64 of the solved ALTCHA payload JSON { challenge, solution } */
  altcha: text(4000),
});
export type DemoRequestInput = z.infer<typeof demoRequestInputSchema>;

/** POST messages/json_create.json */
export const demoRequestBodySchema = z.object({ message: demoRequestInputSchema }).meta({ id: 'DemoRequestBody' });
export type DemoRequestBody = z.infer<typeof demoRequestBodySchema>;

export const demoRequestCreatedSchema = z.object({ message: z.string() }).meta({ id: 'DemoRequestCreated' });
export type DemoRequestCreated = z.infer<typeof demoRequestCreatedSchema>;

/** GET api/v2/altcha/challenge: an ALTCHA v2 challenge, as the protocol defines it (camelCase inside). */
export const altchaChallengeSchema = z
  .object({
    parameters: z.object({
      algorithm: z.string(),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number().int(),
      keyLength: z.number().int(),
      keyPrefix: z.string(),
      keySignature: z.string().optional(),
      expiresAt: z.number().int().optional(),
    }),
    signature: z.string(),
  })
  .meta({ id: 'AltchaChallenge' });
export type AltchaChallenge = z.infer<typeof altchaChallengeSchema>;

/** What the client sends back (base64 of this JSON in the `altcha` field). */
export const altchaPayloadSchema = z.object({
  challenge: altchaChallengeSchema,
  solution: z.object({ counter: z.number().int().min(0), derivedKey: z.string(), time: z.number().optional() }),
});
export type AltchaPayload = z.infer<typeof altchaPayloadSchema>;
