import type { AccountUpdateBody, Profile } from '@caterway/contracts';
import {
  accountSecondsOfDay,
  accountSettingsBodyProblems,
  accountTimeZone,
  type AccountSettingsField,
} from '@caterway/domain';
import type { Camelize } from '../../types/catalogue';

// The account settings form (browse-account-orders §3 User / account, §5 'Account settings'):
// what the inputs hold, and the PUT api/v2/accounts body built from them. The form checks the
// values with accountSettingsBodyProblems, the function the API's contract runs too.

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
  /** needed only with a new password */
  currentPassword: string;
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
    currentPassword: '',
    aboutMe: p.aboutMe,
    defaultDeliveryInstructions: p.defaultDeliveryInstructions,
    favoriteCousineTypes: p.favoriteCousineTypes,
    dietaryTypes: p.dietaryTypes,
    goName: p.goName,
    goHeadCount: String(p.goHeadCount),
    goBudget: (p.goBudgetCents / 100).toFixed(2),
    goGapDays: String(p.goGapDays),
    // epoch seconds on the wire: the form shows their time of day in the account's zone
    goCutoffTime: secondsToTime(accountSecondsOfDay(p.goCutoffTime, accountTimeZone(p.province, p.country)) ?? 0),
    goDeliveryTime: secondsToTime(accountSecondsOfDay(p.goDeliveryTime, accountTimeZone(p.province, p.country)) ?? 0),
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
      ...(f.password || f.passwordConfirmation
        ? { password: f.password, password_confirmation: f.passwordConfirmation, current_password: f.currentPassword }
        : {}),
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

const FORM_FIELD: Record<AccountSettingsField, SettingsField> = {
  firstName: 'firstName',
  lastName: 'lastName',
  companyName: 'companyName',
  city: 'city',
  address1: 'address1',
  phone: 'phone',
  zip: 'zip',
  password: 'password',
  passwordConfirmation: 'passwordConfirmation',
  currentPassword: 'currentPassword',
  email: 'email',
  goHeadCount: 'goHeadCount',
  goBudgetCents: 'goBudget',
  goGapDays: 'goGapDays',
  goCutoffTime: 'goCutoffTime',
  goDeliveryTime: 'goDeliveryTime',
};

/** Field errors (the first per field); empty when the body may be sent. */
export function validateSettings(f: SettingsForm): Partial<Record<SettingsField, string>> {
  const u = formToBody(f).user;
  const problems = accountSettingsBodyProblems(u);
  const errors: Partial<Record<SettingsField, string>> = {};
  for (const [field, message] of Object.entries(problems) as [AccountSettingsField, string][])
    errors[FORM_FIELD[field]] = message;
  return errors;
}
