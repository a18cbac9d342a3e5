import { isAccountTimeValue } from './account-times.js';
import { messages, passwordProblems } from './messages.js';

// Spend reports, favourites page and account settings rules shared by the storefront and the API
// (ordering-payments §2 'Reports page', §4 'Reports', §5; browse-account-orders §5 'Account settings').

export const reportMessages = {
  fetching: 'Fetching reports…',
  noResults: 'No results available',
  finalTotal: 'Final Total Spend',
  // Our own wording where the spec only states the rule:
  needBothDatesOrVendor: 'Choose both a Delivery Start Date and a Delivery End Date, or a vendor name.',
  startAfterEnd: 'The Delivery Start Date must be on or before the Delivery End Date.',
  exportCsv: 'Export CSV',
  exportFailed: 'Sorry, we could not export the report. Please try again.',
  tooManyToExport: (count: number) =>
    `${count.toLocaleString('en-US')} orders match: at most ${SPEND_EXPORT_MAX_ROWS.toLocaleString('en-US')} can be exported at once. Please narrow the delivery dates or the vendor.`,
} as const;

export interface ReportFilters {
  startDate?: string;
  endDate?: string;
  company?: string;
}

const present = (v: string | undefined): v is string => typeof v === 'string' && v.trim() !== '';

/**
 * Submit needs both dates, or a vendor name (ordering-payments §5); with nothing at all it is the
 * unfiltered list (the page's first load). Returns the problem, or null when the filters may be sent.
 */
export function reportFiltersProblem(filters: ReportFilters): string | null {
  const start = present(filters.startDate);
  const end = present(filters.endDate);
  const vendor = present(filters.company);
  if (!start && !end && !vendor) return null;
  if (!vendor && !(start && end)) return reportMessages.needBothDatesOrVendor;
  if (start && end && filters.startDate! > filters.endDate!) return reportMessages.startAfterEnd;
  return null;
}

/** Empty filter values are omitted (ordering-payments §5): only the non-blank ones, trimmed. */
export function reportQuery(filters: ReportFilters & { page: number }): {
  page: number;
  startDate?: string;
  endDate?: string;
  company?: string;
} {
  const q: { page: number; startDate?: string; endDate?: string; company?: string } = { page: filters.page };
  if (present(filters.startDate)) q.startDate = filters.startDate.trim();
  if (present(filters.endDate)) q.endDate = filters.endDate.trim();
  if (present(filters.company)) q.company = filters.company.trim();
  return q;
}

/** The spend reports list this many orders a page. */
export const REPORT_PER_PAGE = 10;
/** The CSV export of the spend report holds every matching order, up to this many (issue 17 part 3). */
export const SPEND_EXPORT_MAX_ROWS = 10_000;

export const accountMessages = {
  emailNotEditable: 'This is your sign-in email and not editable',
  // Our own wording where the spec states the rule (browse-account-orders §5, §9 'Gap days minimum 1'):
  gapDaysMin: 'Gap days must be at least 1.',
  headCountMin: 'Head count must be at least 1.',
  budgetInvalid: 'Please enter a budget of 0 or more.',
  timeInvalid: 'Please select valid time.',
  unknownCuisine: (name: string) => `Unknown cuisine type: ${name}`,
  unknownDietaryType: (name: string) => `Unknown dietary type: ${name}`,
} as const;

/** Group-order defaults (browse-account-orders §9): cut-off 5:00 PM, delivery 11:30 AM, as seconds of the day. */
export const GROUP_ORDER_DEFAULTS = {
  cutoffSeconds: 17 * 3600,
  deliverySeconds: 11 * 3600 + 30 * 60,
  gapDays: 1,
} as const;

/** Favorites page (browse-account-orders §2, §4 Favorites, §8). */
export const favoritesMessages = {
  removedFavorite: 'Removed from your Favorites. You can add it back anytime.',
  removedSaved: 'Removed from your saved list.',
} as const;

