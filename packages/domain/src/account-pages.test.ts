import { describe, expect, it } from 'vitest';
import {
  accountMessages,
  accountSettingsProblems,
  reportFiltersProblem,
  reportMessages,
  reportQuery,
} from './account-pages.js';
import { messages } from './messages.js';

describe('report filters (ordering-payments §5 Reports)', () => {
  it('sends nothing without both dates or a vendor name; nothing at all is the unfiltered list', () => {
    expect(reportFiltersProblem({})).toBeNull();
    expect(reportFiltersProblem({ startDate: ' ', endDate: '', company: '' })).toBeNull();
    expect(reportFiltersProblem({ startDate: '2026-03-01' })).toBe(reportMessages.needBothDatesOrVendor);
    expect(reportFiltersProblem({ endDate: '2026-03-01' })).toBe(reportMessages.needBothDatesOrVendor);
    expect(reportFiltersProblem({ startDate: '2026-03-01', endDate: '2026-03-31' })).toBeNull();
    expect(reportFiltersProblem({ company: 'sushi' })).toBeNull();
    expect(reportFiltersProblem({ company: 'sushi', startDate: '2026-03-01' })).toBeNull();
    expect(reportFiltersProblem({ startDate: '2026-03-31', endDate: '2026-03-01' })).toBe(reportMessages.startAfterEnd);
  });

  it('omits empty values and trims the rest', () => {
    expect(reportQuery({ page: 2, startDate: '', endDate: ' ', company: ' Sushi ' })).toEqual({
      page: 2,
      company: 'Sushi',
    });
  });
});

describe('account settings (browse-account-orders §5)', () => {
  const ok = {
    firstName: 'Priya',
    lastName: 'Raman',
    companyName: 'Maple',
    city: 'Toronto',
    address1: '1 King St',
    phone: '416',
    zip: 'M5X',
  };

  it('accepts a complete profile and leaves optional parts out', () => {
    expect(accountSettingsProblems(ok)).toEqual({});
    expect(
      accountSettingsProblems({
        ...ok,
        password: '',
        goGapDays: 1,
        goCutoffTime: 0,
        goDeliveryTime: 86_399,
        goBudgetCents: 0,
        goHeadCount: 1,
      }),
    ).toEqual({});
  });

  it('requires the spec fields', () => {
    expect(accountSettingsProblems({ ...ok, firstName: ' ', zip: '' })).toEqual({
      firstName: messages.required,
      zip: messages.required,
    });
  });

  it('checks an optional new password and its confirmation', () => {
    const current = { ...ok, currentPassword: 'Lunch4Forty' };
    expect(accountSettingsProblems({ ...current, password: 'Dinner5Twenty', passwordConfirmation: 'Dinner5' })).toEqual(
      { passwordConfirmation: messages.bothPasswordsSame },
    );
    expect(accountSettingsProblems({ ...current, password: 'abc', passwordConfirmation: 'abc' })).toEqual({
      password: messages.passwordTooShort,
    });
  });

  it('needs the current password with a new one, and no letter-and-number rule', () => {
    const passphrase = {
      password: 'correct horse battery staple',
      passwordConfirmation: 'correct horse battery staple',
    };
    expect(accountSettingsProblems({ ...ok, ...passphrase })).toEqual({
      currentPassword: messages.currentPasswordRequired,
    });
    expect(accountSettingsProblems({ ...ok, ...passphrase, currentPassword: 'Lunch4Forty' })).toEqual({});
    expect(accountSettingsProblems({ ...ok, currentPassword: 'typed but no new one' })).toEqual({});
    expect(
      accountSettingsProblems({
        ...ok,
        email: 'samira.k@example.com',
        currentPassword: 'x',
        password: 'samira.k rocks',
        passwordConfirmation: 'samira.k rocks',
      }),
    ).toEqual({
      password: messages.passwordHasContext,
    });
  });

  it('keeps gap days at 1 or more and the other group-order defaults sane', () => {
    expect(
      accountSettingsProblems({
        ...ok,
        goGapDays: 0,
        goHeadCount: 0,
        goBudgetCents: -5,
        goCutoffTime: 4_102_444_800,
        goDeliveryTime: Number.NaN,
      }),
    ).toEqual({
      goGapDays: accountMessages.gapDaysMin,
      goHeadCount: accountMessages.headCountMin,
      goBudgetCents: accountMessages.budgetInvalid,
      goCutoffTime: accountMessages.timeInvalid,
      goDeliveryTime: accountMessages.timeInvalid,
    });
  });
});
