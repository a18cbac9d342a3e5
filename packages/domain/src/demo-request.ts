import { messages } from './messages.js';
import { isValidEmail } from './validation.js';

// The demo-request form's rules (browse-account-orders §5 'Demo form'), shared by the
// storefront form and the API (which re-validates everything) so both say the same words.
// Plain TypeScript, no zod: the storefront imports this into a small route chunk.

export const numPeopleRanges = ['0-10', '10-25', '25-50', '50-100', '100-150', '150-300', '300+'] as const;
export const orderFrequencies = ['Daily', 'Weekly', 'Monthly', 'Occasionally', 'One Time Event'] as const;
export type NumPeopleRange = (typeof numPeopleRanges)[number];
export type OrderFrequency = (typeof orderFrequencies)[number];

/** Field names as on the wire (snake_case). */
export const demoRequestFields = [
  'name',
  'email',
  'company',
  'phone',
  'num_people_range',
  'order_frequency',
  'message',
  'altcha',
] as const;
export type DemoRequestField = (typeof demoRequestFields)[number];

export type DemoRequestValues = Partial<Record<DemoRequestField, string | undefined>>;

/** Labels for lists of messages ('Name: Please fill in the required field.'). */
export const demoRequestFieldLabels: Record<DemoRequestField, string> = {
  name: 'Name',
  email: 'Email',
  company: 'Company',
  phone: 'Phone',
  num_people_range: 'Number of people',
  order_frequency: 'Order frequency',
  message: 'Message',
  altcha: 'Captcha',
};

/**
 * One spec message per failing field, in form order; {} when all is well. Required: name,
 * email (valid), company, phone, numPeopleRange and orderFrequency from their lists, and the
 * captcha. The captcha is only checked for presence here; the server verifies the proof of work.
 */
export function validateDemoRequest(values: DemoRequestValues): Partial<Record<DemoRequestField, string>> {
  const problems: Partial<Record<DemoRequestField, string>> = {};
  const blank = (v: string | undefined) => v === undefined || v.trim() === '';
  if (blank(values.name)) problems.name = messages.required;
  if (blank(values.email)) problems.email = messages.required;
  else if (!isValidEmail(values.email!)) problems.email = messages.invalidEmail;
  if (blank(values.company)) problems.company = messages.required;
  if (blank(values.phone)) problems.phone = messages.required;
  if (!(numPeopleRanges as readonly string[]).includes(values.num_people_range ?? ''))
    problems.num_people_range = messages.selectOneOption;
  if (!(orderFrequencies as readonly string[]).includes(values.order_frequency ?? ''))
    problems.order_frequency = messages.selectOneOption;
  if (blank(values.altcha)) problems.altcha = messages.verifyHuman;
  return problems;
}
