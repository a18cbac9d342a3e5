import type { DeliveryRefusal, OrderPayload } from '@caterway/contracts';
import {
  availableTimeSlots,
  formatIsoDate,
  isBlank,
  isValidEmail,
  MAX_TIP_CENTS,
  messages,
  parseIsoDate,
  pickedDateTooFar,
  time12To24,
  typedDollarsToCents,
  type Tip,
} from '@caterway/domain';
import { isApiError } from '../../lib/api-client';
import type { CateringOrderDetail } from './api/catering-order-detail';

// The checkout form's values and rules (ordering-payments §3 'Checkout/edit form values', §4
// Cutlery, §5 'Checkout and order edit'), pure so they are unit tested.

export const servingStyles = ['Individually Packaged', 'Family Style'] as const;
export type ServingStyle = (typeof servingStyles)[number];
export type ReceivingMethod = 'delivery' | 'pickup';
/** the tip choices (issue 17): none by default, a percent of the food subtotal, or an amount */
export type TipChoice = 'none' | '10' | '15' | '18' | 'amount';

export interface CheckoutFormValues {
  firstName: string;
  lastName: string;
  companyName: string;
  phoneNumber: string;
  emailAddress: string;
  address: string;
  /** suite */
  address2: string;
  /** yyyy-MM-dd */
  date: string;
  /** hh:mm AM, one of the day's slots */
  time: string;
  notes: string;
  servingStyle: ServingStyle;
  cutleryNeeded: boolean;
  /** digits as typed; '' means none */
  cutleryCount: string;
  /** the tip, added after tax and untaxed: it goes to the restaurant (docs/decisions/033) */
  tip: TipChoice;
  /** the 'Other amount' tip in dollars as typed ('12', '12.50', '$12.50') */
  tipAmount: string;
  /** what corporate buyers quote on their invoices (issue 17 part 3); '' when not given */
  poNumber: string;
  costCentre: string;
  /** a delivery received by someone else than the orderer: their name and phone, both or neither */
  onsiteContact: boolean;
  onsiteContactName: string;
  onsiteContactPhone: string;
}

/** The fields issue 17 added, empty: no tip, no PO number or cost centre, no on-site contact. */
export const noExtras = {
  tip: 'none',
  tipAmount: '',
  poNumber: '',
  costCentre: '',
  onsiteContact: false,
  onsiteContactName: '',
  onsiteContactPhone: '',
} as const satisfies Partial<CheckoutFormValues>;

/** The PO number and cost centre fields accept at most this many characters, as the server does. */
export const CORPORATE_FIELD_MAX = 64;

export const extraMessages = {
  amount: 'Please enter the tip in dollars, such as 5.00.',
  // the server's own wording (packages/contracts orders.ts)
  tooLarge: 'The tip is too large.',
  onsitePair: 'Please give both the on-site contact name and phone, or neither.',
} as const;

/** The tip the form asks for, as computeTotals takes it; null for none or an amount not yet valid. */
export function tipOf(values: Pick<CheckoutFormValues, 'tip' | 'tipAmount'>): Tip | null {
  if (values.tip === 'none') return null;
  if (values.tip !== 'amount') return { percent: Number(values.tip) };
  const cents = typedDollarsToCents(values.tipAmount);
  return Number.isNaN(cents) || cents > MAX_TIP_CENTS ? null : { cents };
}

/** A placed order's tip as the form shows it: its percent, else its amount in dollars, else none. */
export function tipFormValues(
  tipPercent: number | null,
  tipCents: number,
): Pick<CheckoutFormValues, 'tip' | 'tipAmount'> {
  if (tipPercent === 10 || tipPercent === 15 || tipPercent === 18)
    return { tip: String(tipPercent) as TipChoice, tipAmount: '' };
  if (tipCents > 0) return { tip: 'amount', tipAmount: (tipCents / 100).toFixed(2) };
  return { tip: 'none', tipAmount: '' };
}

/** A placed order as the edit page's form starts from it: its details, tip, PO number, cost centre and on-site contact. */
export function orderFormValues(order: CateringOrderDetail): CheckoutFormValues {
  const style = order.extraInfo.servingStyle === 'Family Style' ? 'Family Style' : 'Individually Packaged';
  return {
    firstName: order.firstName,
    lastName: order.lastName,
    companyName: order.companyName,
    phoneNumber: order.phoneNumber,
    emailAddress: order.email,
    address: order.deliveryAddress,
    address2: order.deliverySuiteAddress,
    date: order.deliveryDate,
    time: order.deliveryTime,
    notes: order.moreDetail,
    servingStyle: style,
    cutleryNeeded: order.extraInfo.numCutlery > 0,
    cutleryCount: order.extraInfo.numCutlery > 0 ? String(order.extraInfo.numCutlery) : '',
    ...tipFormValues(order.tipPercent, order.totals.tipCents),
    poNumber: order.poNumber,
    costCentre: order.costCentre,
    onsiteContact: order.onsiteContactName !== '' || order.onsiteContactPhone !== '',
    onsiteContactName: order.onsiteContactName,
    onsiteContactPhone: order.onsiteContactPhone,
  };
}

