import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { TextField } from '@caterway/ui';
import { isApiError } from '../../../lib/api-client';
import { sandboxCreateCard } from '../api/sandbox-create-card';
import {
  digitsOnly,
  formatCardNumber,
  formatExpiry,
  parseExpiry,
  validateCardForm,
  type CardFormErrors,
  type CardFormValues,
} from '../card-input';
import { ProviderError, type CardCollector } from '../provider/collectors';

export interface SandboxCardFieldsProps {
  collectorRef: RefObject<CardCollector | null>;
}

const empty: CardFormValues = { number: '', expiry: '', cvc: '', name: '' };

/**
 * The built-in sandbox provider's card form (ordering-payments §4 'Card modal'): number with a
 * Luhn check shown in groups of four, expiry MM/YY, CVC, name on card. The details go to the
 * sandbox's browser-side endpoint, which answers with a payment method id, as Stripe.js would.
 */
export function SandboxCardFields({ collectorRef }: SandboxCardFieldsProps) {
  const [values, setValues] = useState<CardFormValues>(empty);
  const [errors, setErrors] = useState<CardFormErrors>({});
  // the values as last rendered, for the collector the payment modal calls on submit
  const latest = useRef(values);
  const numberInput = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    latest.current = values;
  });

  useEffect(() => {
    collectorRef.current = {
      async createPaymentMethod() {
        const current = latest.current;
        const found = validateCardForm(current, new Date());
        setErrors(found);
        if (Object.keys(found).length > 0) return null;
        const expiry = parseExpiry(current.expiry)!;
        try {
          const card = await sandboxCreateCard({
            number: digitsOnly(current.number),
            expMonth: expiry.month,
            expYear: expiry.year,
            cvc: current.cvc.trim(),
            name: current.name.trim() || undefined,
          });
          return card.id;
        } catch (error) {
          if (isApiError(error) && error.status < 500 && error.serverError) throw new ProviderError(error.serverError);
          throw error;
        }
      },
      clearNumber() {
        setValues((v) => ({ ...v, number: '' }));
        numberInput.current?.focus();
      },
    };
    return () => {
      collectorRef.current = null;
    };
  }, [collectorRef]);

  const set = (key: keyof CardFormValues, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  return (
    <div className="card-fields">
      <TextField
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        required
        ref={numberInput}
        value={values.number}
        error={errors.number}
        onChange={(e) => set('number', formatCardNumber(e.target.value))}
      />
      <div className="form-row">
        <TextField
          label="Expiry (MM/YY)"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          required
          value={values.expiry}
          error={errors.expiry}
          onChange={(e) => set('expiry', formatExpiry(e.target.value))}
        />
        <TextField
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
          required
          value={values.cvc}
          error={errors.cvc}
          onChange={(e) => set('cvc', digitsOnly(e.target.value).slice(0, 4))}
        />
      </div>
      <TextField
        label="Name on card"
        autoComplete="cc-name"
        optional
        value={values.name}
        error={errors.name}
        onChange={(e) => set('name', e.target.value)}
      />
    </div>
  );
}
