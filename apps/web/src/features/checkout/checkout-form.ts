import type { OrderPayload } from '@caterway/contracts';
import { availableTimeSlots, formatIsoDate, isBlank, isValidEmail, messages, parseIsoDate, pickedDateTooFar, time12To24 } from '@caterway/domain';

// The checkout form's values and rules (ordering-payments §3 'Checkout/edit form values', §4
// Cutlery, §5 'Checkout and order edit'), pure so they are unit tested.

export const servingStyles = ['Individually Packaged', 'Family Style'] as const;
export type ServingStyle = (typeof servingStyles)[number];
export type ReceivingMethod = 'delivery' | 'pickup';

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
export function setCutleryNeeded<T extends Pick<CheckoutFormValues, 'cutleryNeeded' | 'cutleryCount'>>(values: T, checked: boolean): T {
  if (!checked && /^\d+$/.test(values.cutleryCount) && Number(values.cutleryCount) > 0) return values;
  return { ...values, cutleryNeeded: checked };
}

/** The count field accepts digits only (ordering-payments §5) and only while ticked (§4). */
export function setCutleryCount<T extends Pick<CheckoutFormValues, 'cutleryNeeded' | 'cutleryCount'>>(values: T, typed: string): T {
  if (!values.cutleryNeeded) return values;
  return { ...values, cutleryCount: typed.replace(/\D/g, '').replace(/^0+(?=\d)/, '').slice(0, 5) };
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
  else if (!errors.date && !availableTimeSlots(values.date, ctx.now).includes(values.time)) errors.time = messages.invalidTime;

  if (!servingStyles.includes(values.servingStyle)) errors.servingStyle = messages.selectOneOption;
  if (values.cutleryNeeded && values.cutleryCount !== '' && !/^\d+$/.test(values.cutleryCount)) errors.cutleryCount = messages.nonNegativeInteger;
  return errors;
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
export function buildOrderPayload({ values, presetId, presetName, presetItems, receivingMethod, lat, lng, deliveryFeeCents }: PayloadInput): OrderPayload {
  const time = time12To24(values.time) ?? values.time;
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
    ...(deliveryFeeCents !== undefined ? { delivery_fee: deliveryFeeCents } : {}),
    ...(lat !== null && lng !== null ? { latitude: lat, longitude: lng } : {}),
  };
}
