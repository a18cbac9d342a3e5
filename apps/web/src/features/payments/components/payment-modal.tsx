import { lazy, Suspense, useId, useRef, useState, type FormEvent } from 'react';
import {
  formatCardExpiry,
  formatCents,
  isCardExpired,
  messages,
  paymentBrandLabel,
  paymentMessages,
} from '@caterway/domain';
import { Button, Modal } from '@caterway/ui';
import { isApiError } from '../../../lib/api-client';
import { notify, TOAST_DURATION } from '../../../stores/notifications';
import { createSetupIntent } from '../api/create-setup-intent';
import { usePaymentConfig } from '../api/get-payment-config';
import { useUserPaymentMethods } from '../api/get-user-payment-methods';
import { sandboxConfirmSetup } from '../api/sandbox-confirm-setup';
import { isBankAccount, type PaymentConfig } from '../api/types';
import { validateBankForm, type BankFormErrors, type BankFormValues } from '../card-input';
import { ProviderError, type CardCollector } from '../provider/collectors';
import { BankFields } from './bank-fields';
import { SandboxCardFields } from './sandbox-card-fields';
import './payments.css';

const StripeCardFields = lazy(() => import('../provider/stripe-card-fields'));

export type PaymentModel = 'card' | 'eft';

/** What the modal hands back: a provider payment method id and whether to keep it. */
export interface PaymentChoice {
  model: PaymentModel;
  paymentMethodId: string;
  /** 'Save this card' / 'Save this bank account'; always true when adding on the payments page */
  save: boolean;
  /** for a new bank account: the confirmed setup intent and its billing details */
  setupIntentId?: string;
  billingName?: string;
  billingEmail?: string;
}

export interface PaymentModalProps {
  /** 'checkout' pays an order (saved cards offered, save is optional); 'save' adds to the account. */
  purpose: 'checkout' | 'save';
  model: PaymentModel;
  /** EFT (acss_debit) only where the restaurant's first chef enables it (ordering-payments §6). */
  eftAllowed: boolean;
  /** Card <-> EFT. At checkout this re-creates the order (the caller closes and reopens the modal). */
  onModelChange: (model: PaymentModel) => void;
  onClose: () => void;
  billing: { name: string; email: string };
  /**
   * Pays or saves; the caller reports its own failures. A ProviderError it throws (a declined
   * card at checkout) keeps the modal open with the reason, the card number emptied.
   */
  onComplete: (choice: PaymentChoice) => Promise<void>;
  /** what paying charges, when the caller knows it: the button says "Pay $1,231.98" instead of "Pay Now" */
  amountCents?: number;
}

const NEW_CARD = 'new';

/**
 * The payment modal (ordering-payments §4 'Card modal', 'EFT modal'). Card: pay with a saved card
 * (the default preselected) or a new one ('add new card' preselected when there is none),
 * optionally saved. EFT: confirm a bank-debit setup, then pay with it and optionally keep it.
 */
