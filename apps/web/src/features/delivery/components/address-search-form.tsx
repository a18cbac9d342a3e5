import type { FormEvent } from 'react';
import { Button } from '@caterway/ui';
import { AddressAutocomplete } from '../../../components/address-autocomplete';
import { useAddressField } from '../../../components/use-address-field';
import { saveDelivery, useDelivery } from '../delivery-store';

/**
 * The home page's address form (browse-account-orders §5 'Home address form'): the button is
 * disabled while the address is empty; a too-broad address is refused; any other geocode
 * failure continues without coordinates (§8). Saves the address into the delivery details.
 */
export interface AddressSearchFormProps {
  onDone: () => void;
  submitLabel?: string;
  /** A second submit button (the landing page: browse presets instead of restaurants). */
  secondary?: { label: string; onDone: () => void };
  /** Accessible name of the address field. */
  fieldLabel?: string;
}

export function AddressSearchForm({
  onDone,
  submitLabel = 'Find caterers',
  secondary,
  fieldLabel = 'Office address',
}: AddressSearchFormProps) {
  const { info, receivingMethod } = useDelivery();
  const field = useAddressField({ address: info.address, lat: info.lat, lng: info.lng });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!field.address.trim()) return;
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const done = secondary && submitter?.dataset.action === 'secondary' ? secondary.onDone : onDone;
    const resolved = await field.resolve({ strict: false });
    if (!resolved) return;
    saveDelivery({ ...info, address: resolved.label, lat: resolved.lat, lng: resolved.lng }, receivingMethod);
    done();
  };

  return (
    <form
      className={secondary ? 'address-search address-search-two' : 'address-search'}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
    >
      <AddressAutocomplete
        className="address-search-field"
        label={fieldLabel}
        hideLabel
        required
        placeholder="Enter your office address"
        {...field.fieldProps}
      />
      <Button
        type="submit"
        disabled={field.address.trim() === ''}
        busy={field.resolving}
        className="address-search-submit"
      >
        {submitLabel}
      </Button>
      {secondary ? (
        <Button
          type="submit"
          variant="secondary"
          data-action="secondary"
          disabled={field.address.trim() === '' || field.resolving}
          className="address-search-submit"
        >
          {secondary.label}
        </Button>
      ) : null}
    </form>
  );
}