export type CheckoutFormErrors = Partial<Record<keyof CheckoutFormValues, string>>;

export interface ValidationContext {
  receivingMethod: ReceivingMethod;
  /** add-on orders need neither company nor address (ordering-payments §5) */
  isAddOn?: boolean;
  now: Date;
}

/** The cutlery count as a number (0 when empty). */
export const cutleryCountOf = (values: Pick<CheckoutFormValues, 'cutleryNeeded' | 'cutleryCount'>): number =>
  values.cutleryNeeded && /^\d+$/.test(values.cutleryCount) ? Number(values.cutleryCount) : 0;

/** Ticking or unticking 'cutlery needed': unticking is ignored while the count is above 0 (ordering-payments §4). */
export function setCutleryNeeded<T extends Pick<CheckoutFormValues, 'cutleryNeeded' | 'cutleryCount'>>(
  values: T,
  checked: boolean,
): T {
  if (!checked && /^\d+$/.test(values.cutleryCount) && Number(values.cutleryCount) > 0) return values;
  return { ...values, cutleryNeeded: checked };
}

/** The count field accepts digits only (ordering-payments §5) and only while ticked (§4). */
export function setCutleryCount<T extends Pick<CheckoutFormValues, 'cutleryNeeded' | 'cutleryCount'>>(
  values: T,
  typed: string,
): T {
  if (!values.cutleryNeeded) return values;
  return {
    ...values,
    cutleryCount: typed
      .replace(/\D/g, '')
      .replace(/^0+(?=\d)/, '')
      .slice(0, 5),
  };
}

export function validateCheckoutForm(values: CheckoutFormValues, ctx: ValidationContext): CheckoutFormErrors {
  const errors: CheckoutFormErrors = {};
  const required = (key: keyof CheckoutFormValues) => {
    if (isBlank(String(values[key]))) errors[key] = messages.required;
  };
  required('firstName');
  required('lastName');
  required('phoneNumber');
  if (!ctx.isAddOn) required('companyName');
  if (isBlank(values.emailAddress)) errors.emailAddress = messages.required;
  else if (!isValidEmail(values.emailAddress)) errors.emailAddress = messages.invalidEmail;
  if (ctx.receivingMethod === 'delivery' && !ctx.isAddOn) required('address');

  const today = formatIsoDate(ctx.now);
  if (isBlank(values.date)) errors.date = messages.required;
  else if (parseIsoDate(values.date) === null || values.date < today) errors.date = messages.invalidDate;
  else if (pickedDateTooFar(values.date, ctx.now)) errors.date = pickedDateTooFar(values.date, ctx.now)!;
  if (isBlank(values.time)) errors.time = messages.required;
  else if (!errors.date && !availableTimeSlots(values.date, ctx.now).includes(values.time))
    errors.time = messages.invalidTime;

  if (!servingStyles.includes(values.servingStyle)) errors.servingStyle = messages.selectOneOption;
  if (values.cutleryNeeded && values.cutleryCount !== '' && !/^\d+$/.test(values.cutleryCount))
    errors.cutleryCount = messages.nonNegativeInteger;

  if (values.tip === 'amount') {
    const cents = typedDollarsToCents(values.tipAmount);
    if (Number.isNaN(cents)) errors.tipAmount = extraMessages.amount;
    else if (cents > MAX_TIP_CENTS) errors.tipAmount = extraMessages.tooLarge;
  }
  // the server's rule (both or neither), said before sending; its other checks answer 422
  if (ctx.receivingMethod === 'delivery' && !ctx.isAddOn && values.onsiteContact) {
    const name = !isBlank(values.onsiteContactName);
    const phone = !isBlank(values.onsiteContactPhone);
    if (name && !phone) errors.onsiteContactPhone = extraMessages.onsitePair;
    if (phone && !name) errors.onsiteContactName = extraMessages.onsitePair;
  }
  return errors;
}