/** What the account settings form checks (browse-account-orders §5 'Account settings', §9). */
export interface AccountSettingsValues {
  firstName: string;
  lastName: string;
  companyName: string;
  city: string;
  address1: string;
  phone: string;
  zip: string;
  /** optional: empty keeps the current password */
  password?: string;
  passwordConfirmation?: string;
  /** required with a new password: who changes it must know the old one (ASVS 5.0 V6) */
  currentPassword?: string;
  /** the sign-in email (read-only), for the password's context words */
  email?: string;
  goHeadCount?: number;
  goBudgetCents?: number;
  goGapDays?: number;
  /** seconds of the day */
  goCutoffTime?: number;
  goDeliveryTime?: number;
}
export type AccountSettingsField = keyof AccountSettingsValues;

const REQUIRED_ACCOUNT_FIELDS = ['firstName', 'lastName', 'companyName', 'city', 'address1', 'phone', 'zip'] as const;

/**
 * The first problem of each field, in form order; empty when the values may be saved. The
 * storefront shows these inline and the API's contract runs the same function.
 */
export function accountSettingsProblems(v: AccountSettingsValues): Partial<Record<AccountSettingsField, string>> {
  const out: Partial<Record<AccountSettingsField, string>> = {};
  for (const field of REQUIRED_ACCOUNT_FIELDS) if (v[field].trim() === '') out[field] = messages.required;
  if (v.password) {
    if (!v.currentPassword) out.currentPassword = messages.currentPasswordRequired;
    const problems = passwordProblems(v.password, { email: v.email });
    if (problems.length) out.password = problems[0];
    else if (v.password !== (v.passwordConfirmation ?? '')) out.passwordConfirmation = messages.bothPasswordsSame;
  }
  const isInt = (n: number | undefined): n is number => n !== undefined && Number.isInteger(n);
  if (v.goHeadCount !== undefined && !(isInt(v.goHeadCount) && v.goHeadCount >= 1))
    out.goHeadCount = accountMessages.headCountMin;
  if (v.goBudgetCents !== undefined && !(isInt(v.goBudgetCents) && v.goBudgetCents >= 0))
    out.goBudgetCents = accountMessages.budgetInvalid;
  if (v.goGapDays !== undefined && !(isInt(v.goGapDays) && v.goGapDays >= 1))
    out.goGapDays = accountMessages.gapDaysMin;
  for (const field of ['goCutoffTime', 'goDeliveryTime'] as const) {
    const t = v[field];
    // seconds of the day, or epoch seconds (browse-account-orders §7; account-times.ts)
    if (t !== undefined && !isAccountTimeValue(t)) out[field] = accountMessages.timeInvalid;
  }
  return out;
}

/** The account body as PUT api/v2/accounts carries it (snake_case), for the contract and the form alike. */
export interface AccountSettingsBody {
  first_name: string;
  last_name: string;
  company_name: string;
  city: string;
  address1: string;
  phone: string;
  zip: string;
  password?: string;
  password_confirmation?: string;
  current_password?: string;
  email?: string;
  go_head_count?: number;
  go_budget_cents?: number;
  go_gap_days?: number;
  go_cutoff_time?: number;
  go_delivery_time?: number;
}

/** accountSettingsProblems of a request body. */
export function accountSettingsBodyProblems(u: AccountSettingsBody): Partial<Record<AccountSettingsField, string>> {
  return accountSettingsProblems({
    firstName: u.first_name,
    lastName: u.last_name,
    companyName: u.company_name,
    city: u.city,
    address1: u.address1,
    phone: u.phone,
    zip: u.zip,
    password: u.password,
    passwordConfirmation: u.password_confirmation,
    currentPassword: u.current_password,
    email: u.email,
    goHeadCount: u.go_head_count,
    goBudgetCents: u.go_budget_cents,
    goGapDays: u.go_gap_days,
    goCutoffTime: u.go_cutoff_time,
    goDeliveryTime: u.go_delivery_time,
  });
}
