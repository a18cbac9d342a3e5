import { describe, expect, it } from 'vitest';
import { accountMessages, messages } from '@caterway/domain';
import {
  dollarsToCentsInput,
  formToBody,
  profileToForm,
  secondsToTime,
  timeToSeconds,
  validateSettings,
  type AccountProfile,
} from './settings-form';

const profile: AccountProfile = {
  id: 7,
  firstName: 'Priya',
  lastName: 'Raman',
  email: 'priya@example.com',
  confirmed: true,
  role: 'customer',
  adminToken: null,
  phone: '416-555-0142',
  companyName: 'Maple Analytics',
  address1: '100 King St W',
  address2: '',
  city: 'Toronto',
  province: 'ON',
  zip: 'M5X 1A9',
  country: 'CA',
  latitude: 43.6,
  longitude: -79.3,
  aboutMe: '',
  defaultDeliveryInstructions: '',
  favoriteCousineTypes: ['Thai'],
  dietaryTypes: [],
  goName: '',
  goHeadCount: 10,
  goBudgetCents: 2000,
  goGapDays: 1,
  goCutoffTime: 61_200,
  goDeliveryTime: 41_400,
};

describe('settings form', () => {
  it('shows the default group-order times as 5:00 PM and 11:30 AM and the budget in dollars', () => {
    const f = profileToForm(profile);
    expect([f.goCutoffTime, f.goDeliveryTime, f.goBudget]).toEqual(['17:00', '11:30', '20.00']);
  });

  it('converts times of day and dollars both ways', () => {
    expect(timeToSeconds('17:00')).toBe(61_200);
    expect(timeToSeconds('00:00')).toBe(0);
    expect(timeToSeconds('24:00')).toBeNaN();
    expect(timeToSeconds('')).toBeNaN();
    expect(secondsToTime(41_400)).toBe('11:30');
    expect(dollarsToCentsInput('18.5')).toBe(1850);
    expect(dollarsToCentsInput('0')).toBe(0);
    expect(dollarsToCentsInput('1.999')).toBeNaN();
    expect(dollarsToCentsInput('-1')).toBeNaN();
  });

  it('sends times as seconds, the budget in cents, and the password only when typed', () => {
    const body = formToBody({ ...profileToForm(profile), goBudget: '18.50', goCutoffTime: '16:30' }).user;
    expect(body).toMatchObject({
      go_budget_cents: 1850,
      go_cutoff_time: 59_400,
      go_delivery_time: 41_400,
      go_head_count: 10,
      go_gap_days: 1,
    });
    expect(body).not.toHaveProperty('password');
    expect(
      formToBody({
        ...profileToForm(profile),
        password: 'Dinner5Twenty',
        passwordConfirmation: 'Dinner5Twenty',
        currentPassword: 'Lunch4Forty',
      }).user,
    ).toMatchObject({
      password: 'Dinner5Twenty',
      current_password: 'Lunch4Forty',
    });
  });

  it('reports field errors with the API contract messages', () => {
    const f = profileToForm(profile);
    expect(validateSettings(f)).toEqual({});
    expect(validateSettings({ ...f, firstName: ' ', zip: '' })).toEqual({
      firstName: messages.required,
      zip: messages.required,
    });
    const withCurrent = { ...f, currentPassword: 'Lunch4Forty' };
    expect(
      validateSettings({ ...withCurrent, password: 'Dinner5Twenty', passwordConfirmation: 'Dinner5Twentyy' }),
    ).toEqual({ passwordConfirmation: messages.bothPasswordsSame });
    expect(validateSettings({ ...withCurrent, password: 'short', passwordConfirmation: 'short' })).toEqual({
      password: messages.passwordTooShort,
    });
    // no composition rules: a passphrase of words is fine; the current password is required with a new one
    expect(
      validateSettings({
        ...withCurrent,
        password: 'correct horse battery staple',
        passwordConfirmation: 'correct horse battery staple',
      }),
    ).toEqual({});
    expect(
      validateSettings({
        ...f,
        password: 'correct horse battery staple',
        passwordConfirmation: 'correct horse battery staple',
      }),
    ).toEqual({
      currentPassword: messages.currentPasswordRequired,
    });
    // the part of the sign-in email before the @ is a context word
    const local = f.email.split('@')[0]!;
    expect(
      validateSettings({ ...withCurrent, password: `${local}-2026-x`, passwordConfirmation: `${local}-2026-x` }),
    ).toEqual({ password: messages.passwordHasContext });
    expect(validateSettings({ ...f, goGapDays: '0' })).toEqual({ goGapDays: accountMessages.gapDaysMin });
    expect(validateSettings({ ...f, goGapDays: '' })).toEqual({ goGapDays: accountMessages.gapDaysMin });
    expect(validateSettings({ ...f, goHeadCount: 'many', goBudget: 'x', goDeliveryTime: '' })).toEqual({
      goHeadCount: accountMessages.headCountMin,
      goBudget: accountMessages.budgetInvalid,
      goDeliveryTime: accountMessages.timeInvalid,
    });
  });
});