export function PaymentModal({
  purpose,
  model,
  eftAllowed,
  onModelChange,
  onClose,
  billing,
  amountCents,
  onComplete,
}: PaymentModalProps) {
  const config = usePaymentConfig();
  const methods = useUserPaymentMethods(purpose === 'checkout');
  const formId = useId();
  const cardCollector = useRef<CardCollector | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [save, setSave] = useState(false);
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [bank, setBank] = useState<BankFormValues>({
    billingName: billing.name,
    billingEmail: billing.email,
    institutionNumber: '',
    transitNumber: '',
    accountNumber: '',
    mandateAccepted: false,
  });
  const [bankErrors, setBankErrors] = useState<BankFormErrors>({});

  const [now] = useState(() => new Date());
  const savedCards = purpose === 'checkout' ? (methods.data ?? []).filter((m) => !isBankAccount(m)) : [];
  const savedLoading = purpose === 'checkout' && methods.isPending;

  // Default card preselected once the cards are in; 'add new card' when there is none
  // (ordering-payments §4). Set while rendering, once: a later choice or refetch keeps it.
  if (selected === null && !savedLoading) {
    const usable = savedCards.filter((c) => !isCardExpired(c.expMonth, c.expYear, now));
    const preferred = usable.find((c) => c.isDefault) ?? usable[0];
    setSelected(preferred ? preferred.paymentMethodId : NEW_CARD);
  }

  const provider: PaymentConfig | undefined = config.data;
  const addingCard = model === 'card' && (purpose === 'save' || selected === NEW_CARD);
  const title =
    purpose === 'save' ? 'Add Payment Method' : model === 'eft' ? 'Pay by Bank Account (EFT)' : 'Pay by Credit Card';

  const reportProviderError = (message: string) => {
    if (purpose === 'save') {
      // ordering-payments §8: 'Card Addition Error!' with the provider message, 4 s for cards, 8 s for bank accounts.
      notify({
        tone: 'error',
        title: paymentMessages.cardAdditionErrorTitle,
        message,
        duration: model === 'eft' ? TOAST_DURATION.long : TOAST_DURATION.default,
      });
    } else if (model === 'eft') {
      // ordering-payments §8: EFT error at checkout: the provider message for 8 s, and the modal closes.
      notify({ tone: 'error', title: 'Error', message, duration: TOAST_DURATION.long });
      onClose();
    } else {
      setFormError(message);
    }
  };

  const confirmBank = async (): Promise<PaymentChoice | null> => {
    const withNumbers = provider?.provider !== 'stripe';
    const found = validateBankForm(
      withNumbers ? bank : { ...bank, institutionNumber: '000', transitNumber: '00000', accountNumber: '0000000' },
    );
    setBankErrors(found);
    if (Object.keys(found).length > 0) return null;
    const intent = await createSetupIntent('acss_debit');
    let paymentMethodId: string;
    if (provider?.provider === 'stripe') {
      const { stripeConfirmAcssSetup } = await import('../provider/stripe-client');
      paymentMethodId = await stripeConfirmAcssSetup(
        provider.publishableKey,
        intent.clientSecret,
        bank.billingName.trim(),
        bank.billingEmail.trim(),
      );
    } else {
      try {
        const confirmed = await sandboxConfirmSetup({
          clientSecret: intent.clientSecret,
          billingName: bank.billingName.trim(),
          billingEmail: bank.billingEmail.trim(),
          institutionNumber: bank.institutionNumber,
          transitNumber: bank.transitNumber,
          accountNumber: bank.accountNumber,
        });
        // a confirmed setup names its method; without one the bank account cannot be used
        if (confirmed.paymentMethodId === null) throw new Error('The bank setup names no payment method');
        paymentMethodId = confirmed.paymentMethodId;
      } catch (error) {
        if (isApiError(error) && error.status < 500 && (error.serverError || error.messages.length > 0))
          throw new ProviderError(error.serverError ?? error.messages.join(', '));
        throw error;
      }
    }
    return {
      model: 'eft',
      paymentMethodId,
      save: purpose === 'save' || save,
      setupIntentId: intent.setupIntentId,
      billingName: bank.billingName.trim(),
      billingEmail: bank.billingEmail.trim(),
    };
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFormError(null);
    setBusy(true);
    try {
      let choice: PaymentChoice | null;
      if (model === 'eft') {
        choice = await confirmBank();
      } else if (!addingCard && selected) {
        choice = { model: 'card', paymentMethodId: selected, save: false };
      } else {
        const collector = cardCollector.current;
        const id = collector ? await collector.createPaymentMethod() : null;
        choice = id ? { model: 'card', paymentMethodId: id, save: purpose === 'save' || save } : null;
      }
      if (choice) await onComplete(choice);
    } catch (error) {
      if (error instanceof ProviderError) {
        reportProviderError(error.message);
        // what was typed stays, but for the number of the card that was refused
        if (addingCard) cardCollector.current?.clearNumber?.();
      } else if (purpose === 'save' || model === 'eft')
        reportProviderError(isApiError(error) && error.serverError ? error.serverError : messages.orderRequestFailed);
      else setFormError(messages.orderRequestFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title={title} onClose={onClose}>
      <form id={formId} className="form payment-form" onSubmit={(event) => void onSubmit(event)} noValidate>
        {eftAllowed || purpose === 'save' ? (
          <fieldset className="segmented payment-tabs">
            <legend className="visually-hidden">Payment type</legend>
            {(['card', 'eft'] as const).map((m) => (
              <label key={m} className={model === m ? 'segmented-on' : undefined}>
                <input
                  type="radio"
                  name={`${formId}-model`}
                  value={m}
                  checked={model === m}
                  disabled={busy}
                  onChange={() => onModelChange(m)}
                />
                {m === 'card' ? 'Credit Card' : 'Bank Account (EFT)'}
              </label>
            ))}
          </fieldset>
        ) : null}

        {model === 'card' && purpose === 'checkout' ? (
          <fieldset className="saved-cards">
            <legend>Pay with</legend>
            {savedLoading ? <p className="muted">Loading saved cards…</p> : null}
            {savedCards.map((card) => {
              const expired = isCardExpired(card.expMonth, card.expYear, now);
              return (
                <label key={card.id} className="saved-card-option">
                  <input
                    type="radio"
                    name={`${formId}-card`}
                    value={card.paymentMethodId}
                    checked={selected === card.paymentMethodId}
                    disabled={expired || busy}
                    onChange={() => setSelected(card.paymentMethodId)}
                  />
                  <span>
                    {paymentBrandLabel(card.brand)} •••• {card.last4} ({formatCardExpiry(card.expMonth, card.expYear)})
                    {card.isDefault ? ' — Default' : ''}
                    {expired ? ' — Expired' : ''}
                  </span>
                </label>
              );
            })}
            {!savedLoading ? (
              <label className="saved-card-option">
                <input
                  type="radio"
                  name={`${formId}-card`}
                  value={NEW_CARD}
                  checked={selected === NEW_CARD}
                  disabled={busy}
                  onChange={() => setSelected(NEW_CARD)}
                />
                <span>Add a new card</span>
              </label>
            ) : null}
          </fieldset>
        ) : null}

        {addingCard ? (
          config.isPending ? (
            <p className="muted">Loading payment form…</p>
          ) : config.isError || !provider ? (
            <p className="form-alert" role="alert">
              {messages.genericFailure}
            </p>
          ) : provider.provider === 'stripe' ? (
            <Suspense fallback={<p className="muted">Loading payment form…</p>}>
              <StripeCardFields publishableKey={provider.publishableKey} collectorRef={cardCollector} />
            </Suspense>
          ) : (
            <SandboxCardFields collectorRef={cardCollector} />
          )
        ) : null}

        {model === 'eft' ? (
          <BankFields
            values={bank}
            errors={bankErrors}
            withBankNumbers={provider?.provider !== 'stripe'}
            onChange={(next) => {
              setBank((b) => ({ ...b, ...next }));
              setBankErrors((e) => {
                const copy = { ...e };
                for (const key of Object.keys(next) as (keyof BankFormValues)[]) delete copy[key];
                return copy;
              });
            }}
          />
        ) : null}

        {purpose === 'checkout' && (addingCard || model === 'eft') ? (
          <label className="checkbox">
            <input type="checkbox" checked={save} disabled={busy} onChange={(e) => setSave(e.target.checked)} />
            {model === 'eft' ? 'Save this bank account' : 'Save this card'}
          </label>
        ) : null}

        {formError ? (
          <p className="form-alert" role="alert">
            {formError}
          </p>
        ) : null}

        <Button
          type="submit"
          block
          busy={busy}
          disabled={selected === null && model === 'card' && purpose === 'checkout'}
        >
          {purpose === 'save'
            ? model === 'eft'
              ? 'Save bank account'
              : 'Save card'
            : amountCents === undefined
              ? 'Pay Now'
              : `Pay ${formatCents(amountCents)}`}
        </Button>
      </form>
    </Modal>
  );
}
