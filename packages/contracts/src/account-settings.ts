import { z } from 'zod';
import { accountMessages, messages, passwordProblems } from '@caterway/domain';
import { profileSchema } from './auth.js';

// Account settings (browse-account-orders §3 User / account, §5 'Account settings', §7 PUT api/v2/accounts).
// A strict object: role, confirmed, email changes and ids are not fields of this form, so a body
// carrying them is refused rather than half-applied.

const trimmed = z.string().trim();
const requiredText = (max = 200) => trimmed.min(1, messages.required).max(max);
const optionalText = (max: number) => trimmed.max(max).optional();
/** seconds of the day (epoch seconds of that time on 1970-01-01 UTC), e.g. 17:00 -> 61200 */
const timeOfDay = z.number({ error: accountMessages.timeInvalid }).int(accountMessages.timeInvalid).min(0, accountMessages.timeInvalid).max(86_399, accountMessages.timeInvalid);
const names = z.array(trimmed.min(1).max(100)).max(50);

const bothPasswordsGiven = (payload: { value: unknown }) => {
  const v = payload.value as { password?: unknown; password_confirmation?: unknown } | undefined;
  return typeof v?.password === 'string';
};

export const accountUpdateBodySchema = z.object({
  user: z
    .strictObject({
      first_name: requiredText(80),
      last_name: requiredText(80),
      /** read-only: may be sent back as it is; any other value is refused */
      email: trimmed.toLowerCase().max(254).optional(),
      company_name: requiredText(200),
      city: requiredText(100),
      address1: requiredText(300),
      address2: optionalText(200),
      phone: requiredText(40),
      zip: requiredText(20),
      /** optional: empty or absent keeps the current password */
      password: z
        .string()
        .max(200)
        .optional()
        .superRefine((password, ctx) => {
          if (!password) return;
          for (const message of passwordProblems(password)) ctx.addIssue({ code: 'custom', message });
        }),
      password_confirmation: z.string().max(200).optional(),
      about_me: optionalText(2000),
      default_delivery_instructions: optionalText(1000),
      favorite_cousine_types: names.optional(),
      dietary_types: names.optional(),
      go_name: optionalText(100),
      go_head_count: z.number({ error: accountMessages.headCountMin }).int(accountMessages.headCountMin).min(1, accountMessages.headCountMin).max(10_000).optional(),
      go_budget_cents: z.number({ error: accountMessages.budgetInvalid }).int(accountMessages.budgetInvalid).min(0, accountMessages.budgetInvalid).max(100_000_000).optional(),
      go_gap_days: z.number({ error: accountMessages.gapDaysMin }).int(accountMessages.gapDaysMin).min(1, accountMessages.gapDaysMin).max(365).optional(),
      go_cutoff_time: timeOfDay.optional(),
      go_delivery_time: timeOfDay.optional(),
    })
    .refine((u) => !u.password || u.password === (u.password_confirmation ?? ''), {
      message: messages.bothPasswordsSame,
      path: ['password_confirmation'],
      when: bothPasswordsGiven,
    }),
});
export type AccountUpdateBody = z.input<typeof accountUpdateBodySchema>;

export const accountUpdateResponseSchema = z.object({ user: profileSchema });
export type AccountUpdateResponse = z.infer<typeof accountUpdateResponseSchema>;
