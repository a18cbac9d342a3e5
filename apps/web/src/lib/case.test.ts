import { describe, expect, it } from 'vitest';
import { camelToSnakeKey, camelizeKeys, snakeToCamelKey, snakifyKeys } from './case';

describe('key conversion', () => {
  it('converts single keys both ways', () => {
    expect(snakeToCamelKey('first_name')).toBe('firstName');
    expect(snakeToCamelKey('reset_password_token')).toBe('resetPasswordToken');
    expect(snakeToCamelKey('go_budget_cents')).toBe('goBudgetCents');
    expect(camelToSnakeKey('passwordConfirmation')).toBe('password_confirmation');
    expect(camelToSnakeKey('presetId')).toBe('preset_id');
    expect(camelToSnakeKey('already_snake')).toBe('already_snake');
  });
  it('keeps address1 and address2 as they are', () => {
    expect(snakeToCamelKey('address1')).toBe('address1');
    expect(camelToSnakeKey('address1')).toBe('address1');
    expect(camelToSnakeKey('address2')).toBe('address2');
  });
  it('handles digits and acronyms sensibly', () => {
    expect(camelToSnakeKey('line2Text')).toBe('line2_text');
    expect(camelToSnakeKey('pdfURLValue')).toBe('pdf_url_value');
    expect(snakeToCamelKey('line_2')).toBe('line2');
  });
});

describe('deep conversion', () => {
  it('camelizes nested objects and arrays, leaving values alone', () => {
    const wire = {
      user: {
        first_name: 'Ann',
        admin_token: null,
        address1: '1 King St',
        address2: 'Suite 4',
        favorite_cousine_types: ['thai_food'],
      },
      emails: [{ to_address: 'a@b.co', created_at: '2026-11-20T10:00:00Z' }],
    };
    expect(camelizeKeys(wire)).toEqual({
      user: {
        firstName: 'Ann',
        adminToken: null,
        address1: '1 King St',
        address2: 'Suite 4',
        favoriteCousineTypes: ['thai_food'],
      },
      emails: [{ toAddress: 'a@b.co', createdAt: '2026-11-20T10:00:00Z' }],
    });
  });
  it('snakifies a sign-up body as the API expects', () => {
    const body = {
      user: {
        firstName: 'Ann',
        passwordConfirmation: 'x',
        companyName: '',
        address1: '1 King St',
        address2: '',
        latitude: 43.6,
        longitude: -79.4,
      },
    };
    expect(snakifyKeys(body)).toEqual({
      user: {
        first_name: 'Ann',
        password_confirmation: 'x',
        company_name: '',
        address1: '1 King St',
        address2: '',
        latitude: 43.6,
        longitude: -79.4,
      },
    });
  });
  it('round-trips', () => {
    const app = { resetPasswordToken: 't', nested: [{ menuItemsMapping: { '12': 3 } }] };
    expect(camelizeKeys(snakifyKeys(app))).toEqual(app);
  });
  it('passes primitives, null, dates and class instances through untouched', () => {
    const date = new Date(0);
    expect(camelizeKeys(null)).toBeNull();
    expect(camelizeKeys('some_text')).toBe('some_text');
    expect(camelizeKeys(42)).toBe(42);
    const out = snakifyKeys<{ when_at: Date }>({ whenAt: date });
    expect(out.when_at).toBe(date);
  });
});
