import { useState, type FormEvent } from 'react';
import { messages } from '@caterway/domain';
import { AddressAutocomplete } from '../../../components/address-autocomplete';
import { Button } from '../../../components/ui/button';
import { geocodeAddress } from '../../../api/geo';
import { isApiError } from '../../../lib/api-client';
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

export function AddressSearchForm({ onDone, submitLabel = 'Find caterers', secondary, fieldLabel = 'Office address' }: AddressSearchFormProps) {
  const { info, receivingMethod } = useDelivery();
  const [address, setAddress] = useState(info.address);
  const [coords, setCoords] = useState<{ lat: number | null; lng: number | null }>({ lat: info.lat, lng: info.lng });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const text = address.trim();
    if (!text) return;
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const done = secondary && submitter?.dataset.action === 'secondary' ? secondary.onDone : onDone;
    let { lat, lng } = coords;
    let label = text;
    if (lat === null || lng === null) {
      setBusy(true);
      try {
        const found = await geocodeAddress(text);
        lat = found.latitude;
        lng = found.longitude;
        label = found.label || text;
      } catch (err) {
        if (isApiError(err) && err.status === 422) {
          setBusy(false);
          setError(err.serverError ?? messages.tooBroad);
          return;
        }
        // Silently continue without coordinates.
      }
      setBusy(false);
    }
    saveDelivery({ ...info, address: label, lat, lng }, receivingMethod);
    done();
  };

  return (
    <form className={secondary ? 'address-search address-search-two' : 'address-search'} onSubmit={onSubmit} noValidate>
      <AddressAutocomplete
        className="address-search-field"
        label={fieldLabel}
        hideLabel
        required
        placeholder="Enter your office address"
        value={address}
        error={error}
        onChange={(text) => {
          setAddress(text);
          setCoords({ lat: null, lng: null });
          setError(null);
        }}
        onSelect={(s) => {
          setAddress(s.label);
          setCoords({ lat: s.latitude, lng: s.longitude });
          setError(null);
        }}
      />
      <Button type="submit" disabled={address.trim() === ''} busy={busy} className="address-search-submit">
        {submitLabel}
      </Button>
      {secondary ? (
        <Button type="submit" variant="secondary" data-action="secondary" disabled={address.trim() === '' || busy} className="address-search-submit">
          {secondary.label}
        </Button>
      ) : null}
    </form>
  );
}
