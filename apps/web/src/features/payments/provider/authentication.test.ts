import { describe, expect, it, vi } from 'vitest';
import { authenticatePayment, showsOwnChallenge } from './authentication';

describe('3-D Secure in the browser', () => {
  it('with Stripe: handleNextAction with the publishable key and the client secret, nothing sent to the sandbox', async () => {
    const steps = { stripe: vi.fn(() => Promise.resolve(undefined)), sandbox: vi.fn(() => Promise.resolve(undefined)) };
    await authenticatePayment({ provider: 'stripe', publishableKey: 'pk_test_1' }, 'pi_1_secret_2', 'complete', steps);
    expect(steps.stripe).toHaveBeenCalledWith('pk_test_1', 'pi_1_secret_2');
    expect(steps.sandbox).not.toHaveBeenCalled();
    expect(showsOwnChallenge({ provider: 'stripe', publishableKey: 'pk' })).toBe(true);
  });

  it('with the sandbox: the customer\u2019s outcome goes to the sandbox provider', async () => {
    const steps = { stripe: vi.fn(() => Promise.resolve(undefined)), sandbox: vi.fn(() => Promise.resolve({})) };
    await authenticatePayment({ provider: 'sandbox', publishableKey: 'sandbox' }, 'pi_9_secret_8', 'fail', steps);
    expect(steps.sandbox).toHaveBeenCalledWith('pi_9_secret_8', 'fail');
    expect(steps.stripe).not.toHaveBeenCalled();
    expect(showsOwnChallenge({ provider: 'sandbox', publishableKey: 'sandbox' })).toBe(false);
    expect(showsOwnChallenge(undefined)).toBe(false);
  });
});
