import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validationMessages, type ValidationIssue } from './error-handler.js';

// Build issues the way fastify-type-provider-zod hands them to the error handler (its createValidationError).
function issuesOf(schema: z.ZodType, input: unknown): ValidationIssue[] {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected a failure');
  return result.error.issues.map((issue) => ({
    keyword: issue.code,
    instancePath: `/${issue.path.join('/')}`,
    message: issue.message,
  }));
}

describe('validationMessages', () => {
  const schema = z.object({
    first_name: z.string().min(1, 'Please fill in the required field.'),
    email: z.email('Invalid email address'),
    head_count: z.number(),
    items: z.array(z.object({ quantity: z.number().int() })).optional(),
    style: z.enum(['Family Style', 'Individually Packaged']).optional(),
  });
  const messages = (input: unknown) => validationMessages(issuesOf(schema, input), input);

  it('keeps spec messages and names the field for a wrong type', () => {
    expect(messages({ first_name: '', email: 'nope', head_count: 'ten' })).toEqual([
      'First name: Please fill in the required field.',
      'Invalid email address',
      'Head count: has an invalid value',
    ]);
  });

  it('answers a missing, null or blank field as required, inside arrays too', () => {
    expect(messages({ email: 'a@b.co', head_count: null })).toEqual([
      'First name: Please fill in the required field.',
      'Head count: Please fill in the required field.',
    ]);
    expect(messages({ first_name: 'A', email: 'a@b.co', head_count: 1, items: [{}], style: ' ' })).toEqual([
      'Quantity: Please fill in the required field.',
      'Style: Please fill in the required field.',
    ]);
  });

  it('names the field of a value outside the allowed ones', () => {
    expect(
      messages({ first_name: 'A', email: 'a@b.co', head_count: 1, items: [{ quantity: 'x' }], style: 'Buffet' }),
    ).toEqual(['Quantity: has an invalid value', 'Style: has an invalid value']);
  });
});
