import { TextField } from '@caterway/ui';
import { digitsOnly, type BankFormErrors, type BankFormValues } from '../card-input';

export interface BankFieldsProps {
  values: BankFormValues;
  errors: BankFormErrors;
  /** Stripe collects the bank numbers in its own dialog; the sandbox needs them here. */
  withBankNumbers: boolean;
  onChange: (next: Partial<BankFormValues>) => void;
}

/** The pre-authorized debit mandate the payer accepts (Payments Canada Rule H1 style wording). */
export const PAD_MANDATE_TEXT =
  'I authorize Caterway and the financial institution named above to debit the bank account above for the amount of each catering order I place, ' +
  'on or after its delivery date (a personal/business PAD). I may revoke this authorization at any time with 10 days notice. ' +
  'I have certain recourse rights if any debit does not comply with this agreement; for more information on my right to cancel ' +
  'a PAD agreement, I may contact my financial institution or visit www.payments.ca. I waive the pre-notification period for each debit.';

/** Billing name and email, the Canadian bank numbers and the PAD mandate (ordering-payments §4 'EFT modal'). */
export function BankFields({ values, errors, withBankNumbers, onChange }: BankFieldsProps) {
  return (
    <div className="bank-fields">
      <div className="form-row">
        <TextField
          label="Account holder name"
          autoComplete="name"
          required
          value={values.billingName}
          error={errors.billingName}
          onChange={(e) => onChange({ billingName: e.target.value })}
        />
        <TextField
          label="Billing email"
          type="email"
          autoComplete="email"
          required
          value={values.billingEmail}
          error={errors.billingEmail}
          onChange={(e) => onChange({ billingEmail: e.target.value })}
        />
      </div>
      {withBankNumbers ? (
        <div className="bank-numbers">
          <TextField
            label="Institution number"
            inputMode="numeric"
            maxLength={3}
            required
            value={values.institutionNumber}
            error={errors.institutionNumber}
            onChange={(e) => onChange({ institutionNumber: digitsOnly(e.target.value).slice(0, 3) })}
          />
          <TextField
            label="Transit number"
            inputMode="numeric"
            maxLength={5}
            required
            value={values.transitNumber}
            error={errors.transitNumber}
            onChange={(e) => onChange({ transitNumber: digitsOnly(e.target.value).slice(0, 5) })}
          />
          <TextField
            label="Account number"
            inputMode="numeric"
            maxLength={12}
            required
            value={values.accountNumber}
            error={errors.accountNumber}
            onChange={(e) => onChange({ accountNumber: digitsOnly(e.target.value).slice(0, 12) })}
          />
        </div>
      ) : null}
      <div className={['mandate', errors.mandateAccepted ? 'field-invalid' : ''].filter(Boolean).join(' ')}>
        {/* a scrolling box (max-height, overflow: auto): focusable so the keyboard can scroll it (WCAG 2.1.1) */}
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard to be read */}
        <p className="mandate-text" id="pad-mandate-text" tabIndex={0}>
          {PAD_MANDATE_TEXT}
        </p>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={values.mandateAccepted}
            aria-describedby="pad-mandate-text"
            aria-invalid={errors.mandateAccepted ? true : undefined}
            onChange={(e) => onChange({ mandateAccepted: e.target.checked })}
          />
          I accept the pre-authorized debit agreement
        </label>
        {errors.mandateAccepted ? <p className="field-error">{errors.mandateAccepted}</p> : null}
      </div>
    </div>
  );
}
