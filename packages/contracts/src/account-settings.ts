import { z } from 'zod';
import { accountSettingsBodyProblems, messages, type AccountSettingsField } from '@caterway/domain';
import { profileSchema } from './auth.js';

// Account settings (browse-account-orders §3 User / account, §5 'Account settings', §7 PUT api/v2/accounts).
// A strict object: role, confirmed and ids are not fields of this form, so a body carrying them
// is refused rather than half-applied. The rules are accountSettingsProblems (packages/domain),
// the same function the storefront's form runs.

const text = (max: number) => z.string().trim().max(max);
/** required: empty answers the field's name with the required message even when other fields fail */
const requiredText = (max: number) => text(max).min(1, messages.required);
/** epoch seconds, read as their time of day in the account's zone; seconds of the day (below 86400) too */
const seconds = z.number();

const WIRE: Record<AccountSettingsField, string> = {
  firstName: 'first_name',
  lastName: 'last_name',
  companyName: 'company_name',
  city: 'city',
  address1: 'address1',
  phone: 'phone',
  zip: 'zip',
  password: 'password',
  passwordConfirmation: 'password_confirmation',
  currentPassword: 'current_password',
  email: 'email',
  goHeadCount: 'go_head_count',
  goBudgetCents: 'go_budget_cents',
  goGapDays: 'go_gap_days',
  goCutoffTime: 'go_cutoff_time',
  goDeliveryTime: 'go_delivery_time',
};

export const accountUpdateBodySchema = z.object({
  user: z
    .strictObject({
      first_name: requiredText(80),
      last_name: requiredText(80),
      /** read-only: may be sent back as it is; the service refuses any other value */
      email: z.string().trim().toLowerCase().max(254).optional(),
      company_name: requiredText(200),
      city: requiredText(100),
      address1: requiredText(300),
      address2: text(200).optional(),
      phone: requiredText(40),
      zip: requiredText(20),
      /** optional: empty or absent keeps the current password */
      /** 128 characters may take 512 UTF-16 units; the length rule counts characters */
      password: z.string().max(512).optional(),
      password_confirmation: z.string().max(512).optional(),
      /** required with password: the one the account has now */
      current_password: z.string().max(512).optional(),
      about_me: text(2000).optional(),
      default_delivery_instructions: text(1000).optional(),
      favorite_cousine_types: z.array(z.string().trim().min(1).max(100)).max(50).optional(),
      dietary_types: z.array(z.string().trim().min(1).max(100)).max(50).optional(),
      go_name: text(100).optional(),
      go_head_count: z.number().max(10_000).optional(),
      go_budget_cents: z.number().max(100_000_000).optional(),
      go_gap_days: z.number().max(365).optional(),
      go_cutoff_time: seconds.optional(),
      go_delivery_time: seconds.optional(),
    })
    .superRefine((u, ctx) => {
      const problems = accountSettingsBodyProblems(u);
      for (const [field, message] of Object.entries(problems) as [AccountSettingsField, string][]) {
        ctx.addIssue({ code: 'custom', message, path: [WIRE[field]] });
      }
    }),
});
export type AccountUpdateBody = z.input<typeof accountUpdateBodySchema>;

export const accountUpdateResponseSchema = z.object({ user: profileSchema });
export type AccountUpdateResponse = z.infer<typeof accountUpdateResponseSchema>;
