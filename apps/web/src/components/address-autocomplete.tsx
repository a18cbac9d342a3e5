import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { MIN_SUGGESTION_QUERY, suggestionsQueryOptions, type AddressSuggestion } from '../api/geo';
import { useDebouncedValue } from '../lib/use-debounced-value';

export interface AddressAutocompleteProps {
  label: string;
  value: string;
  /** Typing: the text changed and any earlier chosen suggestion no longer applies. */
  onChange: (text: string) => void;
  onSelect: (suggestion: AddressSuggestion) => void;
  error?: string | null;
  hint?: string;
  name?: string;
  required?: boolean;
  placeholder?: string;
  /** Focus the input when it appears (a form opened by the user's own action). */
  focusOnMount?: boolean;
  /** Visually hide the label (it is still the accessible name). */
  hideLabel?: boolean;
  className?: string;
}

/**
 * Address field with suggestions, following the ARIA combobox pattern (list autocomplete):
 * Down/Up move through the options, Enter picks the highlighted one, Escape closes the list,
 * and a live region says how many suggestions there are.
 */
export function AddressAutocomplete(props: AddressAutocompleteProps) {
  const {
    label,
    value,
    onChange,
    onSelect,
    error,
    hint,
    name,
    required,
    placeholder,
    focusOnMount,
    hideLabel,
    className,
  } = props;
  const id = useId();
  const listId = `${id}-list`;
  const input = useRef<HTMLInputElement>(null);
  // on mount only, as the autofocus attribute would
  const focusFirst = useRef(focusOnMount);
  useEffect(() => {
    if (focusFirst.current) input.current?.focus();
  }, []);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const debounced = useDebouncedValue(value.trim(), 250);
  const { data, isFetching } = useQuery({
    ...suggestionsQueryOptions(debounced),
    enabled: open && debounced.length >= MIN_SUGGESTION_QUERY,
  });
  const suggestions = open && debounced.length >= MIN_SUGGESTION_QUERY ? (data?.suggestions ?? []) : [];
  const expanded = open && suggestions.length > 0;
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

  const choose = (suggestion: AddressSuggestion) => {
    onSelect(suggestion);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!open) setOpen(true);
      if (suggestions.length > 0) setActive((i) => (i + 1) % suggestions.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      if (suggestions.length > 0) setActive((i) => (i <= 0 ? suggestions.length - 1 : i - 1));
    } else if (event.key === 'Enter') {
      const pick = expanded && active >= 0 ? suggestions[active] : undefined;
      if (pick) {
        event.preventDefault();
        choose(pick);
      }
    } else if (event.key === 'Escape') {
      if (expanded) {
        // Close the list only; the surrounding modal stays open.
        event.preventDefault();
        event.stopPropagation();
        event.nativeEvent.stopImmediatePropagation();
        setOpen(false);
        setActive(-1);
      }
    }
  };

  const status =
    !open || debounced.length < MIN_SUGGESTION_QUERY || isFetching
      ? ''
      : suggestions.length === 0
        ? 'No matching addresses'
        : `${suggestions.length} address suggestion${suggestions.length === 1 ? '' : 's'} available. Use the up and down arrows to choose.`;

  return (
    <div className={['field', 'combobox', error ? 'field-invalid' : '', className ?? ''].filter(Boolean).join(' ')}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : undefined}>
        {label}
      </label>
      <div className="combobox-wrap">
        <input
          id={id}
          name={name}
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          aria-required={required || undefined}
          ref={input}
          placeholder={placeholder}
          value={value}
          onChange={(event) => {
            onChange(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            setOpen(false);
            setActive(-1);
          }}
        />
        <ul id={listId} role="listbox" aria-label={`${label} suggestions`} className="combobox-list" hidden={!expanded}>
          {suggestions.map((s, i) => (
            <li
              key={`${s.label}-${i}`}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className="combobox-option"
              // mousedown keeps focus in the input so the blur does not close the list first
              onMouseDown={(event) => {
                event.preventDefault();
                choose(s);
              }}
              onMouseEnter={() => setActive(i)}
            >
              {s.label}
            </li>
          ))}
        </ul>
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
      <p className="visually-hidden" role="status" aria-live="polite">
        {status}
      </p>
    </div>
  );
}
