import { useId, useState, type FormEvent, type ReactNode } from 'react';
import {
  messages,
  numPeopleRanges,
  orderFrequencies,
  validateDemoRequest,
  type DemoRequestField,
} from '@caterway/domain';
import { Button, TextField } from '@caterway/ui';
import { isApiError } from '../../../lib/api-client';
import { notify, TOAST_DURATION } from '../../../stores/notifications';
import { demoRequestInput, useCreateDemoRequest, type DemoRequest } from '../api/create-demo-request';
import { AltchaCheckbox } from './altcha-checkbox';
import './demo-form.css';

// The demo-request form (browse-account-orders §5 'Demo form', §8 toasts): the same rules as
// the API (validateDemoRequest), shown under each field; success toast 8 s, failure 4 s.

const empty: DemoRequest = {
  name: '',
  email: '',
  company: '',
  phone: '',
  numPeopleRange: '',
  orderFrequency: '',
  message: '',
  altcha: '',
};

type Errors = Partial<Record<DemoRequestField, string>>;

export function DemoForm() {
  const [values, setValues] = useState<DemoRequest>(empty);
  const [errors, setErrors] = useState<Errors>({});
  const [captchaReset, setCaptchaReset] = useState(0);
  const mutation = useCreateDemoRequest();

  const set = <K extends keyof DemoRequest>(key: K, value: DemoRequest[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problems = validateDemoRequest(demoRequestInput(values));
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      // Focus the first field in error so keyboard and screen-reader users land on it.
      const form = event.currentTarget;
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    mutation.mutate(values, {
      onSuccess: (body) => {
        notify({ tone: 'success', message: body.message, duration: TOAST_DURATION.long });
        setValues(empty);
        setErrors({});
        setCaptchaReset((n) => n + 1);
      },
      onError: (error) => {
        // A refused captcha (expired, used) needs a fresh one; other 422s name the field.
        if (isApiError(error) && error.status === 422 && error.messages.includes(messages.verifyHuman)) {
          setErrors({ altcha: messages.verifyHuman });
          setCaptchaReset((n) => n + 1);
          return;
        }
        notify({ tone: 'error', message: messages.genericFailure, duration: TOAST_DURATION.default });
      },
    });
  }

  return (
    <form className="demo-form" noValidate onSubmit={onSubmit} aria-label="Request a demo">
      <div className="demo-form-grid">
        <TextField
          label="Name"
          name="name"
          autoComplete="name"
          required
          value={values.name}
          error={errors.name}
          onChange={(e) => set('name', e.target.value)}
        />
        <TextField
          label="Work email"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={values.email}
          error={errors.email}
          onChange={(e) => set('email', e.target.value)}
        />
        <TextField
          label="Company"
          name="company"
          autoComplete="organization"
          required
          value={values.company}
          error={errors.company}
          onChange={(e) => set('company', e.target.value)}
        />
        <TextField
          label="Phone"
          name="phone"
          type="tel"
          autoComplete="tel"
          required
          value={values.phone}
          error={errors.phone}
          onChange={(e) => set('phone', e.target.value)}
        />
        <SelectField
          label="How many people do you order for?"
          name="numPeopleRange"
          value={values.numPeopleRange}
          error={errors.num_people_range}
          onChange={(v) => set('numPeopleRange', v as DemoRequest['numPeopleRange'])}
        >
          {numPeopleRanges.map((range) => (
            <option key={range} value={range}>
              {range} people
            </option>
          ))}
        </SelectField>
        <SelectField
          label="How often do you order?"
          name="orderFrequency"
          value={values.orderFrequency}
          error={errors.order_frequency}
          onChange={(v) => set('orderFrequency', v as DemoRequest['orderFrequency'])}
        >
          {orderFrequencies.map((frequency) => (
            <option key={frequency} value={frequency}>
              {frequency}
            </option>
          ))}
        </SelectField>
      </div>
      <MessageField value={values.message} onChange={(v) => set('message', v)} />
      <AltchaCheckbox
        resetKey={captchaReset}
        error={errors.altcha}
        onChange={(payload) => set('altcha', payload ?? '')}
      />
      <Button type="submit" busy={mutation.isPending} className="demo-submit">
        Request a demo
      </Button>
    </form>
  );
}

function SelectField({
  label,
  name,
  value,
  error,
  onChange,
  children,
}: {
  label: string;
  name: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={['field', error ? 'field-invalid' : ''].filter(Boolean).join(' ')}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        value={value}
        aria-required="true"
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">Select…</option>
        {children}
      </select>
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function MessageField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>
        Anything we should know?<span className="field-optional"> (optional)</span>
      </label>
      <textarea
        id={id}
        name="message"
        rows={4}
        maxLength={5000}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
