import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validationMessages } from './error-handler.js';

// Build issues the way fastify-type-provider-zod hands them to the error handler.
function issuesOf(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected a failure');
  return result.error.issues.map((issue) => ({ message: issue.message, params: { issue: issue as never } }));
}

describe('validationMessages', () => {
  const schema = z.object({
    first_name: z.string().min(1, 'Please fill in the required field.'),
    email: z.email('Invalid email address'),
    head_count: z.number(),
  });

  it('keeps spec messages, names the field for generic ones, and reports missing fields as required', () => {
    const list = validationMessages(issuesOf(schema, { first_name: '', email: 'nope', head_count: 'ten' }));
    expect(list).toEqual(['First name: Please fill in the required field.', 'Invalid email address', 'Head count: has an invalid value']);
    expect(validationMessages(issuesOf(schema, { email: 'a@b.co', head_count: 1 }))).toEqual([
      'First name: Please fill in the required field.',
    ]);
  });
});
