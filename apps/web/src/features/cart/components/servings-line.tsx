import { useId, useState } from 'react';
import { servingsText } from '@caterway/domain';
import { Button } from '@caterway/ui';
import { headcountInput, parseHeadcount, setHeadcount, useHeadcount } from '../../../stores/headcount';
import { scaleCart, servingsOf } from '../cart-model';
import { useCartSource } from '../cart-source';
import type { CartLine, Preset } from '../types';

// Headcount first (issue 20, decision 070): by the cart, "How many people?", whom the cart feeds
// against it ("Serves 42 · you need 40"), and a warning with a one-click fix when it feeds fewer.
// A cart nobody edited follows the headcount by itself (cart-store's starting lines); an edited
// one is re-scaled from its own quantities when the headcount changes here. The field's markup
// is packages/ui's TextField's, inline: its chunk would cost these pages 0.4 KB of their budget.

export function ServingsLine({ preset, lines }: { preset: Preset; lines: CartLine[] }) {
  const people = useHeadcount();
  const source = useCartSource();
  const shown = people === null ? '' : String(people);
  const [draft, setDraft] = useState(shown);
  // the headcount changed elsewhere (the delivery bar, another tab): the field follows it
  const [was, setWas] = useState(shown);
  if (was !== shown) {
    setWas(shown);
    setDraft(shown);
  }
  const [error, setError] = useState(false);
  const id = useId();
  const servings = servingsOf(preset, lines);
  const scaleTo = (n: number) => source.write(preset, scaleCart(preset, source.read(preset).lines, n));

  const commit = () => {
    const n = parseHeadcount(draft);
    setError(n === null && draft !== '');
    if (n === null || n === people) return;
    const edited = source.read(preset).savedAt !== null;
    setHeadcount(n);
    if (edited) scaleTo(n);
  };

  return (
    <div className="cart-note">
      <div className={error ? 'field field-invalid' : 'field'}>
        <label htmlFor={id}>How many people?</label>
        <input
          id={id}
          {...headcountInput}
          value={draft}
          aria-invalid={error || undefined}
          aria-describedby={error ? `${id}e` : undefined}
          onChange={(e) => setDraft(e.target.value.trim())}
          onBlur={commit}
          onKeyDown={(e) => e.key === 'Enter' && commit()}
        />
        {error ? (
          <p id={`${id}e`} className="field-error">
            Enter a whole number from 1 to 2,000.
          </p>
        ) : null}
      </div>
      {people === null ? null : servings < people ? (
        <div role="alert" className="form-alert">
          <p>
            {servingsText(servings, people)}: this order feeds {people - servings} fewer people than you need.
          </p>
          <Button className="btn-sm" onClick={() => scaleTo(people)}>
            Scale to {people} people
          </Button>
        </div>
      ) : (
        <p role="status">{servingsText(servings, people)}</p>
      )}
    </div>
  );
}
