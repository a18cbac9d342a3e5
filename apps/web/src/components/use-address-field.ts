import { useState } from 'react';
import { messages } from '@caterway/domain';
import { geocodeAddress, type AddressSuggestion } from '../api/geo';
import { isApiError } from '../lib/api-client';

export interface ResolvedAddress {
  label: string;
  lat: number | null;
  lng: number | null;
}

/**
 * State of an address field with suggestions: the text, the coordinates of a chosen suggestion
 * (cleared when the text changes) and the field's error. `resolve` turns it into an address with
 * coordinates: a chosen suggestion as it is, typed text through the geocoder. A too-broad address
 * is always refused ('Your search is too broad, please enter in a street address.'); with
 * `strict` an address that cannot be placed is refused too, otherwise it continues without
 * coordinates (browse-account-orders §8: 'Geocode failure on the address form: silently continues').
 */
export function useAddressField(initial: { address: string; lat: number | null; lng: number | null }) {
  const [address, setAddress] = useState(initial.address);
  const [coords, setCoords] = useState<{ lat: number | null; lng: number | null }>({
    lat: initial.lat,
    lng: initial.lng,
  });
  const [error, setError] = useState<string | null>(null);
  const [resolving, setResolving] = useState(false);

  const fieldProps = {
    value: address,
    error,
    onChange: (text: string) => {
      setAddress(text);
      setCoords({ lat: null, lng: null });
      setError(null);
    },
    onSelect: (s: AddressSuggestion) => {
      setAddress(s.label);
      setCoords({ lat: s.latitude, lng: s.longitude });
      setError(null);
    },
  };

  async function resolve({ strict }: { strict: boolean }): Promise<ResolvedAddress | null> {
    const text = address.trim();
    setError(null);
    if (coords.lat !== null && coords.lng !== null) return { label: text, lat: coords.lat, lng: coords.lng };
    setResolving(true);
    try {
      const found = await geocodeAddress(text);
      return { label: found.label || text, lat: found.latitude, lng: found.longitude };
    } catch (err) {
      if (isApiError(err) && err.status === 422) {
        setError(err.serverError ?? messages.tooBroad);
        return null;
      }
      if (!strict) return { label: text, lat: null, lng: null };
      setError(
        isApiError(err) && err.status === 404 ? (err.serverError ?? messages.addressNotFound) : messages.genericFailure,
      );
      return null;
    } finally {
      setResolving(false);
    }
  }

  return { address, error, resolving, fieldProps, resolve };
}
