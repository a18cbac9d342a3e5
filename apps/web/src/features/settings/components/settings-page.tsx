import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { accountMessages, messages } from '@caterway/domain';
import { Button, TextField } from '@caterway/ui';
import { isApiError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../stores/notifications';
import { useCurrentProfile } from '../api/get-current-profile';
import { useProfileChoices } from '../api/get-profile-choices';
import { useUpdateAccount } from '../api/update-account';
import {
  formToBody,
  profileToForm,
  validateSettings,
  type AccountProfile,
  type SettingsField,
  type SettingsForm,
} from '../settings-form';
import './settings.css';

export interface SettingsPageProps {
  /** called with the saved profile (the session keeps the user's name for the greeting) */
  onSaved?: (profile: AccountProfile) => void;
}

/** /settings: account settings (browse-account-orders §3 User / account, §5, §7, §8). */
export function SettingsPage({ onSaved }: SettingsPageProps) {
  const profile = useCurrentProfile();
  const choices = useProfileChoices();
  const loadFailed = profile.isError || choices.isError;

  useEffect(() => {
    if (loadFailed) notifyError(messages.genericFailure);
  }, [loadFailed]);

  return (
    <section className="page settings-page" aria-labelledby="settings-title">
      <h1 id="settings-title">Account Details</h1>
      {loadFailed ? (
        <p className="form-alert" role="alert">
          {messages.genericFailure}
        </p>
      ) : profile.data && choices.data ? (
        <SettingsFormView
          key={profile.data.id}
          profile={profile.data}
          cuisines={choices.data.cuisines}
          dietaryTypes={choices.data.dietaryTypes}
          onSaved={onSaved}
        />
      ) : (
        <div className="settings-loading" role="progressbar" aria-label="Loading your account">
          <span className="spinner" aria-hidden="true" />
        </div>
      )}
    </section>
  );
}

interface FormViewProps {
  profile: AccountProfile;
  cuisines: string[];
  dietaryTypes: string[];
  onSaved?: (profile: AccountProfile) => void;
}

function SettingsFormView({ profile, cuisines, dietaryTypes, onSaved }: FormViewProps) {
  const [form, setForm] = useState<SettingsForm>(() => profileToForm(profile));
  const [errors, setErrors] = useState<Partial<Record<SettingsField, string>>>({});
  const [serverMessages, setServerMessages] = useState<string[]>([]);
  const update = useUpdateAccount();
  const formRef = useRef<HTMLFormElement>(null);

  const set = <K extends SettingsField>(key: K, value: SettingsForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const text = (key: SettingsField) => ({
    value: form[key] as string,
    error: errors[key],
    onChange: (e: { target: { value: string } }) => set(key, e.target.value as never),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setServerMessages([]);
    const found = validateSettings(form);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      // focus the first field the user must fix
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    update.mutate(formToBody(form), {
      onSuccess: (saved) => {
        setForm(profileToForm(saved));
        notifySuccess(messages.successfullyUpdated);
        onSaved?.(saved);
      },
      onError: (error) => {
        if (!(isApiError(error) && error.status === 422)) notifyError(messages.genericFailure);
        if (isApiError(error) && error.status === 422) {
          const found = error.messages.length ? error.messages : [error.message];
          setServerMessages(found);
          // the API's password answers belong next to their fields
          const byField: Partial<Record<SettingsField, string>> = {};
          for (const m of found) {
            if (m === messages.currentPasswordWrong) byField.currentPassword = m;
            if (m === messages.passwordTooCommon || m === messages.passwordHasContext) byField.password = m;
          }
          if (Object.keys(byField).length > 0) setErrors((e) => ({ ...e, ...byField }));
        }
      },
    });
  };

  return (
    <form ref={formRef} className="settings-form" onSubmit={onSubmit} noValidate>
      <FormSection title="Profile">
        <div className="settings-grid">
          <TextField label="First name" required autoComplete="given-name" maxLength={80} {...text('firstName')} />
          <TextField label="Last name" required autoComplete="family-name" maxLength={80} {...text('lastName')} />
          <TextField
            label="Email"
            type="email"
            value={form.email}
            readOnly
            hint={accountMessages.emailNotEditable}
            className="field-readonly"
          />
          <TextField
            label="Company name"
            required
            autoComplete="organization"
            maxLength={200}
            {...text('companyName')}
          />
          <TextField label="Phone" type="tel" required autoComplete="tel" maxLength={40} {...text('phone')} />
          <TextField label="Address" required autoComplete="address-line1" maxLength={300} {...text('address1')} />
          <TextField label="Suite / unit" optional autoComplete="address-line2" maxLength={200} {...text('address2')} />
          <TextField label="City" required autoComplete="address-level2" maxLength={100} {...text('city')} />
          <TextField label="Postal / ZIP code" required autoComplete="postal-code" maxLength={20} {...text('zip')} />
        </div>
      </FormSection>

      <FormSection
        title="Change password"
        description="Leave these empty to keep your password. A new one needs your current password, 8 to 128 characters, any you like (spaces too). Other devices are signed out when it changes."
      >
        <div className="settings-grid">
          <TextField
            label="Current password"
            type="password"
            autoComplete="current-password"
            optional
            {...text('currentPassword')}
          />
        </div>
        <div className="settings-grid">
          <TextField label="New password" type="password" autoComplete="new-password" optional {...text('password')} />
          <TextField
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            optional
            {...text('passwordConfirmation')}
          />
        </div>
      </FormSection>

      <FormSection title="About you">
        <TextArea
          label="About me"
          maxLength={2000}
          value={form.aboutMe}
          error={errors.aboutMe}
          onChange={(v) => set('aboutMe', v)}
        />
        <TextArea
          label="Default delivery instructions"
          maxLength={1000}
          value={form.defaultDeliveryInstructions}
          error={errors.defaultDeliveryInstructions}
          onChange={(v) => set('defaultDeliveryInstructions', v)}
        />
        <CheckboxGroup
          legend="Favorite cuisines"
          options={cuisines}
          value={form.favoriteCousineTypes}
          error={errors.favoriteCousineTypes}
          onChange={(v) => set('favoriteCousineTypes', v)}
        />
        <CheckboxGroup
          legend="Dietary types"
          options={dietaryTypes}
          value={form.dietaryTypes}
          error={errors.dietaryTypes}
          onChange={(v) => set('dietaryTypes', v)}
        />
      </FormSection>

      <FormSection title="Group order defaults">
        <div className="settings-grid">
          <TextField label="Group order name" optional maxLength={100} {...text('goName')} />
          <TextField label="Head count" type="number" inputMode="numeric" min={1} step={1} {...text('goHeadCount')} />
          <TextField
            label="Budget per person ($)"
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            {...text('goBudget')}
          />
          <TextField
            label="Gap days"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            hint="At least 1 day"
            {...text('goGapDays')}
          />
          <TextField label="Cut-off time" type="time" step={60} {...text('goCutoffTime')} />
          <TextField label="Delivery time" type="time" step={60} {...text('goDeliveryTime')} />
        </div>
      </FormSection>

      {serverMessages.length > 0 ? (
        <div className="form-alert" role="alert">
          <ul>
            {serverMessages.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </div>
      ) : null}

      <div className="settings-actions">
        <Button type="submit" busy={update.isPending}>
          Save changes
        </Button>
      </div>
    </form>
  );
}

function FormSection({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="settings-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {description ? <p className="muted">{description}</p> : null}
      {children}
    </section>
  );
}

function TextArea({
  label,
  value,
  error,
  maxLength,
  onChange,
}: {
  label: string;
  value: string;
  error?: string;
  maxLength: number;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className={['field', error ? 'field-invalid' : ''].filter(Boolean).join(' ')}>
      <label htmlFor={id}>
        {label}
        <span className="field-optional"> (optional)</span>
      </label>
      <textarea
        id={id}
        rows={3}
        maxLength={maxLength}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function CheckboxGroup({
  legend,
  options,
  value,
  error,
  onChange,
}: {
  legend: string;
  options: string[];
  value: string[];
  error?: string;
  onChange: (value: string[]) => void;
}) {
  const chosen = new Set(value);
  return (
    <fieldset className="settings-choices">
      <legend>{legend}</legend>
      {options.length === 0 ? <p className="muted">None available.</p> : null}
      <div className="settings-choice-list">
        {options.map((name) => (
          <label key={name} className="settings-choice">
            <input
              type="checkbox"
              checked={chosen.has(name)}
              onChange={(e) => onChange(e.target.checked ? [...value, name] : value.filter((v) => v !== name))}
            />
            {name}
          </label>
        ))}
      </div>
      {error ? <p className="field-error">{error}</p> : null}
    </fieldset>
  );
}
