import { groupOrderDetailsBodySchema, type GroupOrder, type GroupOrderDetailsBody } from '@caterway/contracts';
import { pickedDateTooFar, typedDollarsToCents } from '@caterway/domain';
import { secondsToTimeInput, timeInputToSeconds } from '../../lib/time';

// The creator's details form as text fields, its prefill, and its check: the API's own zod
// contract (the server checks the same schema again and adds the rules that need its clock).

export interface DetailsForm {
  name: string;
  headCount: string;
  budget: string;
  gapDays: string;
  cutoffTime: string;
  deliveryDate: string;
  deliveryTime: string;
  deliveryAddress: string;
  deliverySuiteAddress: string;
  deliveryContactPerson: string;
  deliveryPhoneNumber: string;
  deliveryInstruction: string;
  companyName: string;
  /** what the company quotes on its invoices (issue 17 part 3); optional, at most 64 characters */
  poNumber: string;
  costCentre: string;
}

/** The PO number and cost centre take at most this many characters, as the API does. */
export const CORPORATE_FIELD_MAX = 64;

export type FieldErrors = Partial<Record<keyof DetailsForm, string>>;

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** 'yyyy-MM-dd' from the storefront's delivery date ('yyyy-MM-dd' or 'MM/dd/yyyy'). */
function isoDate(value: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const us = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  return us ? `${us[3]}-${us[1]}-${us[2]}` : '';
}

/**
 * The form as the group order stands: the account's defaults (the server copied them in at
 * creation), the details entered so far, else the delivery params the storefront saved.
 */
export function formFromGroupOrder(go: GroupOrder, query: URLSearchParams = new URLSearchParams()): DetailsForm {
  const params = go.delivery_params;
  return {
    name: go.name,
    headCount: String(go.head_count),
    budget: (go.budget_cents / 100).toFixed(2),
    gapDays: String(go.gap_days),
    cutoffTime: secondsToTimeInput(go.cutoff_time),
    deliveryDate:
      go.delivery_date ?? (isoDate(text(params.delivery_date)) || isoDate(query.get('delivery_date') ?? '')),
    deliveryTime: secondsToTimeInput(go.delivery_time),
    deliveryAddress: go.delivery_address || text(params.address) || (query.get('address') ?? ''),
    deliverySuiteAddress: go.delivery_suite_address,
    deliveryContactPerson: go.delivery_contact_person,
    deliveryPhoneNumber: go.delivery_phone_number,
    deliveryInstruction: go.delivery_instruction,
    companyName: go.company_name,
    poNumber: go.po_number,
    costCentre: go.cost_centre,
  };
}

const FIELD_OF: Record<string, keyof DetailsForm> = {
  name: 'name',
  head_count: 'headCount',
  budget_cents: 'budget',
  gap_days: 'gapDays',
  cutoff_time: 'cutoffTime',
  delivery_date: 'deliveryDate',
  delivery_time: 'deliveryTime',
  delivery_address: 'deliveryAddress',
  delivery_suite_address: 'deliverySuiteAddress',
  delivery_contact_person: 'deliveryContactPerson',
  delivery_phone_number: 'deliveryPhoneNumber',
  delivery_instruction: 'deliveryInstruction',
  company_name: 'companyName',
  po_number: 'poNumber',
  cost_centre: 'costCentre',
};

const wholeNumber = (v: string): number => (/^\s*\d+\s*$/.test(v) ? Number(v) : Number.NaN);

/** The PUT body, or the message under each field that is wrong. */
export function checkDetails(
  form: DetailsForm,
  extra: { latitude: number | null; longitude: number | null; openOrdering: boolean; now?: Date },
): { ok: true; body: GroupOrderDetailsBody } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  // the horizon (at most 90 days ahead), as the date picker's max and the server say it
  const tooFar = pickedDateTooFar(form.deliveryDate, extra.now ?? new Date());
  if (tooFar) errors.deliveryDate = tooFar;
  const cutoff = timeInputToSeconds(form.cutoffTime);
  const delivery = timeInputToSeconds(form.deliveryTime);
  const budget = typedDollarsToCents(form.budget);
  if (Number.isNaN(budget)) errors.budget = 'Please enter the budget in dollars, such as 25.00.';
  const candidate = {
    name: form.name,
    head_count: wholeNumber(form.headCount),
    budget_cents: Number.isNaN(budget) ? 0 : budget,
    gap_days: wholeNumber(form.gapDays),
    cutoff_time: cutoff ?? -1,
    delivery_date: form.deliveryDate,
    delivery_time: delivery ?? -1,
    delivery_address: form.deliveryAddress,
    delivery_suite_address: form.deliverySuiteAddress,
    latitude: extra.latitude,
    longitude: extra.longitude,
    delivery_contact_person: form.deliveryContactPerson,
    delivery_phone_number: form.deliveryPhoneNumber,
    delivery_instruction: form.deliveryInstruction,
    company_name: form.companyName,
    po_number: form.poNumber,
    cost_centre: form.costCentre,
    open_ordering: extra.openOrdering,
  };
  const parsed = groupOrderDetailsBodySchema.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = FIELD_OF[String(issue.path[0])];
      if (!field || errors[field]) continue;
      errors[field] = issue.code === 'invalid_type' ? 'Please enter a whole number.' : issue.message;
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, body: candidate };
}
