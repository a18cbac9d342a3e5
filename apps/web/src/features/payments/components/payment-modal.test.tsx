// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  createSetupIntentBodySchema,
  paymentConfigResponseSchema,
  sandboxConfirmSetupBodySchema,
  sandboxCreateCardBodySchema,
  sandboxPaymentMethodResponseSchema,
  sandboxSetupIntentResponseSchema,
  setupIntentResponseSchema,
  userPaymentMethodsResponseSchema,
} from '@caterway/contracts';
import { contractBody, contractJson, errorAnswer, setupContractServer } from '@caterway/contracts/testing';
import { messages } from '@caterway/domain';
import { ProviderError } from '../../../lib/provider-error';
import { describedText, renderPage, signIn } from '../../../test/render';
import { PaymentModal, type PaymentChoice, type PaymentModel } from './payment-modal';

// The payment modal (ordering-payments §4 'Card modal', 'EFT modal') against the sandbox provider:
// saved cards with the default preselected, a new card checked in the browser before it goes to
// the provider, the bank-debit setup with its mandate, and the keyboard (Escape closes, Tab stays inside).

const card = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  name: 'Dana Park',
  payment_method_id: `pm_${id}`,
  is_default: false,
  payment_type: 'card' as const,
  brand: 'Visa',
  last4: String(4000 + id),
  exp_month: 12,
  exp_year: 2099,
  description: '',
  ...over,
});

let savedCards = [card(1), card(2, { is_default: true }), card(3, { exp_year: 2020, exp_month: 1 })];
const created: unknown[] = [];
setupContractServer(
  http.get('/api/v2/payments/config', () =>
    contractJson(paymentConfigResponseSchema, { provider: 'sandbox', publishable_key: '' }),
  ),
  http.get('/api/v2/user_payment_methods', () =>
    contractJson(userPaymentMethodsResponseSchema, { payment_methods: savedCards }),
  ),
  http.post('/api/v2/sandbox/payment_methods', async ({ request }) => {
    const body = await contractBody(request, sandboxCreateCardBodySchema);
    created.push(body);
    if (body.number === '4000000000000002') return errorAnswer(402, 'Your card was declined.');
    return contractJson(sandboxPaymentMethodResponseSchema, {
      payment_method: {
        id: 'pm_new',
        brand: 'Visa',
        last4: body.number.slice(-4),
        exp_month: body.exp_month,
        exp_year: body.exp_year,
      },
    });
  }),
  http.post('/api/v2/payment_methods/create_setup_intent', async ({ request }) => {
    await contractBody(request, createSetupIntentBodySchema);
    return contractJson(setupIntentResponseSchema, { setup_intent_id: 'seti_1', client_secret: 'seti_1_secret' });
  }),
  http.post('/api/v2/sandbox/setup_intents/confirm', async ({ request }) => {
    const body = await contractBody(request, sandboxConfirmSetupBodySchema);
    created.push(body);
    return contractJson(sandboxSetupIntentResponseSchema, {
      setup_intent: { id: 'seti_1', status: 'succeeded', payment_method_id: 'pm_bank' },
    });
  }),
);

function renderModal(
  props: { eftAllowed?: boolean; model?: PaymentModel; purpose?: 'checkout' | 'save'; amountCents?: number } = {},
) {
  signIn();
  created.length = 0;
  const onComplete = vi.fn<(choice: PaymentChoice) => Promise<void>>(() => Promise.resolve());
  const onClose = vi.fn();
  function Harness() {
    const [model, setModel] = useState<PaymentModel>(props.model ?? 'card');
    return (
      <PaymentModal
        purpose={props.purpose ?? 'checkout'}
        model={model}
        eftAllowed={props.eftAllowed ?? false}
        onModelChange={setModel}
        {...(props.amountCents === undefined ? {} : { amountCents: props.amountCents })}
        onClose={onClose}
        billing={{ name: 'Dana Park', email: 'dana@example.com' }}
        onComplete={onComplete}
      />
    );
  }
  renderPage(<Harness />, { at: '/checkout' });
  return { onComplete, onClose };
}
const dialog = () => screen.getByRole('dialog', { name: 'Pay by Credit Card' });