/** Which field a server message (a 422's messages) is about, by its wording; the rest stay in the list. */
const SERVER_MESSAGE_FIELDS: [RegExp, keyof CheckoutFormValues][] = [
  [/^PO number\b/, 'poNumber'],
  [/^Cost centre\b/, 'costCentre'],
  [/^On-site contact name\b/, 'onsiteContactName'],
  [/^(On-site contact phone\b|Please give both the on-site contact)/, 'onsiteContactPhone'],
  [/^(The tip\b|Choose a tip\b)/, 'tipAmount'],
];

export interface ServerMessages {
  /** under their fields */
  fields: CheckoutFormErrors;
  /** in the page's list */
  rest: string[];
}

/** A 422's messages split: those about a field (shown under it) and the others (shown in the list). */
export function serverFieldErrors(list: string[]): ServerMessages {
  const fields: CheckoutFormErrors = {};
  const rest: string[] = [];
  for (const message of list) {
    const field = SERVER_MESSAGE_FIELDS.find(([pattern]) => pattern.test(message))?.[1];
    if (field && !fields[field]) fields[field] = message;
    else rest.push(message);
  }
  return { fields, rest };
}

export interface PayloadInput {
  values: CheckoutFormValues;
  presetId: number;
  presetName: string;
  presetItems: OrderPayload['preset_items'];
  receivingMethod: ReceivingMethod;
  lat: number | null;
  lng: number | null;
  /** cents: the delivery fee the cart showed (the server refuses it if its own quote differs) */
  deliveryFeeCents?: number;
}

/**
 * The order payload (ordering-payments §3 'Order payload'): delivery sends delivery_* fields and
 * the delivery fee the cart showed, pickup sends pickup_* fields. Times go as HH:mm (§9). Prices
 * are left out: the server reprices, and refuses a delivery fee different from its own quote.
 */
export function buildOrderPayload({
  values,
  presetId,
  presetName,
  presetItems,
  receivingMethod,
  lat,
  lng,
  deliveryFeeCents,
}: PayloadInput): OrderPayload {
  const time = time12To24(values.time) ?? values.time;
  const tip = tipOf(values);
  const base: OrderPayload = {
    preset_id: presetId,
    preset_name: presetName,
    num_cutlery: cutleryCountOf(values),
    serving_style: values.servingStyle,
    preset_items: presetItems,
    receiving_method: receivingMethod,
    first_name: values.firstName.trim(),
    last_name: values.lastName.trim(),
    company_name: values.companyName.trim(),
    phone_number: values.phoneNumber.trim(),
    email: values.emailAddress.trim(),
    po_number: values.poNumber.trim(),
    cost_centre: values.costCentre.trim(),
    // never both: a percent, an amount, or neither (explicitly, so an edit can take a tip away)
    tip_percent: tip && 'percent' in tip ? (tip.percent as 10 | 15 | 18) : null,
    tip_cents: tip && 'cents' in tip ? tip.cents : null,
  };
  if (receivingMethod === 'pickup') {
    return { ...base, pickup_date: values.date, pickup_time: time, pickup_instruction: values.notes };
  }
  return {
    ...base,
    delivery_address: values.address.trim(),
    delivery_suite_address: values.address2.trim(),
    delivery_date: values.date,
    delivery_time: time,
    delivery_instruction: values.notes,
    // a closed 'Someone else will receive the order' sends none (an edit clears an earlier one)
    onsite_contact_name: values.onsiteContact ? values.onsiteContactName.trim() : '',
    onsite_contact_phone: values.onsiteContact ? values.onsiteContactPhone.trim() : '',
    ...(deliveryFeeCents !== undefined ? { delivery_fee: deliveryFeeCents } : {}),
    ...(lat !== null && lng !== null ? { latitude: lat, longitude: lng } : {}),
  };
}

/** A failed save's validation messages (a 422) split by serverFieldErrors; null for any other failure. */
export function validationFailure(error: unknown): ServerMessages | null {
  return isApiError(error) && error.status === 422 && error.messages.length > 0
    ? serverFieldErrors(error.messages)
    : null;
}

/**
 * A 422's refusal of a delivery time, when it carries one (decision 072): why and the earliest
 * time. Read by hand, not with the contract's zod schema: the checkout chunk has no zod.
 */
export function deliveryRefusalOf(error: unknown): DeliveryRefusal | null {
  if (!isApiError(error) || error.status !== 422 || typeof error.body.why !== 'string') return null;
  const e = error.body.earliest_available as Record<string, unknown> | null | undefined;
  const earliest =
    e &&
    typeof e.delivery_date === 'string' &&
    typeof e.delivery_time === 'string' &&
    typeof e.delivery_seconds === 'number' &&
    typeof e.text === 'string' &&
    typeof e.label === 'string'
      ? (e as DeliveryRefusal['earliest_available'])
      : null;
  return { why: error.body.why, earliest_available: earliest };
}
