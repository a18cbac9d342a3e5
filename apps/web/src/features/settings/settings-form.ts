import { accountUpdateBodySchema, type AccountUpdateBody, type Profile } from '@caterway/contracts';
import type { Camelize } from '../../types/catalogue';

// The account settings form (browse-account-orders §3 User / account, §5 'Account settings'):
// what the inputs hold, and the PUT api/v2/accounts body built from them. The body is checked
// with the API's own contract before it is sent, so the form shows the server's messages.

export type AccountProfile = Camelize<Profile>;

export interface SettingsForm {
  firstName: string;
  lastName: string;
  email: string;
  companyName: string;
  phone: string;
  address1: string;
  address2: string;
  city: string;
  zip: string;
  password: string;
  passwordConfirmation: string;
  aboutMe: string;
  defaultDeliveryInstructions: string;
  favoriteCousineTypes: string[];
  dietaryTypes: string[];
  goName: string;
  goHeadCount: string;
  /** dollars, as typed */
  goBudget: string;
  goGapDays: string;
  /** 'HH:MM' (24-hour, as an <input type="time"> holds it) */
  goCutoffTime: string;
  goDeliveryTime: string;
}

export type SettingsField = keyof SettingsForm;

const pad2 = (n: number) => String(n).padStart(2, '0');

/** 61200 -> '17:00' */
export function secondsToTime(seconds: number): string {
  return `${pad2(Math.floor(seconds / 3600) % 24)}:${pad2(Math.floor((seconds % 3600) / 60))}`;
}

/** '17:00' -> 61200; NaN when it is not a time of day */
export function timeToSeconds(value: string): number {
  const m = /^(\d{2}):(\d{2})(?::\d{2})?$/.exec(value.trim());
  if (!m) return Number.NaN;
  const h = Number(m[1]);
  const min = Number(m[2]);
  return h < 24 && min < 60 ? h * 3600 + min * 60 : Number.NaN;
}

/** '18.5' -> 1850; NaN for anything but a non-negative amount with at most 2 decimals */
export function dollarsToCentsInput(value: string): number {
  const v = value.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(v)) return Number.NaN;
  return Math.round(Number(v) * 100);
}

const toInt = (value: string) => (/^-?\d+$/.test(value.trim()) ? Number(value.trim()) : Number.NaN);

export function profileToForm(p: AccountProfile): SettingsForm {
  return {
    firstName: p.firstName,
    lastName: p.lastName,
    email: p.email,
    companyName: p.companyName,
    phone: p.phone,
    address1: p.address1,
    address2: p.address2,
    city: p.city,
    zip: p.zip,
    password: '',
    passwordConfirmation: '',
    aboutMe: p.aboutMe,
    defaultDeliveryInstructions: p.defaultDeliveryInstructions,
    favoriteCousineTypes: p.favoriteCousineTypes,
    dietaryTypes: p.dietaryTypes,
    goName: p.goName,
    goHeadCount: String(p.goHeadCount),
    goBudget: (p.goBudgetCents / 100).toFixed(2),
    goGapDays: String(p.goGapDays),
    goCutoffTime: secondsToTime(p.goCutoffTime),
    goDeliveryTime: secondsToTime(p.goDeliveryTime),
  };
}

/** The wire body (snake_case; the password only when one was typed). */
export function formToBody(f: SettingsForm): AccountUpdateBody {
  return {
    user: {
      first_name: f.firstName,
      last_name: f.lastName,
      email: f.email,
      company_name: f.companyName,
      phone: f.phone,
      address1: f.address1,
      address2: f.address2,
      city: f.city,
      zip: f.zip,
      ...(f.password || f.passwordConfirmation ? { password: f.password, password_confirmation: f.passwordConfirmation } : {}),
      about_me: f.aboutMe,
      default_delivery_instructions: f.defaultDeliveryInstructions,
      favorite_cousine_types: f.favoriteCousineTypes,
      dietary_types: f.dietaryTypes,
      go_name: f.goName,
      go_head_count: toInt(f.goHeadCount),
      go_budget_cents: dollarsToCentsInput(f.goBudget),
      go_gap_days: toInt(f.goGapDays),
      go_cutoff_time: timeToSeconds(f.goCutoffTime),
      go_delivery_time: timeToSeconds(f.goDeliveryTime),
    },
  };
}

const FIELD_OF_WIRE: Record<string, SettingsField> = {
  first_name: 'firstName',
  last_name: 'lastName',
  email: 'email',
  company_name: 'companyName',
  phone: 'phone',
  address1: 'address1',
  address2: 'address2',
  city: 'city',
  zip: 'zip',
  password: 'password',
  password_confirmation: 'passwordConfirmation',
  about_me: 'aboutMe',
  default_delivery_instructions: 'defaultDeliveryInstructions',
  favorite_cousine_types: 'favoriteCousineTypes',
  dietary_types: 'dietaryTypes',
  go_name: 'goName',
  go_head_count: 'goHeadCount',
  go_budget_cents: 'goBudget',
  go_gap_days: 'goGapDays',
  go_cutoff_time: 'goCutoffTime',
  go_delivery_time: 'goDeliveryTime',
};

/** Field errors from the API's contract: the first message per field; empty when the body may be sent. */
export function validateSettings(f: SettingsForm): Partial<Record<SettingsField, string>> {
  const result = accountUpdateBodySchema.safeParse(formToBody(f));
  if (result.success) return {};
  const errors: Partial<Record<SettingsField, string>> = {};
  for (const issue of result.error.issues) {
    const field = FIELD_OF_WIRE[String(issue.path[1] ?? '')];
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}
