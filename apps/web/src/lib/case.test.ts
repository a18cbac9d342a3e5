import { describe, expect, it } from 'vitest';
import { camelizeKeys, snakeToCamelKey } from './case';

describe('key conversion', () => {
  it('converts single keys', () => {
    expect(snakeToCamelKey('first_name')).toBe('firstName');
    expect(snakeToCamelKey('reset_password_token')).toBe('resetPasswordToken');
    expect(snakeToCamelKey('go_budget_cents')).toBe('goBudgetCents');
    expect(snakeToCamelKey('alreadyCamel')).toBe('alreadyCamel');
  });
  it('keeps address1 and address2 as they are', () => {
    expect(snakeToCamelKey('address1')).toBe('address1');
    expect(snakeToCamelKey('address2')).toBe('address2');
  });
  it('handles digits sensibly', () => {
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
      menu_items_mapping: { '12': 3 },
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
      menuItemsMapping: { '12': 3 },
    });
  });
  it('passes primitives, null, dates, files and class instances through untouched', () => {
    const date = new Date(0);
    const file = new Blob(['%PDF-1.7'], { type: 'application/pdf' });
    expect(camelizeKeys(null)).toBeNull();
    expect(camelizeKeys(undefined)).toBeUndefined();
    expect(camelizeKeys('some_text')).toBe('some_text');
    expect(camelizeKeys(42)).toBe(42);
    expect(camelizeKeys(file)).toBe(file);
    expect(camelizeKeys<{ whenAt: Date }>({ when_at: date }).whenAt).toBe(date);
  });
});
