import { useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { messages } from '@caterway/domain';
import { Button, Modal, TextField } from '@caterway/ui';
import { geocodeAddress } from '../../../api/geo';
import { AddressAutocomplete } from '../../../components/address-autocomplete';
import { isApiError } from '../../../lib/api-client';
import { closeModal, openModal } from '../../../stores/modals';
import { notifyError } from '../../../stores/notifications';
import { useSignUp, type SignUpInput } from '../api/sign-up';
import { pendingConfirmationStore } from '../pending-confirmation';
import {
  emptySignUpValues,
  PASSWORD_HINT,
  validateSignUp,
  type SignUpErrors,
  type SignUpField,
  type SignUpValues,
} from '../sign-up-validation';

export function SignUpModal() {
  const [values, setValues] = useState<SignUpValues>(emptySignUpValues);
  const [coords, setCoords] = useState<{ latitude: number; longitude: number } | null>(null);
  const [errors, setErrors] = useState<SignUpErrors>({});
  const [geocoding, setGeocoding] = useState(false);
  const signUp = useSignUp();
  const location = useLocation();
  const ref = new URLSearchParams(location.search).get('ref') ?? undefined;

  const set = (field: SignUpField) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateSignUp(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid();
      return;
    }
    // A geocoded address is required (ordering-payments §5): use the chosen suggestion's
    // coordinates, or geocode the typed address now.
    let point = coords;
    if (!point) {
      setGeocoding(true);
      try {
        const address = await geocodeAddress(values.address1.trim());
        point = { latitude: address.latitude, longitude: address.longitude };
        setCoords(point);
      } catch (err) {
        setGeocoding(false);
        const message =
          isApiError(err) && err.status === 422
            ? (err.serverError ?? messages.tooBroad)
            : isApiError(err) && err.status === 404
              ? messages.addressNotFound
              : messages.genericFailure;
        setErrors({ address1: message });
        focusFirstInvalid();
        return;
      }
      setGeocoding(false);
    }
    const input: SignUpInput = {
      ...values,
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: values.email.trim(),
      phone: values.phone.trim(),
      companyName: values.companyName.trim(),
      address1: values.address1.trim(),
      address2: values.address2.trim(),
      latitude: point.latitude,
      longitude: point.longitude,
      ...(ref ? { ref } : {}),
    };
    signUp.mutate(input, {
      // The answer is the same whether or not the email already has an account (docs/decisions/029):
      // a new account is never confirmed yet, so the sign-in modal opens (ordering-payments §4
      // 'Otherwise the sign-in modal opens'), saying where the confirmation link went.
      onSuccess: () => {
        pendingConfirmationStore.set(input.email);
        openModal('signIn');
      },
      onError: (err) => {
        // ordering-payments §8: sign-up failure shows the server messages joined by commas.
        const text = isApiError(err)
          ? err.messages.length > 0
            ? err.messages.join(', ')
            : (err.serverError ?? messages.genericFailure)
          : messages.genericFailure;
        notifyError(text);
      },
    });
  };

  return (
    <Modal title="Sign Up" onClose={closeModal}>
      <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <div className="form-row">
          <TextField
            label="First name"
            name="firstName"
            autoComplete="given-name"
            required
            value={values.firstName}
            error={errors.firstName}
            onChange={set('firstName')}
          />
          <TextField
            label="Last name"
            name="lastName"
            autoComplete="family-name"
            required
            value={values.lastName}
            error={errors.lastName}
            onChange={set('lastName')}
          />
        </div>
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={values.email}
          error={errors.email}
          onChange={set('email')}
        />
        <TextField
          label="Phone"
          type="tel"
          name="phone"
          autoComplete="tel"
          required
          value={values.phone}
          error={errors.phone}
          onChange={set('phone')}
        />
        <TextField
          label="Company name"
          name="companyName"
          autoComplete="organization"
          optional
          value={values.companyName}
          error={errors.companyName}
          onChange={set('companyName')}
        />
        <AddressAutocomplete
          label="Address"
          name="address1"
          required
          placeholder="Street address, city"
          value={values.address1}
          error={errors.address1}
          onChange={(text) => {
            setValues((v) => ({ ...v, address1: text }));
            setCoords(null);
          }}
          onSelect={(s) => {
            setValues((v) => ({ ...v, address1: s.label }));
            setCoords({ latitude: s.latitude, longitude: s.longitude });
            setErrors((e) => ({ ...e, address1: undefined }));
          }}
        />
        <TextField
          label="Suite / unit"
          name="address2"
          autoComplete="address-line2"
          optional
          value={values.address2}
          error={errors.address2}
          onChange={set('address2')}
        />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="new-password"
          required
          hint={PASSWORD_HINT}
          value={values.password}
          error={errors.password}
          onChange={set('password')}
        />
        <TextField
          label="Confirm password"
          type="password"
          name="passwordConfirmation"
          autoComplete="new-password"
          required
          value={values.passwordConfirmation}
          error={errors.passwordConfirmation}
          onChange={set('passwordConfirmation')}
        />
        <Button type="submit" block busy={geocoding || signUp.isPending}>
          Create account
        </Button>
        <div className="form-links">
          <p>
            Already have an account?{' '}
            <button type="button" className="link-button" onClick={() => openModal('signIn')}>
              Sign In
            </button>
          </p>
        </div>
      </form>
    </Modal>
  );
}

function focusFirstInvalid() {
  requestAnimationFrame(() => document.querySelector<HTMLElement>('[role="dialog"] [aria-invalid="true"]')?.focus());
}
