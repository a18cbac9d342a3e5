import { useState, type FormEvent } from 'react';
import { formatCents, isValidEmail, messages } from '@caterway/domain';
import { Button, Modal, TextField } from '@caterway/ui';
import { isApiError } from '../../../lib/api-client';
import { useSessionUser } from '../../../stores/session';
import { createSuggestion, type MenuSuggestion } from '../api/create-suggestion';

// The suggestion bot's dialog (ordering-payments §4, §5): form (email valid and required,
// request message required), then preparing, then the server's message with View Suggestion.

type Step =
  | { kind: 'form' }
  | { kind: 'preparing' }
  | { kind: 'done'; message: string; suggestion: MenuSuggestion; showing: boolean };

export function SuggestionDialog({
  presetId,
  presetName,
  onClose,
}: {
  presetId: number;
  presetName: string;
  onClose: () => void;
}) {
  const user = useSessionUser();
  const [email, setEmail] = useState(user?.email ?? '');
  const [request, setRequest] = useState('');
  const [errors, setErrors] = useState<{ email?: string; request?: string; form?: string }>({});
  const [step, setStep] = useState<Step>({ kind: 'form' });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const next = {
      email: email.trim() === '' ? messages.required : isValidEmail(email.trim()) ? undefined : messages.invalidEmail,
      request: request.trim() === '' ? messages.required : undefined,
    };
    setErrors(next);
    if (next.email || next.request) return;
    setStep({ kind: 'preparing' });
    try {
      const { message, suggestion } = await createSuggestion(presetId, {
        email: email.trim(),
        requestMessage: request.trim(),
      });
      setStep({ kind: 'done', message, suggestion, showing: false });
    } catch (error) {
      setStep({ kind: 'form' });
      setErrors({
        form: isApiError(error)
          ? (error.messages[0] ?? error.serverError ?? messages.genericFailure)
          : messages.genericFailure,
      });
    }
  };

  return (
    <Modal
      title="Menu suggestion"
      description={`Tell us about your event and we will suggest a menu from ${presetName}.`}
      onClose={onClose}
    >
      {step.kind === 'form' ? (
        <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            required
            value={email}
            error={errors.email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <div className={`field${errors.request ? ' field-invalid' : ''}`}>
            <label htmlFor="suggestion-request">Request message</label>
            <textarea
              id="suggestion-request"
              rows={4}
              maxLength={2000}
              required
              aria-invalid={errors.request ? true : undefined}
              aria-describedby={errors.request ? 'suggestion-request-error' : 'suggestion-request-hint'}
              value={request}
              onChange={(e) => setRequest(e.target.value)}
            />
            <p id="suggestion-request-hint" className="field-hint">
              For example: lunch for 25 people, 4 vegetarian and 2 gluten free.
            </p>
            {errors.request ? (
              <p id="suggestion-request-error" className="field-error">
                {errors.request}
              </p>
            ) : null}
          </div>
          {errors.form ? (
            <p className="form-alert" role="alert">
              {errors.form}
            </p>
          ) : null}
          <Button type="submit" block>
            Send request
          </Button>
        </form>
      ) : null}
      {step.kind === 'preparing' ? (
        <p className="suggestion-preparing" role="status">
          <span className="spinner" aria-hidden="true" /> {messages.suggestionPreparing}
        </p>
      ) : null}
      {step.kind === 'done' ? (
        <div className="suggestion-result">
          <p role="status">{step.message}</p>
          {step.showing ? (
            <SuggestionView suggestion={step.suggestion} />
          ) : (
            <Button data-autofocus onClick={() => setStep({ ...step, showing: true })}>
              View Suggestion
            </Button>
          )}
        </div>
      ) : null}
    </Modal>
  );
}

function SuggestionView({ suggestion }: { suggestion: MenuSuggestion }) {
  const t = suggestion.totals;
  return (
    <section className="suggestion-view" aria-label="Suggested menu">
      <p>
        For {suggestion.headCount} {suggestion.headCount === 1 ? 'person' : 'people'}
        {suggestion.dietaryNeeds.length > 0 ? ` · ${suggestion.dietaryNeeds.join(', ')}` : ''} ·{' '}
        {formatCents(suggestion.pricePerPersonCents)} per person
      </p>
      <table className="suggestion-table">
        <thead>
          <tr>
            <th scope="col">Dish</th>
            <th scope="col">Qty</th>
            <th scope="col">Price</th>
          </tr>
        </thead>
        <tbody>
          {suggestion.lines.map((line) => (
            <tr key={line.menuId}>
              <th scope="row">
                {line.name}
                <span className="muted"> · {line.chefName}</span>
              </th>
              <td>{line.quantity}</td>
              <td>{formatCents(line.lineSubtotalCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="cart-totals">
        <div>
          <dt>Subtotal</dt>
          <dd>{formatCents(t.subtotalCents)}</dd>
        </div>
        <div>
          <dt>Delivery Fee</dt>
          <dd>{formatCents(t.deliveryFeeCents)}</dd>
        </div>
        <div>
          <dt>
            {t.taxName} {t.taxRate.toFixed(3)}%
          </dt>
          <dd>{formatCents(t.taxCents)}</dd>
        </div>
        <div className="order-summary-total">
          <dt>Total</dt>
          <dd>{formatCents(t.totalCents)}</dd>
        </div>
      </dl>
      {suggestion.notes.length > 0 ? (
        <ul className="suggestion-notes">
          {suggestion.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
