import type { StripeCardElement } from '@stripe/stripe-js';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { paymentMessages } from '@caterway/domain';
import { ProviderError, type CardCollector } from './collectors';
import { loadStripeClient } from './stripe-client';

export interface StripeCardFieldsProps {
  publishableKey: string;
  collectorRef: RefObject<CardCollector | null>;
}

/** Stripe's card Element mounted in our form; a lazy chunk, loaded only for provider 'stripe'. */
export default function StripeCardFields({ publishableKey, collectorRef }: StripeCardFieldsProps) {
  const mountPoint = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    let card: StripeCardElement | null = null;
    let cancelled = false;
    loadStripeClient(publishableKey)
      .then((stripe) => {
        if (cancelled || !mountPoint.current) return;
        card = stripe.elements().create('card', { hidePostalCode: true });
        card.mount(mountPoint.current);
        collectorRef.current = {
          async createPaymentMethod() {
            if (!card) return null;
            const { paymentMethod, error } = await stripe.createPaymentMethod({ type: 'card', card });
            if (error) throw new ProviderError(error.message ?? paymentMessages.cardNumberIncorrect);
            return paymentMethod.id;
          },
          // Stripe's one card element holds number, expiry and CVC together: it empties whole
          clearNumber() {
            card?.clear();
            card?.focus();
          },
        };
        setState('ready');
      })
      .catch(() => !cancelled && setState('failed'));
    return () => {
      cancelled = true;
      collectorRef.current = null;
      card?.destroy();
    };
  }, [publishableKey, collectorRef]);

  if (state === 'failed') {
    return (
      <p className="form-alert" role="alert">
        {paymentMessages.stripeNotConfigured}
      </p>
    );
  }
  return (
    <div className="field">
      <span className="field-label">Card details</span>
      <div ref={mountPoint} className="stripe-card-element" aria-busy={state === 'loading'} />
    </div>
  );
}
