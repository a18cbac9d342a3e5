import { describe, expect, it } from 'vitest';
import { numPeopleRanges, orderFrequencies, validateDemoRequest } from './demo-request.js';
import { messages } from './messages.js';

const valid = {
  name: 'Dana Reyes',
  email: 'dana@northwind.ca',
  company: 'Northwind',
  phone: '416-555-0199',
  num_people_range: '25-50',
  order_frequency: 'Weekly',
  altcha: 'eyJ9',
};

describe('validateDemoRequest', () => {
  it('accepts a complete request; message is optional', () => {
    expect(validateDemoRequest(valid)).toEqual({});
    expect(validateDemoRequest({ ...valid, message: 'We are 40 people.' })).toEqual({});
  });

  it('names every missing field with the spec messages', () => {
    expect(validateDemoRequest({})).toEqual({
      name: messages.required,
      email: messages.required,
      company: messages.required,
      phone: messages.required,
      num_people_range: 'Please select one of the options below',
      order_frequency: 'Please select one of the options below',
      altcha: 'Please verify if you are human.',
    });
  });

  it('treats blank text as missing', () => {
    expect(validateDemoRequest({ ...valid, name: '   ' })).toEqual({ name: 'Please fill in the required field.' });
  });

  it('refuses an invalid email', () => {
    expect(validateDemoRequest({ ...valid, email: 'dana@' })).toEqual({ email: 'Invalid email address' });
    expect(validateDemoRequest({ ...valid, email: 'dana northwind.ca' })).toEqual({ email: 'Invalid email address' });
  });

  it('accepts only the spec lists for the two selections', () => {
    expect(numPeopleRanges).toEqual(['0-10', '10-25', '25-50', '50-100', '100-150', '150-300', '300+']);
    expect(orderFrequencies).toEqual(['Daily', 'Weekly', 'Monthly', 'Occasionally', 'One Time Event']);
    expect(validateDemoRequest({ ...valid, num_people_range: '20-30', order_frequency: 'Yearly' })).toEqual({
      num_people_range: messages.selectOneOption,
      order_frequency: messages.selectOneOption,
    });
  });
});
