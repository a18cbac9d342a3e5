import { z } from 'zod';
import { isSaneCalendarDate, messages } from '@caterway/domain';
import { earliestAvailableSchema } from './delivery-refusal.js';

/** Single failure: { error: "message" } (spec: browse-account-orders §8). */
export const errorBodySchema = z.object({ error: z.string() }).meta({ id: 'ErrorBody' });
/**
 * Validation failure: { messages: [...] } with error holding them joined by commas. A refused
 * delivery time adds why and earliest_available (delivery-refusal.ts, decision 072).
 */
export const messagesBodySchema = z
  .object({
    error: z.string(),
    messages: z.array(z.string()),
    why: z.string().optional(),
    earliest_available: earliestAvailableSchema.nullable().optional(),
  })
  .meta({ id: 'MessagesBody' });
export type ErrorBody = z.infer<typeof errorBodySchema>;
export type MessagesBody = z.infer<typeof messagesBodySchema>;

/** An email address: required (empty says so), then valid; stored lower-case. */
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, messages.required)
  .max(254)
  .pipe(z.email(messages.invalidEmail));

export const okBodySchema = z.object({ message: z.string() });
export type OkBody = z.infer<typeof okBodySchema>;

export const idParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** Standard error responses to list in route schemas. */
export const errorResponses = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  422: messagesBodySchema,
  429: errorBodySchema,
} as const;

/** A 200 answer that is a file, documented under its own content type (not JSON). */
export function fileResponse(contentType: string, description: string) {
  return { description, content: { [contentType]: { schema: z.string().meta({ format: 'binary' }) } } };
}

/** The answers of a PDF route: the file, the usual errors, 503 (PDF queue full, Retry-After) and 500 (a document that cannot be drawn). */
export function pdfResponses(description: string) {
  return {
    200: fileResponse('application/pdf', description),
    ...errorResponses,
    500: errorBodySchema,
    503: errorBodySchema,
  };
}

/**
 * A 'yyyy-MM-dd' date that is a real calendar day in a sane range (2000-01-01 to 2099-12-31):
 * year 0 or 2026-02-30 answer 422 with the message, never reach the database (issue 15).
 */
export const calendarDateSchema = (message: string) => z.string().trim().refine(isSaneCalendarDate, message);

// ---- what corporate buyers fill in (issue 17 part 3): optional, trimmed, empty when not given
// the control characters are the point of this pattern (it becomes the OpenAPI `pattern` too)
// eslint-disable-next-line no-control-regex -- refusing C0 controls and DEL is what this pattern is for
const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001f\u007f]*$/;
const corporateText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .regex(NO_CONTROL_CHARACTERS, `${label} cannot contain control characters.`);

/**
 * po_number and cost_centre: at most 64 characters each (checkout, edits, add-ons, group orders).
 * A rewrite that leaves one out (checkout submit, edit, group-order details) keeps the stored
 * value, '' clears it; an add-on without them takes its parent order's.
 */
export const corporateFields = {
  po_number: corporateText('PO number', 64).optional(),
  cost_centre: corporateText('Cost centre', 64).optional(),
};

/**
 * The person receiving the food when it is not the orderer: a name and a phone, both or neither
 * (kept on a rewrite that leaves both out). An add-on is delivered with its parent: the parent's.
 */
export const onsiteContactFields = {
  onsite_contact_name: corporateText('On-site contact name', 80).optional(),
  onsite_contact_phone: corporateText('On-site contact phone', 40)
    .regex(/^$|^[+]?[\d\s().-]{7,40}$/, 'On-site contact phone must be a phone number.')
    .optional(),
};