describe('the card payment modal', () => {
  it('says what paying charges when the checkout knows it', async () => {
    savedCards = [card(1, { is_default: true })];
    const user = userEvent.setup();
    const { onComplete } = renderModal({ amountCents: 123_198 });
    await within(await screen.findByRole('group', { name: 'Pay with' })).findByRole('radio', { name: /4001/ });
    expect(screen.queryByRole('button', { name: 'Pay Now' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Pay $1,231.98' }));
    await waitFor(() =>
      expect(onComplete).toHaveBeenCalledWith({ model: 'card', paymentMethodId: 'pm_1', save: false }),
    );
  });

  it('preselects the default saved card, shows expired cards disabled, and pays with the chosen card', async () => {
    savedCards = [card(1), card(2, { is_default: true }), card(3, { exp_year: 2020, exp_month: 1 })];
    const user = userEvent.setup();
    const { onComplete } = renderModal();
    const options = within(await screen.findByRole('group', { name: 'Pay with' }));
    const defaultCard = await options.findByRole('radio', { name: /4002 .*Default/ });
    expect((defaultCard as HTMLInputElement).checked).toBe(true);
    expect(options.getByRole<HTMLInputElement>('radio', { name: /4003 .*Expired/ }).disabled).toBe(true);
    await user.click(options.getByRole('radio', { name: /4001/ }));
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    await waitFor(() =>
      expect(onComplete).toHaveBeenCalledWith({ model: 'card', paymentMethodId: 'pm_1', save: false }),
    );
  });

  it('offers a new card when none is saved, checks it before the provider sees it, with the messages of the spec', async () => {
    savedCards = [];
    const user = userEvent.setup();
    const { onComplete } = renderModal();
    const newCard = await screen.findByRole('radio', { name: 'Add a new card' });
    expect((newCard as HTMLInputElement).checked).toBe(true);
    const number = await screen.findByLabelText('Card number');
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(describedText(number)).toBe(messages.required);
    expect(describedText(screen.getByLabelText('Expiry (MM/YY)'))).toBe(messages.required);
    expect(describedText(screen.getByLabelText('CVC'))).toBe(messages.required);

    await user.type(number, '4242424242424241');
    await user.type(screen.getByLabelText('Expiry (MM/YY)'), '0120');
    await user.type(screen.getByLabelText('CVC'), '12');
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(describedText(number)).toBe('Your card number is incorrect.');
    expect(describedText(screen.getByLabelText('Expiry (MM/YY)'))).toBe('Your card has expired.');
    expect(describedText(screen.getByLabelText('CVC'))).toBe('Your card\u2019s security code is invalid.');
    expect(created).toHaveLength(0);
    expect(onComplete).not.toHaveBeenCalled();
  });

  it('tokenises a valid new card with the provider and hands back its id with Save this card', async () => {
    savedCards = [];
    const user = userEvent.setup();
    const { onComplete } = renderModal();
    const number = await screen.findByLabelText('Card number');
    await user.type(number, '4242424242424242');
    expect((number as HTMLInputElement).value).toBe('4242 4242 4242 4242');
    await user.type(screen.getByLabelText('Expiry (MM/YY)'), '1230');
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.click(screen.getByRole('checkbox', { name: 'Save this card' }));
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    await waitFor(() =>
      expect(onComplete).toHaveBeenCalledWith({ model: 'card', paymentMethodId: 'pm_new', save: true }),
    );
    expect(created).toEqual([{ number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' }]);
  });

  it("shows the provider's decline in the modal", async () => {
    savedCards = [];
    const user = userEvent.setup();
    const { onComplete } = renderModal();
    await user.type(await screen.findByLabelText('Card number'), '4000000000000002');
    await user.type(screen.getByLabelText('Expiry (MM/YY)'), '1230');
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect((await within(dialog()).findByRole('alert')).textContent).toBe('Your card was declined.');
    expect(onComplete).not.toHaveBeenCalled();
  });

  it('keeps the form open after the bank declines the payment, with the reason, emptying only the card number', async () => {
    savedCards = [];
    const user = userEvent.setup();
    const { onComplete, onClose } = renderModal({ amountCents: 123_198 });
    // the card is tokenised, then the payment itself is declined (the checkout throws the reason back)
    onComplete.mockImplementationOnce(() => Promise.reject(new ProviderError('Your card has insufficient funds.')));
    const number = await screen.findByLabelText('Card number');
    await user.type(number, '4000000000009995');
    await user.type(screen.getByLabelText('Expiry (MM/YY)'), '1230');
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.type(screen.getByLabelText(/Name on card/), 'Dana Park');
    await user.click(screen.getByRole('button', { name: 'Pay $1,231.98' }));
    expect((await within(dialog()).findByRole('alert')).textContent).toBe('Your card has insufficient funds.');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByLabelText<HTMLInputElement>('Card number').value).toBe('');
    expect(document.activeElement).toBe(screen.getByLabelText('Card number'));
    expect(screen.getByLabelText<HTMLInputElement>('Expiry (MM/YY)').value).toBe('12/30');
    expect(screen.getByLabelText<HTMLInputElement>('CVC').value).toBe('123');
    expect(screen.getByLabelText<HTMLInputElement>(/Name on card/).value).toBe('Dana Park');
    // another card then pays
    await user.type(screen.getByLabelText('Card number'), '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Pay $1,231.98' }));
    await waitFor(() => expect(onComplete).toHaveBeenCalledTimes(2));
  });

  it('closes on Escape and with the Close button, and keeps Tab inside the dialog', async () => {
    savedCards = [card(2, { is_default: true })];
    const user = userEvent.setup();
    const { onClose } = renderModal();
    await screen.findByRole('radio', { name: /4002/ });
    const close = within(dialog()).getByRole('button', { name: 'Close' });
    // Tab from the last control wraps to the first
    screen.getByRole('button', { name: 'Pay Now' }).focus();
    await user.tab();
    expect(document.activeElement).toBe(close);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Pay Now' }));
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    close.focus();
    await user.keyboard('{Enter}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('shows no card/EFT choice where the restaurant does not allow EFT', async () => {
    savedCards = [];
    renderModal({ eftAllowed: false });
    await screen.findByLabelText('Card number');
    expect(screen.queryByRole('radio', { name: 'Bank Account (EFT)' })).toBeNull();
  });
});

describe('the EFT payment modal', () => {
  it('switches from card with the keyboard and asks for the bank numbers and the mandate, with the messages of the spec', async () => {
    savedCards = [];
    const user = userEvent.setup();
    const { onComplete } = renderModal({ eftAllowed: true });
    const eft = await screen.findByRole('radio', { name: 'Bank Account (EFT)' });
    await user.click(screen.getByRole('radio', { name: 'Credit Card' }));
    await user.keyboard('{ArrowRight}');
    expect((eft as HTMLInputElement).checked).toBe(true);
    const dlg = await screen.findByRole('dialog', { name: 'Pay by Bank Account (EFT)' });
    expect(within(dlg).getByLabelText<HTMLInputElement>('Account holder name').value).toBe('Dana Park');
    await user.type(within(dlg).getByLabelText('Institution number'), '12');
    await user.click(within(dlg).getByRole('button', { name: 'Pay Now' }));
    expect(describedText(within(dlg).getByLabelText('Institution number'))).toBe('Institution number is 3 digits.');
    expect(describedText(within(dlg).getByLabelText('Transit number'))).toBe('Transit number is 5 digits.');
    expect(describedText(within(dlg).getByLabelText('Account number'))).toBe('Account number is 7 to 12 digits.');
    within(dlg).getByText('Please accept the pre-authorized debit agreement to continue.');
    expect(onComplete).not.toHaveBeenCalled();
  });

  it('confirms the bank-debit setup with the provider and pays with it', async () => {
    savedCards = [];
    const user = userEvent.setup();
    const { onComplete } = renderModal({ eftAllowed: true, model: 'eft' });
    const dlg = await screen.findByRole('dialog', { name: 'Pay by Bank Account (EFT)' });
    await user.type(within(dlg).getByLabelText('Institution number'), '001');
    await user.type(within(dlg).getByLabelText('Transit number'), '12345');
    await user.type(within(dlg).getByLabelText('Account number'), '1234567');
    // space toggles the mandate checkbox
    within(dlg).getByRole('checkbox', { name: 'I accept the pre-authorized debit agreement' }).focus();
    await user.keyboard(' ');
    await user.click(within(dlg).getByRole('button', { name: 'Pay Now' }));
    await waitFor(() =>
      expect(onComplete).toHaveBeenCalledWith({
        model: 'eft',
        paymentMethodId: 'pm_bank',
        save: false,
        setupIntentId: 'seti_1',
        billingName: 'Dana Park',
        billingEmail: 'dana@example.com',
      }),
    );
    expect(created).toEqual([
      {
        client_secret: 'seti_1_secret',
        billing_name: 'Dana Park',
        billing_email: 'dana@example.com',
        institution_number: '001',
        transit_number: '12345',
        account_number: '1234567',
      },
    ]);
  });
});
