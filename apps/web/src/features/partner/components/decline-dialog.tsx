import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { declineReasons, partnerAnswerBodySchema, partnerMessages, type DeclineReason } from '@caterway/contracts';
import { messages } from '@caterway/domain';
import { Button, ErrorList, Modal, ModalActions } from '@caterway/ui';

const reasons = Object.entries(declineReasons) as [DeclineReason, string][];
const NOTE_MAX = 500;

export interface DeclineInput {
  reason: DeclineReason;
  note: string;
}

/**
 * Declining an order: a reason from the contract's list (the customer is told its label) and a
 * note, which 'Another reason' needs (the contract's rule and message). The radios are one
 * native group (arrow keys move the choice); the dialog is the UI kit's (focus kept inside,
 * Escape closes, focus goes back to the Decline button).
 */
export function DeclineDialog({
  orderNumber,
  requestId,
  busy,
  serverErrors,
  onDecline,
  onClose,
}: {
  orderNumber: string;
  requestId: number;
  busy: boolean;
  /** the API's refusal (422 messages), shown above the buttons */
  serverErrors: string[];
  onDecline: (input: DeclineInput) => void;
  onClose: () => void;
}) {
  return (
    <Modal
      title={`Decline ${orderNumber}?`}
      description="The customer is told the reason you choose, with your note."
      onClose={onClose}
      size="wide"
    >
      <DeclineForm
        requestId={requestId}
        busy={busy}
        serverErrors={serverErrors}
        onDecline={onDecline}
        actions={(submit) => (
          <ModalActions>
            <Button variant="secondary" onClick={onClose}>
              Keep the order
            </Button>
            {submit}
          </ModalActions>
        )}
      />
    </Modal>
  );
}

/**
 * The reasons and the note, checked with the contract's rules: in the portal's dialog, and on the
 * page of an email's Decline link. `actions` places the submit button among the caller's own.
 */
export function DeclineForm({
  requestId,
  busy,
  serverErrors,
  onDecline,
  actions,
}: {
  /** the request answered (the portal's); an email link's page has none (its token names it) */
  requestId?: number;
  busy: boolean;
  serverErrors: string[];
  onDecline: (input: DeclineInput) => void;
  actions: (submit: ReactNode) => ReactNode;
}) {
  const [reason, setReason] = useState<DeclineReason | null>(null);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; note?: string }>({});
  const reasonErrorId = useId();
  const noteId = useId();
  const noteHintId = useId();
  const noteErrorId = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setErrors({ reason: partnerMessages.declineReasonNeeded });
      document.querySelector<HTMLInputElement>('input[name="decline-reason"]')?.focus();
      return;
    }
    // the contract's own check: a note for 'other', 500 characters at most
    const parsed = partnerAnswerBodySchema.safeParse({ answer: 'decline', request_id: requestId ?? 1, reason, note });
    if (!parsed.success) {
      const noteIssue = parsed.error.issues.find((issue) => issue.path[0] === 'note');
      setErrors({ note: noteIssue?.message ?? messages.genericFailure });
      document.getElementById(noteId)?.focus();
      return;
    }
    setErrors({});
    onDecline({ reason, note: note.trim() });
  };

  const noteRequired = reason === 'other';
  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <fieldset
        className="partner-reasons partner-reasons-two"
        aria-invalid={errors.reason ? true : undefined}
        aria-describedby={errors.reason ? reasonErrorId : undefined}
      >
        <legend>Why are you declining it?</legend>
        {reasons.map(([key, label]) => (
          <label key={key} className="partner-radio">
            <input
              type="radio"
              name="decline-reason"
              value={key}
              checked={reason === key}
              onChange={() => {
                setReason(key);
                setErrors((e) => ({ ...e, reason: undefined }));
              }}
            />
            <span>{label}</span>
          </label>
        ))}
        {errors.reason ? (
          <p id={reasonErrorId} className="field-error">
            {errors.reason}
          </p>
        ) : null}
      </fieldset>
      <div className={errors.note ? 'field partner-note-field field-invalid' : 'field partner-note-field'}>
        <label htmlFor={noteId}>
          Note to the customer
          {noteRequired ? null : <span className="field-optional"> (optional)</span>}
        </label>
        <textarea
          id={noteId}
          rows={3}
          maxLength={NOTE_MAX}
          value={note}
          aria-required={noteRequired || undefined}
          aria-invalid={errors.note ? true : undefined}
          aria-describedby={[noteHintId, errors.note ? noteErrorId : ''].filter(Boolean).join(' ')}
          onChange={(e) => {
            setNote(e.target.value);
            setErrors((er) => ({ ...er, note: undefined }));
          }}
        />
        <p id={noteHintId} className="field-hint">
          {noteRequired ? 'Needed for another reason: tell the customer why.' : 'A few words the customer reads.'}
        </p>
        {errors.note ? (
          <p id={noteErrorId} className="field-error">
            {errors.note}
          </p>
        ) : null}
      </div>
      <ErrorList messages={serverErrors} />
      {actions(
        <Button type="submit" variant="danger" busy={busy}>
          Decline order
        </Button>,
      )}
    </form>
  );
}
